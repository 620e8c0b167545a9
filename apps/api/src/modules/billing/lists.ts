import type { AdminArrearsPage, AdminArrearsRow, AdminInvoicesPage, AdminPaymentsPage } from '@portal/contract';
import { fromCents } from '@portal/contract';
import { type Db, queryRows } from '@portal/db';
import { type SQL, sql } from 'drizzle-orm';
import { containsPattern, searchWords } from '../../shared/sql-search';
import { today } from './ledger';

/** Words of a search over member number, names and document numbers: each word must match somewhere. */
function searchCondition(search: string | undefined, documentColumns: SQL[]): SQL | null {
  const text = search?.trim().replace(/\s+/g, ' ');
  if (!text) return null;
  return sql.join(
    searchWords(text).map((word) => {
      const like = containsPattern(word);
      const documents = documentColumns.map((column) => sql`lower(${column}) like ${like}`);
      return sql`(p.search_text like ${like} or ${sql.join(documents, sql` or `)})`;
    }),
    sql` and `,
  );
}

const whereOf = (conditions: (SQL | null)[]) => {
  const present = conditions.filter((c): c is SQL => c !== null);
  return present.length ? sql`where ${sql.join(present, sql` and `)}` : sql``;
};

const fullName = (r: { first_name: string; second_name: string | null; last_name: string }) =>
  [r.first_name, r.second_name, r.last_name].filter(Boolean).join(' ');

interface InvoiceRow {
  document_no: string;
  document_date: string;
  due_date: string | null;
  profile_id: string;
  member_no: string | null;
  first_name: string;
  second_name: string | null;
  last_name: string;
  purpose: string | null;
  description: string;
  external_document_no: string | null;
  amount_cents: string;
  remaining_cents: string;
}

