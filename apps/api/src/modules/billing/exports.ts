import type { adminArrearsExportQuery, adminInvoicesExportQuery, adminPaymentsExportQuery } from '@portal/contract';
import { type Db, queryRows } from '@portal/db';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod';
import type { ExportColumn } from '../../shared/export/stream';
import { keysetBatches, sendExport } from '../../shared/export/stream';
import { wordsWhere } from '../../shared/sql-search';
import { today } from './ledger';
import { searchCondition } from './lists';

/**
 * Invoices, payments and arrears as CSV or Excel (decision 050): the filters of the lists (`lists.ts`, whose search
 * is used as it is; `arrears-list.ts`) in their own queries, every matching row, read 2,000 at a time along a unique key.
 */

/**
 * The arrears list's search (`arrears-list.ts`): an exact e-mail; a single word that is the member number of a member
 * in arrears finds that member alone; otherwise every word in the names and number.
 */
async function arrearsSearch(db: Db, search: string | undefined, on: string): Promise<SQL | null> {
  const text = search?.trim().replace(/\s+/g, ' ');
  if (!text) return null;
  if (text.includes('@')) return sql`lower(p.email) = ${text.toLowerCase()}`;
  if (!text.includes(' ')) {
    const memberNo = text.toUpperCase();
    const [hit] = await queryRows<{ one: number }>(
      db,
      sql`select 1 as one from profiles p where p.member_no = ${memberNo} and exists (select 1 from ledger_entries e
            where e.profile_id = p.profile_id and e.document_type = 'Invoice' and e.remaining_cents > 0 and e.due_date < ${on})`,
    );
    if (hit) return sql`p.member_no = ${memberNo}`;
  }
  return wordsWhere(text);
}

const and = (conditions: (SQL | null)[]) =>
  sql.join(
    conditions.filter((c): c is SQL => c !== null),
    sql` and `,
  );

interface Names {
  first_name: string;
  second_name: string | null;
  last_name: string;
}
const fullName = (r: Names) => [r.first_name, r.second_name, r.last_name].filter(Boolean).join(' ');

interface InvoiceRow extends Names {
  id: number;
  document_no: string;
  document_date: string;
  due_date: string | null;
  profile_id: string;
  member_no: string | null;
  purpose: string | null;
  description: string;
  external_document_no: string | null;
  amount_cents: string;
  remaining_cents: string;
}

/** GET /api/admin/billing/invoices/export: every invoice the list's filters match, oldest first. */
export async function exportInvoices(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  query: z.infer<typeof adminInvoicesExportQuery>,
) {
  const on = today();
  const filters = and([
    sql`e.document_type = 'Invoice'`,
    query.status === 'open' ? sql`e.remaining_cents > 0` : query.status === 'paid' ? sql`e.remaining_cents = 0` : null,
    query.purpose ? sql`e.purpose = ${query.purpose}` : null,
    query.period ? sql`exists (select 1 from subscriptions s where s.invoice_no = e.document_no and s.period = ${query.period})` : null,
    await searchCondition(db, query.search, 'Invoice'),
  ]);
  const read = (after: number | null, limit: number) =>
    queryRows<InvoiceRow>(
      db,
      sql`select e.id, e.document_no, e.document_date::text as document_date, e.due_date::text as due_date, e.profile_id,
            p.member_no, p.first_name, p.second_name, p.last_name, e.purpose, e.description, e.external_document_no,
            e.amount_cents, e.remaining_cents
          from ledger_entries e join profiles p on p.profile_id = e.profile_id
          where ${filters} and e.id > ${after ?? 0}
          order by e.id
          limit ${limit}`,
    );
  const remaining = (r: InvoiceRow) => Number(r.remaining_cents);
  const columns: ExportColumn<InvoiceRow>[] = [
    { header: 'Invoice No', value: (r) => r.document_no, width: 14 },
    { header: 'Date', kind: 'date', value: (r) => r.document_date, width: 13 },
    { header: 'Due Date', kind: 'date', value: (r) => r.due_date, width: 13 },
    { header: 'Member No', value: (r) => r.member_no, width: 14 },
    { header: 'Profile ID', value: (r) => r.profile_id, width: 14 },
    { header: 'Name', value: fullName, width: 30 },
    { header: 'Purpose', value: (r) => r.purpose },
    { header: 'Description', value: (r) => r.description, width: 36 },
    { header: 'Source Document', value: (r) => r.external_document_no, width: 20 },
    { header: 'Amount', kind: 'money', value: (r) => Number(r.amount_cents), width: 14 },
    { header: 'Paid', kind: 'money', value: (r) => Number(r.amount_cents) - remaining(r), width: 14 },
    { header: 'Outstanding', kind: 'money', value: remaining, width: 14 },
    {
      header: 'Status',
      value: (r) => (remaining(r) === 0 ? 'Paid' : r.due_date !== null && r.due_date < on ? 'Overdue' : 'Open'),
    },
  ];
  return sendExport(db, request, reply, {
    list: 'invoices',
    sheet: 'Invoices',
    format: query.format,
    columns,
    rows: keysetBatches(read, (r) => Number(r.id)),
    filters: { status: query.status, purpose: query.purpose, period: query.period, search: query.search },
  });
}

interface PaymentRow extends Names {
  id: number;
  document_no: string;
  document_date: string;
  posting_date: string;
  profile_id: string;
  member_no: string | null;
  method: string | null;
  reference: string | null;
  description: string;
  amount_cents: string;
  remaining_cents: string;
  applied_to: string | null;
}

