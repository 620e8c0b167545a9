/**
 * Years of history for the bulk register (`npm run seed:bulk -- 200000 --years 5`, issue 26): what a board holds
 * after that many years of use, in the proportions the issue measured (per 200,000 members: 1,000,000 audit entries,
 * 50,000 CPD activities, 20,000 bookings on one event), made in SQL on the database server so that a
 * million invoices load in minutes. Every row is derived from the bulk member's profile id and the year (hashed), so
 * a second run makes the same rows and skips what is there. Bulk documents carry their own prefixes (BI, BR, BAPP,
 * BPL, EVB, BKB) and never collide with the portal's numbering.
 */
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../client';

/** 0..99 from a profile id and a salt: the same every run. */
const chance = (salt: string) => sql.raw(`(abs(hashtext(p.profile_id || '${salt}')) % 100)`);
const bulkIndex = sql.raw(`substr(p.profile_id, 4)::int`);

export interface HistoryOptions {
  years: number;
  /** How many bulk members there are (seed:bulk's count): the other volumes follow it. */
  members: number;
  /** The last billed year (this year). */
  endYear: number;
  /** Bookings on the one large event. */
  bigEventBookings?: number;
  /** Audit entries, spread over the years. */
  auditEntries?: number;
  cpdActivities?: number;
  onStep?: (step: string, ms: number) => void;
}

async function timed(options: HistoryOptions, step: string, work: () => Promise<unknown>) {
  const started = Date.now();
  await work();
  options.onStep?.(step, Date.now() - started);
}

/** One year's subscriptions: an invoice per member on the register then, most of them paid (fewer this year). */
async function billYear(db: Db, year: number, endYear: number) {
  const paidShare = year < endYear ? 92 : 55;
  const members = sql`from profiles p
    join memberships m on m.profile_id = p.profile_id
    join category_charges c on c.category_code = m.category_code and c.charge_type = 'SUBSCRIPTION' and c.amount_including_vat > 0
    where p.profile_id like 'PRB%' and m.status <> 'Deceased' and m.registration_date <= ${`${year}-01-01`}::date
      and not exists (select 1 from ledger_entries e where e.document_no = 'BI' || ${year} || '-' || substr(p.profile_id, 4))`;
  await db.execute(sql`
    insert into ledger_entries (profile_id, document_no, document_type, purpose, description, amount_cents, remaining_cents,
      external_document_no, document_date, posting_date, due_date)
    select p.profile_id, 'BI' || ${year} || '-' || substr(p.profile_id, 4), 'Invoice', 'subscription',
      'Annual subscription ' || ${year}, (c.amount_including_vat * 100)::bigint,
      case when ${chance(`:paid:${year}`)} < ${paidShare} then 0 else (c.amount_including_vat * 100)::bigint end,
      ${String(year)}, ${`${year}-01-02`}::date, ${`${year}-01-02`}::date, ${`${year}-03-31`}::date
    ${members}`);
  await db.execute(sql`
    insert into subscriptions (profile_id, member_no, period, category_code, invoice_no)
    select e.profile_id, p.member_no, ${String(year)}, m.category_code, e.document_no
    from ledger_entries e join profiles p on p.profile_id = e.profile_id join memberships m on m.profile_id = p.profile_id
    where e.document_no like ${`BI${year}-%`}
    on conflict do nothing`);
  // The paid ones: a receipt each, its payment attempt, and the allocation that settled the invoice.
  await db.execute(sql`
    insert into ledger_entries (profile_id, document_no, document_type, description, amount_cents, remaining_cents,
      external_document_no, document_date, posting_date)
    select e.profile_id, 'BR' || substr(e.document_no, 3), 'Payment', 'Payment for ' || e.document_no, -e.amount_cents, 0,
      'BQ' || replace(substr(e.document_no, 3), '-', ''), d.paid_on, d.paid_on
    from ledger_entries e
    cross join lateral (select e.document_date + (abs(hashtext(e.document_no)) % 150) as paid_on) d
    where e.document_no like ${`BI${year}-%`} and e.remaining_cents = 0
    on conflict do nothing`);
  await db.execute(sql`
    insert into ledger_allocations (invoice_entry_id, credit_entry_id, amount_cents, created_at)
    select i.id, r.id, i.amount_cents, r.document_date
    from ledger_entries i join ledger_entries r on r.document_no = 'BR' || substr(i.document_no, 3)
    where i.document_no like ${`BI${year}-%`}
      and not exists (select 1 from ledger_allocations a where a.credit_entry_id = r.id)`);
  await db.execute(sql`
    insert into payments (profile_id, provider, invoice_no, description, amount_cents, status, provider_reference, receipt_no,
      completed_at, created_at, updated_at)
    select r.profile_id,
      case when abs(hashtext(r.document_no)) % 10 < 7 then 'MPESA' when abs(hashtext(r.document_no)) % 10 < 9 then 'CARD' else 'BANK' end,
      'BI' || substr(r.document_no, 3), r.description, -r.amount_cents, 'succeeded', r.external_document_no, r.document_no,
      r.document_date, r.document_date, r.document_date
    from ledger_entries r
    where r.document_no like ${`BR${year}-%`}
    on conflict do nothing`);
  await db.execute(sql`
    insert into billing_runs (period, status, member_count, to_bill_count, billed_count, skipped_count, total_cents, started_at,
      finished_at)
    select ${String(year)}, 'finished', count(*), count(*), count(*), 0, coalesce(sum(e.amount_cents), 0),
      ${`${year}-01-02`}::timestamptz, ${`${year}-01-02`}::timestamptz
    from subscriptions s join ledger_entries e on e.document_no = s.invoice_no
    where s.period = ${String(year)} and s.billing_run_id is null
    having not exists (select 1 from billing_runs where period = ${String(year)})`);
}

