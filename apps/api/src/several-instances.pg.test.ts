/**
 * Two real portal processes (`tsx apps/api/src/main.ts`, each on its own port) on one new PostgreSQL database, with
 * every background job on in both and short intervals, and e-mail going to an SMTP server in this process: they must
 * behave as one portal (issue 15, decision 039). Runs in the "postgres" Vitest project only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodeBase64, REQUIRED_REFEREES } from '@portal/contract';
import { openDatabase, queryRows, schema } from '@portal/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createMember, createTestApp } from '../test/harness';
import { completeSignIn } from '../test/mfa';
import { paymentRequest } from '../test/payments';
import { type Answer, call, freshPostgresDatabase, type PortalProcess, sleep, smtpSink, startPortal, until } from '../test/portal-process';
import { createIndividual } from '../test/profile';
import { addReferee } from '../test/referees';
import { statusUrl, submittedApplicant } from '../test/review';
import { freePort } from '../test/throwaway-postgres';
import { checkLedgerInvariants, raiseInvoice } from './modules/billing/index';

/** How long another instance may keep the minor settings it read (shared/organisation.ts, CACHE_MS). */
const SETTINGS_CACHE_MS = 5_000;

const target = await freshPostgresDatabase('portal_instances');
const sink = await smtpSink();
const filesDir = mkdtempSync(path.join(tmpdir(), 'portal-instances-'));
let a: PortalProcess | undefined;
let b: PortalProcess | undefined;
let cleaned = false;
async function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  a?.kill();
  b?.kill();
  await sink.close();
  await target.drop();
  rmSync(filesDir, { recursive: true, force: true });
}
// Registered first, so it runs last (after the harness has closed its app and pool).
afterAll(cleanUp, 30_000);

const env = (name: string): Record<string, string> => ({
  NODE_ENV: 'development',
  DATABASE_URL: target.url,
  DATABASE_POOL_SIZE: '4',
  // Both behind one address, as behind a load balancer; uploads in one folder both reach.
  PUBLIC_URL: 'http://portal.test',
  DATA_DIR: filesDir,
  FILES_DIR: path.join(filesDir, 'files'),
  SEED_DEMO: 'off',
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  SMTP_URL: sink.url,
  // Each instance signs its mail with its own sender, so the sink knows who sent what.
  MAIL_FROM: `Portal ${name} <instance-${name}@portal.test>`,
  // The same secrets everywhere (decision 039): a challenge or card result made by one is checked by the other.
  ALTCHA_HMAC_KEY: 'several-instances-altcha-key',
  CARD_SANDBOX_SECRET: 'several-instances-card-secret',
  OUTBOX_POLL_MS: '100',
  REMINDER_INTERVAL_MS: '300',
  MPESA_QUERY_AFTER_SECONDS: '1',
  MPESA_QUERY_INTERVAL_MS: '300',
  MPESA_SANDBOX_DELAY_MS: '200',
  SEARCH_RATE_PER_MINUTE: '100000',
});
// Started together on an empty database: both migrate and seed at the same moment.
const started = Date.now();
a = startPortal('a', await freePort(), env('a'));
b = startPortal('b', await freePort(), env('b'));
const instances = [a, b];
const [A, B] = instances;
const output = () => instances.map((p) => `--- ${p.name} ---\n${p.output().slice(-4000)}`).join('\n');
const on = (p: PortalProcess, method: 'GET' | 'POST', url: string, options: { body?: unknown; token?: string } = {}) =>
  call(p.base, method, url, options);
await Promise.all(
  instances.map((p) => until(`${p.name} to answer`, async () => (await on(p, 'GET', '/api/health')).status === 200, 120_000, output)),
).catch(async (error) => {
  // No test runs, so no afterAll either: stop the processes and drop the database here.
  await cleanUp();
  throw error;
});
console.log(`[instances] both instances answered ${Date.now() - started} ms after they were started`);

const database = await openDatabase({ url: target.url, poolSize: 4 });
// An app in this process on the same database, for the test factories (it runs no background jobs).
const t = await createTestApp({ filesDir: path.join(filesDir, 'files') }, { database });

