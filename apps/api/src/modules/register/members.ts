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

/**
 * GET /api/admin/members: the register as the secretariat sees it (every status, contact details too).
 * Search: names and member number (trigram index), an exact e-mail, or an exact ID number.
 */
export async function listMembers(
  ctx: AppContext,
  query: { search?: string; category?: string; status?: string; page: number; pageSize: number },
): Promise<AdminMembersPage> {
  const conditions: SQL[] = [];
  const search = query.search?.trim().replace(/\s+/g, ' ');
  if (search) {
    if (search.includes('@')) {
      conditions.push(sql`lower(p.email) = ${search.toLowerCase()}`);
    } else {
      conditions.push(sql`((${wordsWhere(search)}) or upper(p.identification_document_no) = ${search.toUpperCase()})`);
    }
  }
  if (query.category) conditions.push(sql`m.category_code = ${query.category}`);
  if (query.status) conditions.push(sql`m.status = ${query.status}`);
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const from = sql`from memberships m join profiles p on p.profile_id = m.profile_id`;
  const [rows, [count], lookups] = await Promise.all([
    queryRows<MemberRow>(
      ctx.db,
      sql`select p.profile_id, m.member_no, p.first_name, p.second_name, p.last_name, p.identification_document_no, p.email,
            p.phone_no, m.category_code, p.discipline, m.registration_date::text as registration_date, m.status, p.type,
            exists (select 1 from users u where u.profile_id = p.profile_id) as has_account
          ${from} ${where}
          order by m.member_no
          limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    ),
    queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n ${from} ${where}`),
    registerLookups(ctx.db),
  ]);
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
  return { members, total: Number(count.n), page: query.page, pageSize: query.pageSize };
}