/** GET /api/admin/billing/invoices: newest first, with totals over every invoice the filters match. */
export async function listInvoices(
  db: Db,
  query: { status?: 'open' | 'paid'; purpose?: string; period?: string; search?: string; page: number; pageSize: number },
): Promise<AdminInvoicesPage> {
  const on = today();
  const where = whereOf([
    sql`e.document_type = 'Invoice'`,
    query.status === 'open' ? sql`e.remaining_cents > 0` : query.status === 'paid' ? sql`e.remaining_cents = 0` : null,
    query.purpose ? sql`e.purpose = ${query.purpose}` : null,
    query.period ? sql`exists (select 1 from subscriptions s where s.invoice_no = e.document_no and s.period = ${query.period})` : null,
    searchCondition(query.search, [sql`e.document_no`, sql`e.external_document_no`]),
  ]);
  const from = sql`from ledger_entries e join profiles p on p.profile_id = e.profile_id`;
  const [rows, [totals]] = await Promise.all([
    queryRows<InvoiceRow>(
      db,
      sql`select e.document_no, e.document_date::text as document_date, e.due_date::text as due_date, e.profile_id,
            p.member_no, p.first_name, p.second_name, p.last_name, e.purpose, e.description, e.external_document_no,
            e.amount_cents, e.remaining_cents
          ${from} ${where}
          order by e.document_date desc, e.id desc
          limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    ),
    queryRows<{ n: number; amount: string; remaining: string }>(
      db,
      sql`select count(*)::int as n, coalesce(sum(e.amount_cents), 0) as amount, coalesce(sum(e.remaining_cents), 0) as remaining
          ${from} ${where}`,
    ),
  ]);
  const amount = Number(totals.amount);
  const remaining = Number(totals.remaining);
  return {
    invoices: rows.map((r) => {
      const cents = Number(r.amount_cents);
      const left = Number(r.remaining_cents);
      return {
        invoiceNo: r.document_no,
        documentDate: r.document_date,
        dueDate: r.due_date,
        profileId: r.profile_id,
        memberNo: r.member_no,
        name: fullName(r),
        purpose: r.purpose,
        description: r.description,
        externalDocumentNo: r.external_document_no,
        amount: fromCents(cents),
        paidAmount: fromCents(cents - left),
        remainingAmount: fromCents(left),
        status: left > 0 ? 'open' : 'paid',
        overdue: left > 0 && r.due_date !== null && r.due_date < on,
      };
    }),
    total: Number(totals.n),
    page: query.page,
    pageSize: query.pageSize,
    totals: { amount: fromCents(amount), paidAmount: fromCents(amount - remaining), remainingAmount: fromCents(remaining) },
  };
}

interface PaymentRow {
  id: number;
  document_no: string;
  document_date: string;
  posting_date: string;
  profile_id: string;
  member_no: string | null;
  first_name: string;
  second_name: string | null;
  last_name: string;
  method: string | null;
  reference: string | null;
  description: string;
  amount_cents: string;
  remaining_cents: string;
}

/**
 * GET /api/admin/billing/payments: receipts (Payment entries) newest first. The method comes from the payment
 * attempt that produced the receipt (`payments.receipt_no`).
 */
export async function listPayments(
  db: Db,
  query: { method?: string; from?: string; to?: string; search?: string; page: number; pageSize: number },
): Promise<AdminPaymentsPage> {
  const where = whereOf([
    sql`e.document_type = 'Payment'`,
    query.method ? sql`pay.provider = ${query.method}` : null,
    query.from ? sql`e.document_date >= ${query.from}` : null,
    query.to ? sql`e.document_date <= ${query.to}` : null,
    searchCondition(query.search, [sql`e.document_no`, sql`e.external_document_no`]),
  ]);
  const from = sql`from ledger_entries e join profiles p on p.profile_id = e.profile_id
    left join payments pay on pay.receipt_no = e.document_no`;
  const [rows, [totals]] = await Promise.all([
    queryRows<PaymentRow>(
      db,
      sql`select e.id, e.document_no, e.document_date::text as document_date, e.posting_date::text as posting_date, e.profile_id,
            p.member_no, p.first_name, p.second_name, p.last_name, pay.provider as method,
            coalesce(pay.provider_reference, e.external_document_no) as reference, e.description, e.amount_cents, e.remaining_cents
          ${from} ${where}
          order by e.document_date desc, e.id desc
          limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    ),
    queryRows<{ n: number; amount: string; remaining: string }>(
      db,
      sql`select count(*)::int as n, coalesce(sum(-e.amount_cents), 0) as amount, coalesce(sum(-e.remaining_cents), 0) as remaining
          ${from} ${where}`,
    ),
  ]);
  const ids = rows.map((r) => r.id);
  const allocations = ids.length
    ? await queryRows<{ credit_entry_id: number; document_no: string; amount_cents: string }>(
        db,
        sql`select a.credit_entry_id, i.document_no, a.amount_cents from ledger_allocations a
            join ledger_entries i on i.id = a.invoice_entry_id
            where a.credit_entry_id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})
            order by a.id`,
      )
    : [];
  return {
    payments: rows.map((r) => ({
      receiptNo: r.document_no,
      paidOn: r.document_date,
      postedOn: r.posting_date,
      profileId: r.profile_id,
      memberNo: r.member_no,
      name: fullName(r),
      method: r.method,
      reference: r.reference,
      description: r.description,
      amount: fromCents(-Number(r.amount_cents)),
      unappliedAmount: fromCents(-Number(r.remaining_cents)),
      appliedTo: allocations
        .filter((a) => Number(a.credit_entry_id) === Number(r.id))
        .map((a) => ({ invoiceNo: a.document_no, amount: fromCents(Number(a.amount_cents)) })),
    })),
    total: Number(totals.n),
    page: query.page,
    pageSize: query.pageSize,
    totals: { amount: fromCents(Number(totals.amount)), unappliedAmount: fromCents(Number(totals.remaining)) },
  };
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

/** GET /api/admin/billing/arrears: members (profiles with a member number) with overdue remaining amounts, the largest arrears first. */
export async function listArrears(
  db: Db,
  query: { category?: string; search?: string; page: number; pageSize: number },
): Promise<AdminArrearsPage> {
  const on = today();
  const where = whereOf([
    sql`p.member_no is not null`,
    query.category ? sql`m.category_code = ${query.category}` : null,
    searchCondition(query.search, [sql`p.email`]),
  ]);
  const overdue = sql`select e.profile_id, sum(e.remaining_cents) as arrears, count(*)::int as overdue, min(e.due_date) as oldest
    from ledger_entries e
    where e.document_type = 'Invoice' and e.remaining_cents > 0 and e.due_date < ${on}
    group by e.profile_id`;
  const from = sql`from (${overdue}) o join profiles p on p.profile_id = o.profile_id
    left join lateral (select category_code from memberships where profile_id = p.profile_id order by id desc limit 1) m on true`;
  const [rows, [totals]] = await Promise.all([
    queryRows<ArrearsRow>(
      db,
      sql`select o.profile_id, p.member_no, p.first_name, p.second_name, p.last_name, m.category_code as category, p.email,
            p.phone_no, o.arrears, o.overdue, o.oldest::text as oldest
          ${from} ${where}
          order by o.arrears desc, p.member_no
          limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    ),
    queryRows<{ n: number; arrears: string }>(db, sql`select count(*)::int as n, coalesce(sum(o.arrears), 0) as arrears ${from} ${where}`),
  ]);
  const members: AdminArrearsRow[] = rows.map((r) => ({
    profileId: r.profile_id,
    memberNo: r.member_no,
    name: fullName(r),
    category: r.category,
    email: r.email,
    phoneNo: r.phone_no,
    arrears: fromCents(Number(r.arrears)),
    overdueInvoices: Number(r.overdue),
    oldestDueDate: r.oldest,
  }));
  return {
    members,
    total: Number(totals.n),
    page: query.page,
    pageSize: query.pageSize,
    totals: { arrears: fromCents(Number(totals.arrears)), members: Number(totals.n) },
  };
}
