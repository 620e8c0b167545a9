import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { parsePhone } from '@portal/contract';
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

describe('migration 0012_phones_one_form', () => {
  const db = new PGlite({ extensions: { pg_trgm } });
  afterAll(() => db.close());
  const written = [
    '0722123456',
    '0722 123 456',
    '0722-123-456',
    '(0722) 123456',
    '+254 722 123 456',
    '+254722123456',
    '254722123456',
    '00254722123456',
    '722123456',
    '0110123456',
    '0202345678',
    '+44 20 7946 0958',
    '12345',
    '07-12',
    '+2540722123456',
    'ask at reception',
  ];

  it('rewrites every stored phone number to the one form parsePhone gives, and leaves what is no number alone', async () => {
    const files = readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8');
    const tags = (JSON.parse(files) as { entries: { tag: string }[] }).entries.map((e) => e.tag);
    for (const tag of tags.slice(0, tags.indexOf('0012_phones_one_form')))
      for (const statement of statements(`${tag}.sql`)) await db.exec(statement);
    for (const [i, phone] of written.entries()) {
      await db.query('insert into users (email, phone_no, password_hash) values ($1, $2, $3)', [`u${i}@example.com`, phone, 'x']);
      await db.query('insert into profiles (profile_id, first_name, last_name, phone_no, details) values ($1, $2, $3, $4, $5)', [
        `PR${i}`,
        'Firm',
        'Member',
        phone,
        { PhoneNo: phone, PhoneNo2: phone, City: 'NAIROBI' },
      ]);
      for (const section of ['contact', 'referee', 'bankers'])
        await db.query('insert into profile_entries (profile_id, section, entry_no, data) values ($1, $2, 1, $3)', [
          `PR${i}`,
          section,
          { PhoneNo: phone, PhoneNo2: phone, Email: 'X@Y.CO' },
        ]);
    }
    await db.query("insert into users (email, password_hash) values ('none@example.com', 'x')");
    for (const statement of statements('0012_phones_one_form.sql')) await db.exec(statement);

    const expected = written.map((phone) => parsePhone(phone) ?? phone);
    const users = await db.query<{ phone_no: string | null }>("select phone_no from users where email <> 'none@example.com' order by id");
    expect(users.rows.map((r) => r.phone_no)).toEqual(expected);
    expect((await db.query("select phone_no from users where email = 'none@example.com'")).rows).toEqual([{ phone_no: null }]);
    const profiles = await db.query<{ phone_no: string; details: Record<string, string> }>(
      'select phone_no, details from profiles order by length(profile_id), profile_id',
    );
    expect(profiles.rows.map((r) => r.phone_no)).toEqual(expected);
    expect(profiles.rows.map((r) => [r.details.PhoneNo, r.details.PhoneNo2, r.details.City])).toEqual(
      expected.map((p) => [p, p, 'NAIROBI']),
    );
    const entries = async (section: string) =>
      (
        await db.query<{ data: Record<string, string> }>(
          'select data from profile_entries where section = $1 order by length(profile_id), profile_id',
          [section],
        )
      ).rows.map((r) => [r.data.PhoneNo, r.data.PhoneNo2]);
    expect(await entries('contact')).toEqual(expected.map((p) => [p, p]));
    expect(await entries('referee')).toEqual(written.map((w, i) => [expected[i], w]));
    // Other sections' fields are not phone numbers.
    expect(await entries('bankers')).toEqual(written.map((w) => [w, w]));
    expect((await db.query("select 1 from pg_proc where proname = 'portal_phone_0012'")).rows).toEqual([]);
  });
});
