import type { AdminArrearsPage } from '@portal/contract';
import { fromCents } from '@portal/contract';
import { type Db, queryRows } from '@portal/db';
import { type SQL, sql } from 'drizzle-orm';
import { pageWindow } from '../../shared/bounded-count';
import { wordsWhere } from '../../shared/sql-search';
import { today } from './ledger';

/**
 * Moves `member_arrears` on to `on` (a Nairobi date): the members with open invoices falling due between the date
 * it was computed for and `on` are computed again, under the state row's lock (postings wait, then go on with the
 * new date). Nothing to do, and no lock, on every other call of the day.
 */
export async function ensureArrearsCurrent(db: Db, on: string = today()): Promise<void> {
  const [state] = await queryRows<{ on_date: string }>(db, sql`select on_date::text as on_date from arrears_state where id = 1`);
  if (state?.on_date === on) return;
  await db.transaction(async (tx) => {
    const [locked] = await queryRows<{ on_date: string }>(
      tx as unknown as Db,
      sql`select on_date::text as on_date from arrears_state where id = 1 for update`,
    );
    const was = locked?.on_date ?? on;
    if (locked && was === on) return;
    const [from, to] = was < on ? [was, on] : [on, was];
    await tx.execute(sql`select member_arrears_refresh(array(
        select distinct profile_id from ledger_entries
        where document_type = 'Invoice' and remaining_cents > 0 and due_date >= ${from} and due_date < ${to}), ${on}::date)`);
    await tx.execute(
      sql`insert into arrears_state (id, on_date) values (1, ${on}) on conflict (id) do update set on_date = excluded.on_date`,
    );
  });
}

interface ArrearsRow {
  profile_id: string;
  member_no: string | null;
  first_name: string;
  second_name: string | null;
  last_name: string;
  category: string | null;
  email: string | null;
  phone_no: string | null;
  arrears: string;
  overdue: number;
  oldest: string;
}

const fullName = (r: { first_name: string; second_name: string | null; last_name: string }) =>
  [r.first_name, r.second_name, r.last_name].filter(Boolean).join(' ');

/** An exact e-mail; a whole member number, answered alone when a member in arrears has it; else the names' words. */
async function searchCondition(db: Db, search: string | undefined): Promise<SQL | null> {
  const text = search?.trim().replace(/\s+/g, ' ');
  if (!text) return null;
  if (text.includes('@')) return sql`a.profile_id in (select profile_id from profiles where lower(email) = ${text.toLowerCase()})`;
  if (!/\s/.test(text)) {
    const [hit] = await queryRows<{ n: number }>(db, sql`select 1 as n from member_arrears where member_no = ${text.toUpperCase()}`);
    if (hit) return sql`a.member_no = ${text.toUpperCase()}`;
  }
  return sql`a.profile_id in (select p.profile_id from profiles p where ${wordsWhere(text)})`;
}

/**
 * GET /api/admin/billing/arrears: members (profiles with a member number) with overdue remaining amounts, the
 * largest arrears first, from the kept per-member figures (decision 052): the order and the category filter have
 * their indexes, the totals sum one small row per member in arrears, and a deep page is read from the nearer end.
 */
export async function listArrears(
  db: Db,
  query: { category?: string; search?: string; page: number; pageSize: number },
): Promise<AdminArrearsPage> {
  await ensureArrearsCurrent(db);
  const conditions = [
    sql`a.member_no is not null`,
    query.category ? sql`a.category_code = ${query.category}` : null,
    await searchCondition(db, query.search),
  ].filter((c): c is SQL => c !== null);
  const where = sql`where ${sql.join(conditions, sql` and `)}`;
  const [totals] = await queryRows<{ n: number; arrears: string }>(
    db,
    sql`select count(*)::int as n, coalesce(sum(a.arrears_cents), 0) as arrears from member_arrears a ${where}`,
  );
  const total = Number(totals.n);
  const window = pageWindow(total, query.page, query.pageSize);
  const order = window.reversed
    ? sql`a.arrears_cents asc nulls first, a.member_no desc`
    : sql`a.arrears_cents desc nulls last, a.member_no`;
  const rows = await queryRows<ArrearsRow>(
    db,
    sql`with page as (select a.* from member_arrears a ${where} order by ${order} limit ${window.limit} offset ${window.offset})
        select a.profile_id, a.member_no, p.first_name, p.second_name, p.last_name, a.category_code as category, p.email, p.phone_no,
          a.arrears_cents as arrears, a.overdue_count as overdue, a.oldest_due_date::text as oldest
        from page a join profiles p on p.profile_id = a.profile_id
        order by a.arrears_cents desc, a.member_no`,
  );
  return {
    members: rows.map((r) => ({
      profileId: r.profile_id,
      memberNo: r.member_no,
      name: fullName(r),
      category: r.category,
      email: r.email,
      phoneNo: r.phone_no,
      arrears: fromCents(Number(r.arrears)),
      overdueInvoices: Number(r.overdue),
      oldestDueDate: r.oldest,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
    totals: { arrears: fromCents(Number(totals.arrears)), members: total },
  };
}
