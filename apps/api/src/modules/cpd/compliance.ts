import { type CpdCompliance, type CpdComplianceStatus, cpdMessages } from '@portal/contract';
import { type Db, queryRows } from '@portal/db';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { badRequest } from '../../shared/errors';
import { csvLine } from '../../shared/export/csv';
import { type JobHooks, startPeriodic } from '../../shared/periodic';
import { toPoints } from './common';

export const COMPLIANCE_PAGE_SIZE = 50;
/** How often each instance folds the compliance counts' deltas in. */
export const COMPLIANCE_FOLD_INTERVAL_MS = 60_000;

export interface ComplianceFilter {
  year: string;
  category?: string;
  status?: CpdComplianceStatus;
}

/*
 * The list: every member with an Active membership whose category has a requirement (annual points above 0), with
 * the year's points and structured points and the status: on target when both the total and the structured share
 * are reached, below with some points, nothing with none. The sums, status, member number and category are kept per
 * member and year in `cpd_standings` by triggers (migration 0027), and the counts per category in
 * `cpd_compliance_counts` plus its deltas, so no request sums every member's awards (issue 26).
 */

/** Active memberships of a category with a requirement; the categories are an array computed once per query. */
const listed = sql`m.status = 'Active' and m.category_code = any(array(select category_code from cpd_requirements where annual_points > 0))`;

/**
 * The filtered list's member numbers in order, from an index alone: on target and below from the kept standings'
 * (period, status, member_no) or (period, category, status, member_no) index; everyone or nothing recorded from
 * the Active memberships' (member_no) or (category, member_no) index, nothing recorded without a kept standing on
 * target or below.
 */
function memberNumbers(filter: ComplianceFilter, descending = false): SQL {
  const direction = descending ? sql.raw('desc') : sql.raw('asc');
  if (filter.status === 'on_target' || filter.status === 'below') {
    const category = filter.category ? sql` and s.category_code = ${filter.category}` : sql``;
    return sql`select s.member_no from cpd_standings s
      where s.period = ${filter.year} and s.status = ${filter.status}${category}
      order by s.member_no ${direction}`;
  }
  const category = filter.category ? sql` and m.category_code = ${filter.category}` : sql``;
  // One NOT EXISTS per status, each on its own (period[, category], status, member_no) range of the index.
  const kept = (status: string) =>
    filter.category
      ? sql`select 1 from cpd_standings s where s.period = ${filter.year} and s.category_code = ${filter.category} and s.status = ${status} and s.member_no = m.member_no`
      : sql`select 1 from cpd_standings s where s.period = ${filter.year} and s.status = ${status} and s.member_no = m.member_no`;
  const nothing = filter.status === 'nothing' ? sql` and not exists (${kept('on_target')}) and not exists (${kept('below')})` : sql``;
  return sql`select m.member_no from memberships m where ${listed}${category}${nothing} order by m.member_no ${direction}`;
}

/** The rows of the member numbers `numbers` answers (a deferred join), by member number. */
function rowsOf(numbers: SQL, year: string): SQL {
  return sql`with k as (${numbers})
    select m.member_no, m.category_code,
      trim(concat_ws(' ', nullif(trim(p.first_name), ''), nullif(trim(p.second_name), ''), nullif(trim(p.last_name), ''))) as name,
      coalesce(s.points, 0) as points, coalesce(s.structured_points, 0) as structured_points, r.annual_points,
      case
        when coalesce(s.points, 0) >= r.annual_points and coalesce(s.structured_points, 0) >= r.structured_points then 'on_target'
        when coalesce(s.points, 0) > 0 then 'below'
        else 'nothing'
      end as status
    from k
    join memberships m on m.member_no = k.member_no
    join cpd_requirements r on r.category_code = m.category_code
    join profiles p on p.profile_id = m.profile_id
    left join cpd_standings s on s.profile_id = m.profile_id and s.period = ${year}
    order by m.member_no`;
}

interface StandingRow {
  member_no: string;
  category_code: string;
  name: string;
  points: string;
  structured_points: string;
  annual_points: string;
  status: CpdComplianceStatus;
}

const memberDto = (row: StandingRow) => ({
  memberNo: row.member_no,
  name: row.name,
  categoryCode: row.category_code,
  points: toPoints(row.points),
  structuredPoints: toPoints(row.structured_points),
  annualPoints: toPoints(row.annual_points),
  status: row.status,
});

/** The year must be a plain four-digit one that PostgreSQL and the award periods agree on. */
function checkYear(year: string) {
  if (!/^\d{4}$/.test(year)) throw badRequest(cpdMessages.yearInvalid, { year: [cpdMessages.yearInvalid] });
}

type CategoryTotals = CpdCompliance['categories'][number];

/**
 * Every category with a requirement (whatever the filters), with its Active members and, for the year, those on
 * target and below (nothing recorded: the rest), from the kept counts and the deltas not folded in yet: one read
 * of a few rows.
 */