/** Registrations (one member in four applied through the portal), and this year's practising licences. */
async function applicationsAndLicences(db: Db, endYear: number) {
  await db.execute(sql`
    insert into applications (code, profile_id, applied_category, amount, application_date_time, status, submitted,
      assigned_member_no, submitted_at, decided_at, kind)
    select 'BAPP' || substr(p.profile_id, 4), p.profile_id, m.category_code, 0, m.registration_date::timestamptz, 'Released', true,
      p.member_no, m.registration_date::timestamptz, m.registration_date::timestamptz + interval '30 days', 'Registration'
    from profiles p join memberships m on m.profile_id = p.profile_id
    where p.profile_id like 'PRB%' and ${bulkIndex} % 4 = 0
    on conflict do nothing`);
  const licensable = sql`from profiles p join memberships m on m.profile_id = p.profile_id
    where p.profile_id like 'PRB%' and m.category_code in ('PROFESSIONAL', 'CONSULTING') and m.status = 'Active'
      and ${chance(':licence')} < 40`;
  await db.execute(sql`
    insert into applications (code, profile_id, applied_category, amount, application_date_time, status, submitted,
      submitted_at, decided_at, kind, license_year)
    select 'BLIC' || substr(p.profile_id, 4), p.profile_id, m.category_code, 0, ${`${endYear}-01-10`}::timestamptz, 'Released',
      true, ${`${endYear}-01-10`}::timestamptz, ${`${endYear}-01-20`}::timestamptz, 'Licence', ${endYear}
    ${licensable}
    on conflict do nothing`);
  await db.execute(sql`
    insert into licenses (license_no, profile_id, member_no, application_code, category_code, year, valid_from, valid_to, status)
    select 'BPL-' || ${endYear} || '-' || substr(p.profile_id, 4), p.profile_id, p.member_no, 'BLIC' || substr(p.profile_id, 4),
      m.category_code, ${endYear}, ${`${endYear}-01-01`}::date, ${`${endYear}-12-31`}::date, 'Active'
    ${licensable}
    on conflict do nothing`);
}