/** GET /api/admin/billing/payments/export: every receipt the list's filters match, oldest first, with what each settled. */
export async function exportPayments(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  query: z.infer<typeof adminPaymentsExportQuery>,
) {
  const filters = and([
    sql`e.document_type = 'Payment'`,
    query.method ? sql`pay.provider = ${query.method}` : null,
    query.from ? sql`e.document_date >= ${query.from}` : null,
    query.to ? sql`e.document_date <= ${query.to}` : null,
    await searchCondition(db, query.search, 'Payment'),
  ]);
  const read = (after: number | null, limit: number) =>
    queryRows<PaymentRow>(
      db,
      sql`select e.id, e.document_no, e.document_date::text as document_date, e.posting_date::text as posting_date, e.profile_id,
            p.member_no, p.first_name, p.second_name, p.last_name, pay.provider as method,
            coalesce(pay.provider_reference, e.external_document_no) as reference, e.description, e.amount_cents, e.remaining_cents,
            (select string_agg(i.document_no || ': ' || (a.amount_cents::numeric / 100)::numeric(14, 2)::text, '; ' order by a.id)
               from ledger_allocations a join ledger_entries i on i.id = a.invoice_entry_id
               where a.credit_entry_id = e.id) as applied_to
          from ledger_entries e join profiles p on p.profile_id = e.profile_id
            left join payments pay on pay.receipt_no = e.document_no
          where ${filters} and e.id > ${after ?? 0}
          order by e.id
          limit ${limit}`,
    );
  const columns: ExportColumn<PaymentRow>[] = [
    { header: 'Receipt No', value: (r) => r.document_no, width: 14 },
    { header: 'Paid On', kind: 'date', value: (r) => r.document_date, width: 13 },
    { header: 'Posted On', kind: 'date', value: (r) => r.posting_date, width: 13 },
    { header: 'Member No', value: (r) => r.member_no, width: 14 },
    { header: 'Profile ID', value: (r) => r.profile_id, width: 14 },
    { header: 'Name', value: fullName, width: 30 },
    { header: 'Method', value: (r) => r.method },
    { header: 'Reference', value: (r) => r.reference, width: 20 },
    { header: 'Description', value: (r) => r.description, width: 36 },
    { header: 'Applied To', value: (r) => r.applied_to, width: 30 },
    { header: 'Amount', kind: 'money', value: (r) => -Number(r.amount_cents), width: 14 },
    { header: 'Unapplied', kind: 'money', value: (r) => -Number(r.remaining_cents), width: 14 },
  ];
  return sendExport(db, request, reply, {
    list: 'payments',
    sheet: 'Payments',
    format: query.format,
    columns,
    rows: keysetBatches(read, (r) => Number(r.id)),
    filters: { method: query.method, from: query.from, to: query.to, search: query.search },
  });
}

interface ArrearsRow extends Names {
  profile_id: string;
  member_no: string;
  category: string | null;
  email: string | null;
  phone_no: string | null;
  arrears: string;
  overdue: number;
  oldest: string;
}

/**
 * GET /api/admin/billing/arrears/export: members (profiles with a member number) whose invoices past their due date
 * still owe something, with what they owe in all, by member number. Each member's sum is read through the ledger's
 * profile index, a member at a time, so a batch costs its own members only.
 */
export async function exportArrears(db: Db, request: FastifyRequest, reply: FastifyReply, query: z.infer<typeof adminArrearsExportQuery>) {
  const on = today();
  const filters = and([
    sql`p.member_no is not null`,
    query.category ? sql`m.category_code = ${query.category}` : null,
    await arrearsSearch(db, query.search, on),
  ]);
  const read = (after: string | null, limit: number) =>
    queryRows<ArrearsRow>(
      db,
      sql`select p.profile_id, p.member_no, p.first_name, p.second_name, p.last_name, m.category_code as category, p.email,
            p.phone_no, o.arrears, o.overdue, o.oldest::text as oldest
          from profiles p
            join lateral (
              select sum(e.remaining_cents) as arrears, count(*)::int as overdue, min(e.due_date) as oldest
              from ledger_entries e
              where e.profile_id = p.profile_id and e.document_type = 'Invoice' and e.remaining_cents > 0 and e.due_date < ${on}
            ) o on o.overdue > 0
            left join lateral (select category_code from memberships where profile_id = p.profile_id order by id desc limit 1) m on true
          where ${filters} and ${after === null ? sql`true` : sql`p.member_no > ${after}`}
          order by p.member_no
          limit ${limit}`,
    );
  const columns: ExportColumn<ArrearsRow>[] = [
    { header: 'Member No', value: (r) => r.member_no, width: 14 },
    { header: 'Name', value: fullName, width: 30 },
    { header: 'Category', value: (r) => r.category, width: 12 },
    { header: 'Email', value: (r) => r.email, width: 30 },
    { header: 'Phone', value: (r) => r.phone_no, width: 16 },
    { header: 'Overdue Invoices', kind: 'count', value: (r) => Number(r.overdue) },
    { header: 'Oldest Due', kind: 'date', value: (r) => r.oldest, width: 13 },
    { header: 'Arrears', kind: 'money', value: (r) => Number(r.arrears), width: 14 },
  ];
  return sendExport(db, request, reply, {
    list: 'arrears',
    sheet: 'Arrears',
    format: query.format,
    columns,
    rows: keysetBatches(read, (r) => r.member_no),
    filters: { category: query.category, search: query.search },
  });
}