/** Signs in at one process; staff set up a second factor there the first time and give a code after (test/mfa.ts). */
async function signInAt(p: PortalProcess, email: string, password: string): Promise<string> {
  const response = await on(p, 'POST', '/api/auth/login', { body: { email, password } });
  if (response.status !== 200) throw new Error(`sign-in at ${p.name} failed: ${JSON.stringify(response.body)}`);
  return completeSignIn({ db: database.db, call: (method, url, options) => on(p, method, url, options) }, email, response.body.data);
}
const adminToken = await signInAt(A, ADMIN_EMAIL, ADMIN_PASSWORD);

describe('two API processes on one PostgreSQL database', () => {
  it('seeded the new database once although both started on it at the same moment', async () => {
    const [counts] = await queryRows<{ settings: number; company: number; admins: number; disclaimers: number }>(
      database.db,
      sql`select (select count(*)::int from settings) as settings, (select count(*)::int from company) as company,
            (select count(*)::int from users where email = ${ADMIN_EMAIL}) as admins,
            (select count(*)::int from disclaimers) as disclaimers`,
    );
    expect(counts).toEqual({ settings: 1, company: 1, admins: 1, disclaimers: 2 });
    for (const p of instances) expect(p.process.exitCode, output()).toBeNull();
  });

  it('a session made on one works on the other, and a sign-out on either ends it on both', async () => {
    const { user } = await createMember(database.db, { withUser: true });
    const email = user?.email as string;
    const token = await signInAt(A, email, user?.password as string);
    for (const p of instances) {
      const me = await on(p, 'GET', '/api/auth/user', { token });
      expect(me.status, p.name).toBe(200);
      expect(me.body.data.email).toBe(email);
    }
    expect((await on(B, 'POST', '/api/auth/logout', { token })).status).toBe(200);
    for (const p of instances) expect((await on(p, 'GET', '/api/auth/user', { token })).status, p.name).toBe(401);
  });

  it('a settings change made on one is seen by the other within the settings cache (5 s)', async () => {
    const { profile } = await createMember(database.db);
    await database.db.insert(schema.profileEntries).values({
      profileId: profile.profileId,
      section: 'work-experience',
      entryNo: 1,
      data: { NameOfFirm: 'Two Instances Works', PositionHeld: 'Engineer', Current: true },
    });
    const term = encodeBase64(profile.memberNo as string);
    const workplaceAt = async (p: PortalProcess) => {
      const response = await on(p, 'GET', `/api/profile/search?term=${encodeURIComponent(term)}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.data.profiles).toHaveLength(1);
      const workexp = response.body.data.profiles[0].workexp as { NameOfFirm: string }[];
      return workexp.length ? workexp[0].NameOfFirm : null;
    };
    // Both read the settings now, so each holds a fresh copy.
    expect(await workplaceAt(A)).toBe('Two Instances Works');
    expect(await workplaceAt(B)).toBe('Two Instances Works');

    const current = await on(A, 'GET', '/api/admin/settings', { token: adminToken });
    const minor = { ...JSON.parse(current.body.data.minor_settings), showWorkPlace: false };
    const saved = await on(A, 'POST', '/api/admin/settings', {
      token: adminToken,
      body: {
        id: current.body.data.id,
        site_colors: JSON.stringify(current.body.data.site_colors),
        site_installed_packages: JSON.stringify(current.body.data.site_installed_packages),
        minor_settings: JSON.stringify(minor),
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const changedAt = Date.now();
    // The instance that saved forgot its copy at once; the other keeps its copy until it expires.
    expect(await workplaceAt(A)).toBeNull();
    const seenAfter = await until('the other instance to see the change', async () => (await workplaceAt(B)) === null, 15_000, output);
    const elapsed = Date.now() - changedAt;
    console.log(`[instances] a settings change saved on one instance was seen by the other after ${elapsed} ms (polled ${seenAfter} ms)`);
    // The cache's lifetime, plus a generous allowance for the polling and a loaded machine.
    expect(elapsed).toBeLessThan(SETTINGS_CACHE_MS + 2_500);
  });

  it('sends each outbox message once, although both instances run the worker', async () => {
    const recipients = Array.from({ length: 120 }, (_, i) => `once-${i}@example.com`);
    // One statement: the workers find all of them at the same moment.
    await database.db
      .insert(schema.outbox)
      .values(recipients.map((to, i) => ({ channel: 'email', to, subject: `Outbox message ${i}`, body: `Message ${i}` })));
    await until(
      'every message to be sent',
      async () => {
        const [row] = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from outbox where "to" like 'once-%' and status = 'sent'`,
        );
        return row.n === recipients.length;
      },
      60_000,
      output,
    );
    await sleep(1_000);
    const counts = recipients.map((to) => sink.to(to).length);
    expect(counts.filter((n) => n !== 1)).toEqual([]);
    const bySender = new Map<string, number>();
    for (const to of recipients) for (const mail of sink.to(to)) bySender.set(mail.from, (bySender.get(mail.from) ?? 0) + 1);
    console.log(`[instances] outbox: ${JSON.stringify(Object.fromEntries(bySender))}`);
    // Both workers took part (each claims 20 at a time and holds them while it sends).
    expect([...bySender.keys()].sort()).toEqual(['instance-a@portal.test', 'instance-b@portal.test']);
  });

  it('sends each referee reminder once', async () => {
    const applicant = await createIndividual(t);
    const referees: Awaited<ReturnType<typeof addReferee>>[] = [];
    for (let i = 0; i < REQUIRED_REFEREES + 2; i++) referees.push(await addReferee(t, applicant.token));
    // The requests went out a month ago and nobody answered: every one is due a reminder now.
    await database.db
      .update(schema.refereeRequests)
      .set({ lastSentAt: sql`now() - interval '30 days'` })
      .where(eq(schema.refereeRequests.profileId, applicant.profileId));
    const reminders = (email: string) => sink.to(email).filter((m) => m.subject.startsWith('Reminder:'));
    await until('a reminder to every referee', async () => referees.every((r) => reminders(r.email).length > 0), 30_000, output);
    // A few more rounds of both jobs: nothing more goes out.
    await sleep(1_500);
    expect(referees.map((r) => reminders(r.email).length)).toEqual(referees.map(() => 1));
    const requests = await database.db
      .select()
      .from(schema.refereeRequests)
      .where(eq(schema.refereeRequests.profileId, applicant.profileId));
    for (const referee of referees) {
      const forEntry = requests.filter((r) => r.entryNo === referee.entry.EntryNo);
      expect(forEntry).toHaveLength(2);
      expect(forEntry.filter((r) => !r.supersededAt).map((r) => r.remindersSent)).toEqual([1]);
    }
  });

  it('the STK query job posts each payment whose callback was lost once', async () => {
    const pushes: { profileId: string; invoiceNo: string; id: string }[] = [];
    for (const [i, p] of [A, B, A, B].entries()) {
      const { profile, user } = await createMember(database.db, { withUser: true });
      const invoice = await raiseInvoice(database.db, {
        profileId: profile.profileId,
        purpose: 'subscription',
        description: 'Annual subscription 2026',
        amountCents: 100_000 + i * 100,
        externalDocumentNo: null,
      });
      const token = await signInAt(p, user?.email as string, user?.password as string);
      // A phone ending 1111: the sandbox takes the push but never calls back; only the query job can find it paid.
      const push = await on(p, 'POST', '/api/payments', {
        token,
        body: { request: paymentRequest(invoice.documentNo), provider: 'MPESA', phone: '0712341111' },
      });
      expect(push.status, JSON.stringify(push.body)).toBe(200);
      pushes.push({ profileId: profile.profileId, invoiceNo: invoice.documentNo, id: push.body.data.id });
    }
    const ids = pushes.map((p) => p.id);
    const statuses = async () =>
      database.db.select({ status: schema.payments.status }).from(schema.payments).where(inArray(schema.payments.id, ids));
    await until(
      'the query job to find every payment',
      async () => (await statuses()).every((r) => r.status === 'succeeded'),
      30_000,
      output,
    );
    await sleep(1_500);
    for (const push of pushes) {
      const entries = await database.db.select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.profileId, push.profileId));
      expect(entries.filter((e) => e.documentType === 'Payment')).toHaveLength(1);
      expect(entries.find((e) => e.documentNo === push.invoiceNo)?.remainingCents).toBe(0);
    }
    const rows = await database.db.select().from(schema.payments).where(inArray(schema.payments.id, ids));
    expect(rows.every((r) => r.providerReference?.startsWith('QUERY-ws_CO_'))).toBe(true);
    expect(await checkLedgerInvariants(database.db)).toEqual([]);
  });

  it('member numbers and invoice numbers never collide when both release and bill at once; the billing run bills each member once', async () => {
    // This year's: release bills it too, so a run and a release may reach the same member at once.
    const period = String(new Date().getFullYear());
    const ready = [];
    for (let i = 0; i < 6; i++) ready.push(await submittedApplicant(t, { status: 'Board Review', category: 'PROFESSIONAL' }));
    for (let i = 0; i < 20; i++) await createMember(database.db, { category: 'PROFESSIONAL' });
    const adminTokenB = await signInAt(B, ADMIN_EMAIL, ADMIN_PASSWORD);

    // Every release, and a run of the same period on each instance, at the same moment.
    const calls: Promise<Answer>[] = [
      ...ready.map(({ application }, i) =>
        on(i % 2 ? B : A, 'POST', statusUrl(application.code), { token: i % 2 ? adminTokenB : adminToken, body: { status: 'Released' } }),
      ),
      on(A, 'POST', '/api/admin/billing/run', { token: adminToken, body: { period } }),
      on(B, 'POST', '/api/admin/billing/run', { token: adminTokenB, body: { period } }),
    ];
    const answers = await Promise.all(calls);
    // Releases answer 200; the run is started once (202 on both instances, with the same run), in the background.
    expect(
      answers.map((r) => r.status),
      JSON.stringify(answers.filter((r) => r.status >= 300).map((r) => r.body)),
    ).toEqual([...ready.map(() => 200), 202, 202]);

    const memberNos = answers.slice(0, ready.length).map((r) => r.body.data.assignedMemberNo as string);
    expect(new Set(memberNos).size).toBe(ready.length);
    const held = await queryRows<{ member_no: string; n: number }>(
      database.db,
      sql`select member_no, count(*)::int as n from profiles where member_no is not null group by member_no having count(*) > 1`,
    );
    expect(held).toEqual([]);

    // Each Active member with a subscription fee billed once for the period, by one run or the other.
    // Both answer the same open run, unless the first finished before the second was asked (then the second is a
    // new run of the period that finds everyone billed). Either way each member is billed once, below.
    const runIds = [...new Set(answers.slice(ready.length).map((r) => (r.body.data.run as { id: number }).id))];
    let billedByRuns = 0;
    for (const id of runIds) {
      let run: { status: string; billedCount: number } = { status: 'queued', billedCount: 0 };
      await until(`billing run ${id} to finish`, async () => {
        run = (await on(B, 'GET', `/api/admin/billing/runs/${id}`, { token: adminTokenB })).body.data;
        return run.status === 'finished';
      });
      billedByRuns += run.billedCount;
    }
    // No third run: an insert that met the open run (ON CONFLICT DO NOTHING) still spends a sequence number, so
    // the ids may skip; what counts is how many runs of the period exist.
    const [runsOfPeriod] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from billing_runs where period = ${period}`,
    );
    expect(runsOfPeriod.n).toBe(runIds.length);
    const [billable] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from memberships m join profiles p on p.profile_id = m.profile_id and p.member_no is not null
          join category_charges c on c.category_code = m.category_code and c.charge_type = 'SUBSCRIPTION' and c.amount_including_vat > 0
          where m.status = 'Active'`,
    );
    const subscriptions = await database.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.period, period));
    const byRelease = subscriptions.filter((s) => s.billingRunId === null).length;
    console.log(`[instances] billed ${billedByRuns} by ${runIds.length} run(s), ${byRelease} by releases, of ${billable.n}`);
    expect(billedByRuns + byRelease).toBe(billable.n);
    expect(subscriptions).toHaveLength(billable.n);
    expect(new Set(subscriptions.map((s) => s.memberNo)).size).toBe(billable.n);
    expect(new Set(subscriptions.map((s) => s.invoiceNo)).size).toBe(billable.n);
    const invoices = await database.db
      .select()
      .from(schema.ledgerEntries)
      .where(
        and(
          eq(schema.ledgerEntries.documentType, 'Invoice'),
          inArray(
            schema.ledgerEntries.documentNo,
            subscriptions.map((s) => s.invoiceNo),
          ),
        ),
      );
    expect(invoices).toHaveLength(billable.n);
    const [duplicates] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from (select document_no from ledger_entries group by document_no having count(*) > 1) d`,
    );
    expect(duplicates.n).toBe(0);
    expect(await checkLedgerInvariants(database.db)).toEqual([]);
    for (const p of instances) expect(p.process.exitCode, output()).toBeNull();
  });
});
