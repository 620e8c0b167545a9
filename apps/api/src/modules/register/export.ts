import type { adminMembersExportQuery } from '@portal/contract';
import { queryRows } from '@portal/db';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod';
import type { AppContext } from '../../shared/context';
import { type ExportColumn, keysetBatches, sendExport } from '../../shared/export/stream';
import { wordsWhere } from '../../shared/sql-search';
import { registerLookups } from './lookups';

interface MemberRow {
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
 * The members list's search (`members.ts`): a single word that is a whole member number, ID number or e-mail finds
 * those members (an e-mail never goes further); otherwise, or when none matches, every word in the names and number.
 */
async function memberSearch(ctx: AppContext, search: string, filters: SQL[]): Promise<SQL> {
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
 * GET /api/admin/members/export (decision 050): every member the list's filters match (search: names and member
 * number, or an exact member number, e-mail or ID number; category; status), by member number, as CSV or Excel. The columns
 * are the register import's, by the same names, so an exported file can be imported again; then the category's
 * description and whether the member has a portal account.
 */
export async function exportMembers(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  query: z.infer<typeof adminMembersExportQuery>,
) {
  const conditions: SQL[] = [];
  if (query.category) conditions.push(sql`m.category_code = ${query.category}`);
  if (query.status) conditions.push(sql`m.status = ${query.status}`);
  const search = query.search?.trim().replace(/\s+/g, ' ');
  if (search) conditions.push(await memberSearch(ctx, search, conditions));
  const read = (after: string | null, limit: number) =>
    queryRows<MemberRow>(
      ctx.db,
      sql`select m.member_no, p.first_name, p.second_name, p.last_name, p.identification_document_no, p.email, p.phone_no,
            m.category_code, p.discipline, m.registration_date::text as registration_date, m.status, p.type,
            exists (select 1 from users u where u.profile_id = p.profile_id) as has_account
          from memberships m join profiles p on p.profile_id = m.profile_id
          where ${sql.join([...conditions, after === null ? sql`true` : sql`m.member_no > ${after}`], sql` and `)}
          order by m.member_no
          limit ${limit}`,
    );
  const { categories } = await registerLookups(ctx.db);
  const columns: ExportColumn<MemberRow>[] = [
    { header: 'MemberNo', value: (r) => r.member_no, width: 14 },
    { header: 'FirstName', value: (r) => r.first_name, width: 16 },
    { header: 'SecondName', value: (r) => r.second_name, width: 16 },
    { header: 'LastName', value: (r) => r.last_name, width: 16 },
    { header: 'IdentificationDocumentNo', value: (r) => r.identification_document_no, width: 16 },
    { header: 'Email', value: (r) => r.email, width: 30 },
    { header: 'PhoneNo', value: (r) => r.phone_no, width: 16 },
    { header: 'Category', value: (r) => r.category_code },
    { header: 'CategoryDescription', value: (r) => categories.get(r.category_code)?.description ?? null, width: 28 },
    { header: 'Discipline', value: (r) => r.discipline, width: 20 },
    { header: 'RegistrationDate', kind: 'date', value: (r) => r.registration_date, width: 16 },
    { header: 'Status', value: (r) => r.status },
    { header: 'Type', value: (r) => r.type, width: 12 },
    { header: 'Account', value: (r) => (r.has_account ? 'Activated' : 'Not yet') },
  ];
  return sendExport(ctx.db, request, reply, {
    list: 'members',
    sheet: 'Members',
    format: query.format,
    columns,
    rows: keysetBatches(read, (r) => r.member_no),
    filters: { search: query.search, category: query.category, status: query.status },
  });
}
