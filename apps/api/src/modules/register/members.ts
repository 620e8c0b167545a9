import type { AdminMember, AdminMembersPage } from '@portal/contract';
import { queryRows } from '@portal/db';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { wordsWhere } from '../../shared/sql-search';
import { registerLookups } from './lookups';

interface MemberRow {
  profile_id: string;
  member_no: string;
  first_name: string;
  second_name: string | null;
  last_name: string;
  identification_document_no: string | null;
  email: string | null;
  phone_no: string | null;
  category_code: string;
  discipline: string | null;
  registration_date: string | null;
  status: string;
  type: string;
  has_account: boolean;
}

const SELECT = sql`select p.profile_id, m.member_no, p.first_name, p.second_name, p.last_name, p.identification_document_no,
  p.email, p.phone_no, m.category_code, p.discipline, m.registration_date::text as registration_date, m.status, p.type,
  exists (select 1 from users u where u.profile_id = p.profile_id) as has_account
  from memberships m join profiles p on p.profile_id = m.profile_id`;

/**
 * A term that is a whole member number, ID number or e-mail finds that member through its own index (what the
 * secretariat types most: issue 26). Null when nothing matches exactly, so the word search goes on.
 */
async function exactMatches(ctx: AppContext, term: string, filters: SQL[]): Promise<MemberRow[] | null> {
  if (term.includes(' ')) return null;
  const exact = term.includes('@')
    ? sql`lower(p.email) = ${term.toLowerCase()}`
    : sql`m.profile_id in (select profile_id from memberships where upper(member_no) = ${term.toUpperCase()}
          union all select profile_id from profiles where upper(identification_document_no) = ${term.toUpperCase()})`;
  const rows = await queryRows<MemberRow>(
    ctx.db,
    sql`${SELECT} where ${sql.join([exact, ...filters], sql` and `)} order by m.member_no limit 100`,
  );
  return rows.length || term.includes('@') ? rows : null;
}

/**
 * GET /api/admin/members: the register as the secretariat sees it (every status, contact details too).
 * Search: an exact member number, ID number or e-mail first; otherwise every word in the names and member number
 * (trigram index). Pages are found on the member-number index alone before the page's rows are read (a deferred
 * join), so the last page costs about what the first does.
 */
export async function listMembers(
  ctx: AppContext,
  query: { search?: string; category?: string; status?: string; page: number; pageSize: number },
): Promise<AdminMembersPage> {
  const filters: SQL[] = [];
  if (query.category) filters.push(sql`m.category_code = ${query.category}`);
  if (query.status) filters.push(sql`m.status = ${query.status}`);
  const search = query.search?.trim().replace(/\s+/g, ' ');
  const exact = search ? await exactMatches(ctx, search, filters) : null;
  let rows: MemberRow[];
  let total: number;
  if (exact) {
    rows = exact.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);
    total = exact.length;
  } else {
    const conditions = search ? [wordsWhere(search), ...filters] : filters;
    const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
    // Only a search needs the profile; filters and the page are on memberships (member_no, category and status indexes).
    const from = search ? sql`from memberships m join profiles p on p.profile_id = m.profile_id` : sql`from memberships m`;
    const [page, [count]] = await Promise.all([
      queryRows<MemberRow>(
        ctx.db,
        sql`with page as (select m.member_no ${from} ${where} order by m.member_no
              limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize})
            ${SELECT} where m.member_no in (select member_no from page) order by m.member_no`,
      ),
      queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n ${from} ${where}`),
    ]);
    rows = page;
    total = Number(count.n);
  }
  const lookups = await registerLookups(ctx.db);
  const members: AdminMember[] = rows.map((r) => ({
    ProfileID: r.profile_id,
    MemberNo: r.member_no,
    FirstName: r.first_name,
    SecondName: r.second_name,
    LastName: r.last_name,
    IdentificationDocumentNo: r.identification_document_no,
    Email: r.email,
    PhoneNo: r.phone_no,
    Category: r.category_code,
    CategoryDescription: lookups.categories.get(r.category_code)?.description ?? null,
    Discipline: r.discipline,
    RegistrationDate: r.registration_date,
    Status: r.status,
    Type: r.type,
    hasAccount: Boolean(r.has_account),
  }));
  return { members, total, page: query.page, pageSize: query.pageSize };
}