async function categoryTotals(db: Db, year: string): Promise<CategoryTotals[]> {
  const rows = await queryRows<{
    category_code: string;
    description: string;
    annual_points: string;
    members: number;
    on_target: number;
    below: number;
  }>(
    db,
    sql`select r.category_code, coalesce(c.description, r.category_code) as description, r.annual_points,
          coalesce(k.members, 0)::int as members, coalesce(k.on_target, 0)::int as on_target, coalesce(k.below, 0)::int as below
        from cpd_requirements r
        left join membership_categories c on c.code = r.category_code
        left join (
          select category_code, sum(members) as members, sum(on_target) as on_target, sum(below) as below
          from (
            select category_code, members, on_target, below from cpd_compliance_counts where period in ('', ${year})
            union all
            select category_code, members, on_target, below from cpd_compliance_deltas where period in ('', ${year})
          ) t
          group by category_code
        ) k on k.category_code = r.category_code
        where r.annual_points > 0
        order by c.sequence nulls last, r.category_code`,
  );
  return rows.map((c) => {
    const members = Number(c.members);
    const onTarget = Number(c.on_target);
    const below = Number(c.below);
    return {
      categoryCode: c.category_code,
      description: c.description,
      annualPoints: toPoints(c.annual_points),
      members,
      onTarget,
      below,
      nothing: members - onTarget - below,
    };
  });
}

/** The filtered list's length, from the category totals. */
function filteredTotal(categories: CategoryTotals[], filter: ComplianceFilter): number {
  let total = 0;
  for (const c of categories) {
    if (filter.category && c.categoryCode !== filter.category) continue;
    if (filter.status === 'on_target') total += c.onTarget;
    else if (filter.status === 'below') total += c.below;
    else if (filter.status === 'nothing') total += c.nothing;
    else total += c.members;
  }
  return total;
}

/**
 * `GET admin/cpd/compliance`: per-category totals for the year (every category with a requirement, whatever the
 * filters) and one page of members (50, by member number) filtered by category and status. The totals first (kept
 * counts: also the filtered total), then the page: its member numbers from an index, read from the nearer end so
 * the last page costs what the first does, then their rows. Two queries.
 */
export async function cpdCompliance(ctx: AppContext, filter: ComplianceFilter & { page: number }): Promise<CpdCompliance> {
  checkYear(filter.year);
  const categories = await categoryTotals(ctx.db, filter.year);
  const total = filteredTotal(categories, filter);
  const offset = (filter.page - 1) * COMPLIANCE_PAGE_SIZE;
  const end = Math.min(offset + COMPLIANCE_PAGE_SIZE, total);
  let page: StandingRow[] = [];
  if (offset < end) {
    // More rows before the page than after it: counted from the end, backwards.
    const numbers =
      offset > total - end
        ? sql`${memberNumbers(filter, true)} limit ${end - offset} offset ${total - end}`
        : sql`${memberNumbers(filter)} limit ${COMPLIANCE_PAGE_SIZE} offset ${offset}`;
    page = await queryRows<StandingRow>(ctx.db, rowsOf(numbers, filter.year));
  }
  return {
    year: filter.year,
    categories,
    members: page.map(memberDto),
    total,
    page: filter.page,
    pageSize: COMPLIANCE_PAGE_SIZE,
  };
}

/** `GET admin/cpd/compliance.csv`: every member of the filtered list (not paged), by member number. */
export async function cpdComplianceCsv(ctx: AppContext, filter: ComplianceFilter): Promise<string> {
  checkYear(filter.year);
  const rows = await queryRows<StandingRow>(ctx.db, rowsOf(memberNumbers(filter), filter.year));
  let csv = csvLine(['MemberNo', 'Name', 'Category', 'Points', 'StructuredPoints', 'Required', 'Status']);
  for (const row of rows) {
    const m = memberDto(row);
    csv += csvLine([m.memberNo, m.name, m.categoryCode, m.points, m.structuredPoints, m.annualPoints, m.status]);
  }
  return csv;
}

/**
 * Folds the deltas the triggers appended into `cpd_compliance_counts`, in one statement: the deltas it deletes are
 * the ones it adds, so a reader (who adds both tables in one snapshot) never counts a change twice or not at all.
 * Count rows are written in key order, so two instances folding at once wait rather than deadlock.
 */
export async function foldComplianceCounts(db: Pick<Db, 'execute'>): Promise<void> {
  await db.execute(sql`
    with moved as (delete from cpd_compliance_deltas returning period, category_code, members, on_target, below),
    summed as (
      select period, category_code, sum(members) as members, sum(on_target) as on_target, sum(below) as below
      from moved group by period, category_code
      order by period, category_code)
    insert into cpd_compliance_counts as c (period, category_code, members, on_target, below)
    select * from summed
    on conflict (period, category_code) do update set members = c.members + excluded.members,
      on_target = c.on_target + excluded.on_target, below = c.below + excluded.below`);
}

export function startComplianceCountsJob(ctx: { db: Db }, intervalMs = COMPLIANCE_FOLD_INTERVAL_MS, hooks?: JobHooks) {
  return startPeriodic(
    intervalMs,
    () => foldComplianceCounts(ctx.db),
    (error) => console.error('CPD compliance counts fold failed', error),
    { name: 'cpd-compliance-counts', hooks },
  );
}
