/**
 * The backup and restore of docs/operations.md, as an operator runs it: a seeded portal (demo data, ledger activity,
 * an uploaded photo and ID) dumped with the real `pg_dump -Fc`, restored with `pg_restore` into a new database, and
 * the files folder copied beside it. The restored portal has the same members, the same ledger balances and every
 * file its rows name. Runs in the "postgres" Vitest project only (it needs PostgreSQL's client tools).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Db, openDatabase, queryRows, schema } from '@portal/db';
import { demoPeople, seed } from '@portal/db/seed';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, signIn } from '../test/harness';
import { freshPostgresDatabase } from '../test/portal-process';
import { createIndividual } from '../test/profile';
import { balanceCents, checkLedgerInvariants, postPayment, raiseInvoice } from './modules/billing/index';
import { directoryStorage } from './shared/storage';

const work = mkdtempSync(path.join(tmpdir(), 'portal-backup-'));
const source = await freshPostgresDatabase('portal_backup_source');
const restored = await freshPostgresDatabase('portal_backup_restored');
// Registered first, so it runs after the harness has closed both apps and their pools.
afterAll(async () => {
  await source.drop();
  await restored.drop();
  rmSync(work, { recursive: true, force: true });
}, 30_000);

const filesDir = path.join(work, 'files');
const sourceDatabase = await openDatabase({ url: source.url, poolSize: 4 });
const t = await createTestApp({ filesDir }, { database: sourceDatabase });
await seed(t.db, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, demo: true });

const jane = demoPeople.find((p) => p.memberNo === 'ERB1001');
if (!jane?.password) throw new Error('the demo data has no ERB1001 with a password');

/** Members as the register has them: number, names, category and status. */
const members = (db: Db) =>
  queryRows<Record<string, string>>(
    db,
    sql`select p.member_no, p.first_name, p.last_name, p.email, m.category_code, m.status
        from profiles p join memberships m on m.profile_id = p.profile_id where p.member_no is not null order by p.member_no`,
  );
/** Every profile's balance and open amount, from the ledger. */
const balances = (db: Db) =>
  queryRows<Record<string, string>>(
    db,
    sql`select profile_id, sum(amount_cents)::text as balance, sum(remaining_cents)::text as remaining, count(*)::int as entries
        from ledger_entries group by profile_id order by profile_id`,
  );
const fileRows = (db: Db) => db.select().from(schema.files).orderBy(schema.files.id);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('backup with pg_dump -Fc and the files folder, restore with pg_restore', () => {
  it('gives back the same members, ledger balances and files', async () => {
    // Ledger activity on top of the demo's: a new invoice and a part payment, posted as the portal posts them.
    const [janeProfile] = await queryRows<{ profile_id: string }>(t.db, sql`select profile_id from profiles where member_no = 'ERB1001'`);
    const invoice = await raiseInvoice(t.db, {
      profileId: janeProfile.profile_id,
      purpose: 'subscription',
      description: 'Annual subscription (backup test)',
      amountCents: 500_000,
      externalDocumentNo: null,
    });
    await postPayment(t.db, {
      profileId: janeProfile.profile_id,
      amountCents: 123_400,
      method: 'BANK',
      reference: 'BACKUP-TEST-1',
      invoiceNo: invoice.documentNo,
    });
    const janeBalance = await balanceCents(t.db, janeProfile.profile_id);
    expect(janeBalance).toBeGreaterThan(0);
    // Uploaded files: a photo and an ID (PDF) through the API, kept in the files folder.
    const uploader = await createIndividual(t);
    const sourceFiles = await fileRows(t.db);
    expect(sourceFiles.filter((f) => f.profileId === uploader.profileId).length).toBeGreaterThanOrEqual(2);
    const sourceMembers = await members(t.db);
    expect(sourceMembers.length).toBeGreaterThanOrEqual(demoPeople.length);
    const sourceBalances = await balances(t.db);

    // The backup: the database as one custom-format dump, then the files folder (docs/operations.md).
    const dump = path.join(work, 'portal.dump');
    const started = Date.now();
    execFileSync('pg_dump', ['-Fc', '-f', dump, '-d', source.url], { stdio: 'pipe', timeout: 120_000 });
    const backupFiles = path.join(work, 'files-backup');
    cpSync(filesDir, backupFiles, { recursive: true });
    expect(statSync(dump).size).toBeGreaterThan(0);

    // The restore: into a new, empty database, and the folder copied back where the restored portal reads it.
    execFileSync('pg_restore', ['--no-owner', '--exit-on-error', '-d', restored.url, dump], { stdio: 'pipe', timeout: 120_000 });
    const restoredFilesDir = path.join(work, 'files-restored');
    cpSync(backupFiles, restoredFilesDir, { recursive: true });
    console.log(`[backup] pg_dump of ${statSync(dump).size} bytes, restored in ${Date.now() - started} ms`);

    // Read before any portal opens it: what the dump brought back, untouched.
    const restoredDatabase = await openDatabase({ url: restored.url, poolSize: 4 });
    const migrationsApplied = (db: Db) => queryRows<{ hash: string }>(db, sql`select hash from drizzle.__drizzle_migrations order by id`);
    expect(await migrationsApplied(restoredDatabase.db)).toEqual(await migrationsApplied(t.db));
    expect(await members(restoredDatabase.db)).toEqual(sourceMembers);
    expect(await balances(restoredDatabase.db)).toEqual(sourceBalances);
    expect(await checkLedgerInvariants(restoredDatabase.db)).toEqual([]);

    // Every file row points at bytes in the restored folder, the same bytes as before.
    const restoredFiles = await fileRows(restoredDatabase.db);
    expect(restoredFiles).toEqual(sourceFiles);
    const before = directoryStorage(filesDir);
    const after = directoryStorage(restoredFilesDir);
    for (const file of restoredFiles) {
      const bytes = await after.get(file.storageKey);
      expect(bytes, file.storageKey).not.toBeNull();
      expect(bytes?.length).toBe(file.size);
      expect(sha256(bytes as Buffer)).toBe(sha256((await before.get(file.storageKey)) as Buffer));
    }

    // The restored portal answers as the old one did: a demo member's balance, an applicant's photo.
    const r = await createTestApp({ filesDir: restoredFilesDir }, { database: restoredDatabase });
    const janeToken = await signIn(r, jane.email, jane.password as string);
    const balance = await r.call('GET', '/api/billing/balance', { token: janeToken });
    expect(balance.status).toBe(200);
    expect(Math.round(balance.body.data.BalanceLCY * 100)).toBe(janeBalance);
    const photoRow = restoredFiles.find((f) => f.profileId === uploader.profileId && f.contentType.startsWith('image/'));
    const photo = await r.call('GET', `/api/files/${photoRow?.id}`, { token: await signIn(r, uploader.user.email) });
    expect(photo.status).toBe(200);
    expect(sha256(Buffer.from(photo.body.data.base64, 'base64'))).toBe(
      sha256(readFileSync(path.join(filesDir, ...(photoRow?.storageKey ?? '').split('/')))),
    );

    // Numbering goes on where it stopped (sequences and counters came back with the data).
    const next = await raiseInvoice(r.db, {
      profileId: janeProfile.profile_id,
      purpose: 'subscription',
      description: 'After the restore',
      amountCents: 100,
      externalDocumentNo: null,
    });
    expect(next.documentNo > invoice.documentNo).toBe(true);
    expect(existsSync(path.join(restoredFilesDir, uploader.profileId))).toBe(true);
  }, 120_000);
});
