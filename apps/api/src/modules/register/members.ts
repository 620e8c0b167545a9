import type { AdminMember, AdminMembersPage } from '@portal/contract';
import { queryRows } from '@portal/db';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { wordsWhere } from '../../shared/sql-search';
import { registerLookups } from './lookups';

export interface MemberRow {
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
 * The members list's search, also its export's: a single word that is a whole member number, ID number or e-mail
 * finds those members through their own indexes (an e-mail never goes further); otherwise, or when none matches,
 * every word in the names and number (trigram index). Over `memberships m join profiles p`.
 */
export async function memberSearch(ctx: Pick<AppContext, 'db'>, search: string, filters: SQL[]): Promise<SQL> {
  if (!search.includes(' ')) {
    const exact = search.includes('@')
      ? sql`lower(p.email) = ${search.toLowerCase()}`
      : sql`m.profile_id in (select profile_id from memberships where upper(member_no) = ${search.toUpperCase()}
          union all select profile_id from profiles where upper(identification_document_no) = ${search.toUpperCase()})`;
    if (search.includes('@')) return exact;
    const [hit] = await queryRows<{ one: number }>(
      ctx.db,
      sql`select 1 as one from memberships m join profiles p on p.profile_id = m.profile_id
          where ${sql.join([exact, ...filters], sql` and `)} limit 1`,
    );
    if (hit) return exact;
  }
  return wordsWhere(search);
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
  const conditions = search ? [await memberSearch(ctx, search, filters), ...filters] : filters;
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  // Only a search needs the profile; filters and the page are on memberships (member_no, category and status indexes).
  const from = search ? sql`from memberships m join profiles p on p.profile_id = m.profile_id` : sql`from memberships m`;
  const [rows, [count]] = await Promise.all([
    queryRows<MemberRow>(
      ctx.db,
      sql`with page as (select m.member_no ${from} ${where} order by m.member_no
            limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize})
          ${SELECT} where m.member_no in (select member_no from page) order by m.member_no`,
    ),
    queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n ${from} ${where}`),
  ]);
  const total = Number(count.n);
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
