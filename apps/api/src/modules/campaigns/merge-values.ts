import { formatDate, formatKesCents, type MergeValues } from '@portal/contract';
import { type Db, queryRows } from '@portal/db';
import { sql } from 'drizzle-orm';
import { organisationName } from '../../shared/organisation';
import { today } from '../billing/ledger';

interface Row {
  profile_id: string;
  first_name: string;
  second_name: string | null;
  last_name: string;
  member_no: string | null;
  category: string | null;
  balance: string;
  cpd_points: string | null;
  cpd_target: string | null;
  licence_valid_to: string | null;
}

const points = (value: string | null) => String(Math.round(Number(value ?? 0) * 10) / 10);

/**
 * Each member's merge field values (issue 29), read for a batch of members in one statement: the ledger balance
 * (every entry's amount: open invoices less unallocated credit), this year's CPD points and target, and the current
 * licence's end.
 */
export async function mergeValuesFor(db: Db, profileIds: string[]): Promise<Map<string, MergeValues>> {
  const values = new Map<string, MergeValues>();
  if (profileIds.length === 0) return values;
  const year = today().slice(0, 4);
  const ids = `{${profileIds.map((id) => `"${id.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
  const [organisation, rows] = await Promise.all([
    organisationName(db),
    queryRows<Row>(
      db,
      sql`select p.profile_id, p.first_name, p.second_name, p.last_name, m.member_no, c.description as category,
          (select coalesce(sum(e.amount_cents), 0) from ledger_entries e where e.profile_id = p.profile_id)::text as balance,
          (select s.points::text from cpd_standings s where s.profile_id = p.profile_id and s.period = ${year}) as cpd_points,
          (select r.annual_points::text from cpd_requirements r where r.category_code = m.category_code) as cpd_target,
          (select max(l.valid_to)::text from licenses l where l.profile_id = p.profile_id and l.status = 'Active') as licence_valid_to
        from profiles p
        left join lateral (select member_no, category_code from memberships where profile_id = p.profile_id
          order by (status = 'Active') desc, id desc limit 1) m on true
        left join membership_categories c on c.code = m.category_code
        where p.profile_id = any(${ids}::text[])`,
    ),
  ]);
  for (const row of rows) {
    values.set(row.profile_id, {
      firstName: row.first_name,
      lastName: row.last_name,
      fullName: [row.first_name, row.second_name, row.last_name].filter(Boolean).join(' '),
      memberNo: row.member_no ?? '',
      category: row.category ?? '',
      balance: formatKesCents(Math.max(0, Number(row.balance))),
      cpdPointsThisYear: points(row.cpd_points),
      cpdTarget: row.cpd_target === null ? '' : points(row.cpd_target),
      licenceValidTo: row.licence_valid_to ? formatDate(row.licence_valid_to) : '',
      organisation,
    });
  }
  return values;
}
