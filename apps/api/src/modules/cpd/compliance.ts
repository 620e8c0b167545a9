import { type CpdCompliance, type CpdComplianceStatus, cpdMessages } from '@portal/contract';
import { queryRows } from '@portal/db';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { badRequest } from '../../shared/errors';
import { csvLine } from '../../shared/export/csv';
import { toPoints } from './common';

export const COMPLIANCE_PAGE_SIZE = 50;

export interface ComplianceFilter {
  year: string;
  category?: string;
  status?: CpdComplianceStatus;
}

/**
 * Every member with an Active membership whose category has a requirement (annual points above 0), with the year's
 * points and structured points (sums of cpd_awards, grouped in SQL) and the status: on target when both the total
 * and the structured share are reached, below with some points, nothing with none.
 */
function standings(year: string): SQL {
  return sql`
    select m.member_no, m.profile_id, m.category_code,
      trim(concat_ws(' ', nullif(trim(p.first_name), ''), nullif(trim(p.second_name), ''), nullif(trim(p.last_name), ''))) as name,
      coalesce(a.points, 0) as points, coalesce(a.structured, 0) as structured_points,
      r.annual_points, r.structured_points as structured_required,
      case
        when coalesce(a.points, 0) >= r.annual_points and coalesce(a.structured, 0) >= r.structured_points then 'on_target'
        when coalesce(a.points, 0) > 0 then 'below'
        else 'nothing'
      end as status
    from memberships m
    join cpd_requirements r on r.category_code = m.category_code and r.annual_points > 0
    join profiles p on p.profile_id = m.profile_id
    left join (
      select profile_id, sum(points) as points, coalesce(sum(points) filter (where structured), 0) as structured
      from cpd_awards where period = ${year} group by profile_id
    ) a on a.profile_id = m.profile_id
    where m.status = 'Active'`;
}

function filtered(filter: ComplianceFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.category) conditions.push(sql`s.category_code = ${filter.category}`);
  if (filter.status) conditions.push(sql`s.status = ${filter.status}`);
  return sql`with s as (${standings(filter.year)}) select s.* from s where ${sql.join(conditions, sql` and `)}`;
}

interface StandingRow {
  member_no: string;
  profile_id: string;
  category_code: string;
  name: string;
  points: string;
  structured_points: string;
  annual_points: string;
  structured_required: string;
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

/**
 * `GET admin/cpd/compliance`: per-category totals for the year (every category with a requirement, whatever the
 * filters) and one page of members (50, by member number) filtered by category and status. Three queries.
 */
export async function cpdCompliance(ctx: AppContext, filter: ComplianceFilter & { page: number }): Promise<CpdCompliance> {
  checkYear(filter.year);
  const offset = (filter.page - 1) * COMPLIANCE_PAGE_SIZE;
  const [categories, [count], page] = await Promise.all([
    queryRows<{
      category_code: string;
      description: string;
      annual_points: string;
      members: number;
      on_target: number;
      below: number;
      nothing: number;
    }>(
      ctx.db,
      sql`with s as (${standings(filter.year)})
        select r.category_code, coalesce(c.description, r.category_code) as description, r.annual_points,
          count(s.member_no)::int as members,
          (count(*) filter (where s.status = 'on_target'))::int as on_target,
          (count(*) filter (where s.status = 'below'))::int as below,
          (count(*) filter (where s.status = 'nothing'))::int as nothing
        from cpd_requirements r
        left join membership_categories c on c.code = r.category_code
        left join s on s.category_code = r.category_code
        where r.annual_points > 0
        group by r.category_code, c.description, c.sequence, r.annual_points
        order by c.sequence nulls last, r.category_code`,
    ),
    queryRows<{ total: number }>(ctx.db, sql`select count(*)::int as total from (${filtered(filter)}) f`),
    queryRows<StandingRow>(ctx.db, sql`${filtered(filter)} order by s.member_no limit ${COMPLIANCE_PAGE_SIZE} offset ${offset}`),
  ]);
  return {
    year: filter.year,
    categories: categories.map((c) => ({
      categoryCode: c.category_code,
      description: c.description,
      annualPoints: toPoints(c.annual_points),
      members: Number(c.members),
      onTarget: Number(c.on_target),
      below: Number(c.below),
      nothing: Number(c.nothing),
    })),
    members: page.map(memberDto),
    total: Number(count?.total ?? 0),
    page: filter.page,
    pageSize: COMPLIANCE_PAGE_SIZE,
  };
}

/** `GET admin/cpd/compliance.csv`: every member of the filtered list (not paged), by member number. */
export async function cpdComplianceCsv(ctx: AppContext, filter: ComplianceFilter): Promise<string> {
  checkYear(filter.year);
  const rows = await queryRows<StandingRow>(ctx.db, sql`${filtered(filter)} order by s.member_no`);
  let csv = csvLine(['MemberNo', 'Name', 'Category', 'Points', 'StructuredPoints', 'Required', 'Status']);
  for (const row of rows) {
    const m = memberDto(row);
    csv += csvLine([m.memberNo, m.name, m.categoryCode, m.points, m.structuredPoints, m.annualPoints, m.status]);
  }
  return csv;
}
