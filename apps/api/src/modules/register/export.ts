import type { adminMembersExportQuery } from '@portal/contract';
import { queryRows } from '@portal/db';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod';
import type { AppContext } from '../../shared/context';
import { type ExportColumn, keysetBatches, sendExport } from '../../shared/export/stream';
import { registerLookups } from './lookups';
import { type MemberRow, memberSearch } from './members';

type ExportRow = Omit<MemberRow, 'profile_id'>;

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
    queryRows<ExportRow>(
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
  const columns: ExportColumn<ExportRow>[] = [
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
