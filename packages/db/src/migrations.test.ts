import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, describe, expect, it } from 'vitest';

const folder = path.resolve(import.meta.dirname, '../migrations');
const statements = (file: string) =>
  readFileSync(path.join(folder, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);

describe('migration 0002_profiles', () => {
  const db = new PGlite();
  afterAll(() => db.close());

  it("turns a profile's recorded workplace into its first work-experience entry before dropping the columns", async () => {
    for (const file of ['0000_init.sql', '0001_audit_log.sql']) for (const statement of statements(file)) await db.exec(statement);
    await db.exec(`
      insert into profiles (profile_id, first_name, last_name, current_workplace, current_position) values
        ('PR000001', 'Jane', 'Mwangi', 'Kenya Urban Roads Authority', 'Senior Roads Engineer'),
        ('PR000002', 'Peter', 'Ouma', null, null),
        ('PR000003', 'Ann', 'Wairimu', 'Acme', null)`);
    for (const statement of statements('0002_profiles.sql')) await db.exec(statement);
    const { rows } = await db.query<{ profile_id: string; section: string; entry_no: number; data: Record<string, unknown> }>(
      'select profile_id, section, entry_no, data from profile_entries order by profile_id',
    );
    expect(rows).toEqual([
      {
        profile_id: 'PR000001',
        section: 'work-experience',
        entry_no: 1,
        data: {
          PositionHeld: 'Senior Roads Engineer',
          Sector: '',
          ResponsibilitiesDescription: '',
          NameOfFirm: 'Kenya Urban Roads Authority',
          FromDate: '',
          ToDate: '',
          Current: true,
        },
      },
      expect.objectContaining({ profile_id: 'PR000003', data: expect.objectContaining({ NameOfFirm: 'Acme', PositionHeld: '' }) }),
    ]);
    const columns = await db.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'profiles'",
    );
    expect(columns.rows.map((c) => c.column_name)).not.toContain('current_workplace');
  });
});

describe('migration 0006_register_listed', () => {
  const db = new PGlite({ extensions: { pg_trgm } });
  afterAll(() => db.close());

  it('lists the profiles that already have an Active membership, and keeps the flag in step afterwards', async () => {
    const before = ['0000_init.sql', '0001_audit_log.sql', '0002_profiles.sql', '0003_applications_review.sql'];
    for (const file of [...before, '0004_ledger_and_payments.sql', '0005_billing_reminders.sql'])
      for (const statement of statements(file)) await db.exec(statement);
    await db.exec(`
      insert into profiles (profile_id, first_name, last_name) values ('PR1', 'Active', 'Member'), ('PR2', 'Lapsed', 'Member'), ('PR3', 'No', 'Membership');
      insert into memberships (profile_id, member_no, category_code, status) values ('PR1', 'M1', 'GRADUATE', 'Active'), ('PR2', 'M2', 'GRADUATE', 'Lapsed')`);
    for (const statement of statements('0006_register_listed.sql')) await db.exec(statement);
    const flags = async () =>
      (await db.query<{ profile_id: string; listed: boolean }>('select profile_id, listed from profiles order by 1')).rows;
    expect(await flags()).toEqual([
      { profile_id: 'PR1', listed: true },
      { profile_id: 'PR2', listed: false },
      { profile_id: 'PR3', listed: false },
    ]);
    await db.exec(
      `update memberships set status = 'Active' where profile_id = 'PR2'; update memberships set status = 'Lapsed' where profile_id = 'PR1'`,
    );
    expect((await flags()).map((f) => f.listed)).toEqual([false, true, false]);
  });
});