/** CPD: outside activities (a few still pending), points awarded for most members each year, and events with bookings. */
async function cpd(db: Db, options: HistoryOptions) {
  const { years, endYear } = options;
  const activities = options.cpdActivities ?? Math.round(options.members / 4);
  const start = endYear - years + 1;
  await db.execute(sql`
    insert into cpd_activities (profile_id, member_no, activity_type, description, provider, location, start_date, end_date, hours,
      status, points_awarded, structured, decided_at, created_at, updated_at)
    select p.profile_id, p.member_no, (array['COURSE','CONFERENCE','SEMINAR','WORKSHOP','PAPER','MENTORING'])[1 + g % 6],
      'Continuing professional development ' || g, 'Provider ' || (g % 97), 'Nairobi', d.day, d.day + 1, 1 + g % 8,
      case when g % 50 = 0 then 'Pending' when g % 13 = 0 then 'Rejected' else 'Accepted' end,
      case when g % 50 = 0 or g % 13 = 0 then null else 1 + g % 8 end, g % 3 <> 0,
      case when g % 50 = 0 then null else d.day::timestamptz + interval '20 days' end, d.day::timestamptz, d.day::timestamptz
    from generate_series(1, ${activities}::int) g
    join profiles p on p.profile_id = 'PRB' || lpad(((g * 7919) % ${options.members} + 1)::text, 7, '0')
    cross join lateral (select (${`${start}-01-01`}::date + (g % (${years} * 365))) as day) d
    where not exists (select 1 from cpd_activities a where a.description = 'Continuing professional development ' || g)`);
  for (let year = start; year <= endYear; year++) {
    await db.execute(sql`
      insert into cpd_awards (profile_id, member_no, source, description, provider, event_date, end_date, points, structured, period)
      select p.profile_id, p.member_no, 'activity', 'Structured training ' || ${year}, 'Bulk provider',
        ${`${year}-06-01`}::date, ${`${year}-06-02`}::date, 5 + ${chance(`:pts:${year}`)} % 40, true, ${String(year)}
      from profiles p join memberships m on m.profile_id = p.profile_id
      where p.profile_id like 'PRB%' and m.status = 'Active' and ${chance(`:cpd:${year}`)} < 60
        and not exists (select 1 from cpd_awards a where a.profile_id = p.profile_id and a.period = ${String(year)})`);
  }
  // Events across the years, one with a national conference's bookings.
  await db.execute(sql`
    insert into events (no, description, start_date, end_date, start_time, end_time, location, event_type, cpd_hours, status, fees)
    select 'EVB' || lpad(g::text, 6, '0'), case when g = 1 then 'National Engineers Conference ' || ${endYear}
        else 'Technical seminar ' || g end,
      d.day, d.day + 1, '09:00', '17:00', 'Nairobi', case when g = 1 then 'CONFERENCE' else 'SEMINARS' end, 8,
      case when d.day < now()::date then 'closed' else 'published' end, '{}'::jsonb
    from generate_series(1, ${years * 60}::int) g
    cross join lateral (select case when g = 1 then now()::date + 30 else ${`${start}-01-15`}::date + (g * 6) end as day) d
    on conflict do nothing`);
  const bookings = options.bigEventBookings ?? Math.min(20_000, Math.round(options.members / 10));
  await db.execute(sql`
    insert into event_bookings (booking_no, event_no, profile_id, member_no, status, amount_cents, created_at, updated_at)
    select 'BKB' || lpad(g::text, 7, '0'), 'EVB000001', p.profile_id, p.member_no, 'open', 0,
      now() - make_interval(mins => g), now() - make_interval(mins => g)
    from generate_series(1, ${bookings}::int) g
    join profiles p on p.profile_id = 'PRB' || lpad(g::text, 7, '0')
    on conflict do nothing`);
  await db.execute(sql`
    insert into event_bookings (booking_no, event_no, profile_id, member_no, status, amount_cents, attended_at, created_at, updated_at)
    select 'BKB' || lpad((${bookings} + e * 20 + k)::text, 7, '0'), 'EVB' || lpad(e::text, 6, '0'), p.profile_id, p.member_no,
      'closed', 0, now(), now(), now()
    from generate_series(2, ${years * 60}::int) e cross join generate_series(1, 20) k
    join profiles p on p.profile_id = 'PRB' || lpad(((e * 1009 + k * 37) % ${options.members} + 1)::text, 7, '0')
    on conflict do nothing`);
}

/** Audit entries: what staff did over the years, about members and applications. */
async function auditTrail(db: Db, options: HistoryOptions) {
  const entries = options.auditEntries ?? options.members * 5;
  const start = options.endYear - options.years + 1;
  const [{ n }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from audit_log where actor_email = 'bulk.officer@portal.test'`,
  );
  if (Number(n) >= entries) return;
  await db.execute(sql`
    insert into audit_log (at, action, actor_id, actor_email, target, details, ip)
    select ${`${start}-01-01`}::timestamptz + make_interval(secs => g::double precision * (${options.years} * 365 * 86400) / ${entries}),
      (array['application.status','member.updated','payment.posted','licence.status','cpd.accept','user.updated','settings.saved'])[1 + g % 7],
      1, 'bulk.officer@portal.test',
      case when g % 7 = 0 then 'BAPP' || lpad(((g * 31) % ${options.members} + 1)::text, 7, '0')
        else 'PRB' || lpad(((g * 31) % ${options.members} + 1)::text, 7, '0') end,
      jsonb_build_object('email', 'member' || ((g * 31) % ${options.members} + 1) || '@example.com'), '10.0.0.1'
    from generate_series(${Number(n) + 1}::int, ${entries}::int) g`);
}

export async function seedHistory(db: Db, options: HistoryOptions) {
  for (let year = options.endYear - options.years + 1; year <= options.endYear; year++) {
    await timed(options, `billing ${year}`, () => billYear(db, year, options.endYear));
  }
  await timed(options, 'applications and licences', () => applicationsAndLicences(db, options.endYear));
  await timed(options, 'CPD and events', () => cpd(db, options));
  await timed(options, 'audit log', () => auditTrail(db, options));
  await db.execute(sql`update events e set seats_taken = (select count(*) from event_bookings b where b.event_no = e.no
    and b.status <> 'cancelled') where e.no like 'EVB%'`);
  await timed(options, 'statistics', async () => {
    for (const table of [
      'ledger_entries',
      'ledger_allocations',
      'subscriptions',
      'payments',
      'applications',
      'licenses',
      'cpd_awards',
      'cpd_activities',
      'events',
      'event_bookings',
      'audit_log',
      'billing_runs',
    ]) {
      await db.execute(sql.raw(`vacuum analyze ${table}`));
    }
  });
}
