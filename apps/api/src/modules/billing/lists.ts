import type { AdminInvoicesPage, AdminPaymentsPage } from '@portal/contract';
import { fromCents } from '@portal/contract';
import { type Db, queryRows } from '@portal/db';
import { type SQL, sql } from 'drizzle-orm';
import { boundedTotals, pageWindow } from '../../shared/bounded-count';
import { wordsWhere } from '../../shared/sql-search';
import { today } from './ledger';
import { ledgerTotals } from './ledger-totals';

/** A single word that is a whole document number or member number: answered through their unique indexes. */
const exactTerm = (search: string | undefined) => {
  const text = search?.trim();
  return text && !/\s/.test(text) ? text.toUpperCase() : null;
};

/**
 * A search in a money list (issue 26): a whole document number, reference (a payment's M-Pesa or bank reference,
 * an invoice's source) or member number first, through their indexes;
 * otherwise every word in the member's names and number (the profiles' trigram index), never a scan of the ledger.
 */
export async function searchCondition(db: Db, search: string | undefined, documentType: string): Promise<SQL | null> {
  const text = search?.trim().replace(/\s+/g, ' ');
  if (!text) return null;
  const exact = exactTerm(text);
  if (exact) {
    // Each through its own index: an OR of the three would make the planner read the whole ledger.
    const condition = sql`e.id in (select id from ledger_entries where document_no = ${exact}
      union all select id from ledger_entries where upper(external_document_no) = ${exact}
      union all select id from ledger_entries where profile_id = (select profile_id from profiles where member_no = ${exact}))`;
    const [hit] = await queryRows<{ id: number }>(
      db,
      sql`select e.id from ledger_entries e where ${condition} and e.document_type = ${documentType} limit 1`,
    );
    if (hit) return condition;
  }
  return sql`e.profile_id in (select p.profile_id from profiles p where ${wordsWhere(text)})`;
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

/** The invoices' and payments' columns for a page of ledger ids, in the given order. */
const INVOICE_COLUMNS = sql`e.document_no, e.document_date::text as document_date, e.due_date::text as due_date, e.profile_id,
  p.member_no, p.first_name, p.second_name, p.last_name, e.purpose, e.description, e.external_document_no, e.amount_cents,
  e.remaining_cents`;

/**
 * GET /api/admin/billing/invoices: newest first, with totals over every invoice the filters match. Totals come from
 * the ledger's day totals when only status and purpose filter; otherwise they are counted up to EXACT_COUNT_LIMIT
 * (beyond it the count is the planner's estimate, and the sums are left out). The page's ids are read from the
 * order's index before their rows are (issue 26).
 */
export async function listInvoices(
  db: Db,
  query: { status?: 'open' | 'paid'; purpose?: string; period?: string; search?: string; page: number; pageSize: number },
): Promise<AdminInvoicesPage> {
  const on = today();
  const search = await searchCondition(db, query.search, 'Invoice');
  const where = whereOf([
    sql`e.document_type = 'Invoice'`,
    query.status === 'open' ? sql`e.remaining_cents > 0` : query.status === 'paid' ? sql`e.remaining_cents = 0` : null,
    query.purpose ? sql`e.purpose = ${query.purpose}` : null,
    query.period ? sql`s.period = ${query.period}` : null,
    search,
  ]);
  // A period's invoices are its subscriptions' (the (period, id) index), newest subscription first.
  const fromWhere = query.period
    ? sql`from subscriptions s join ledger_entries e on e.document_no = s.invoice_no ${where}`
    : sql`from ledger_entries e ${where}`;
  let counted:
    | { n: number; exact: boolean; amount: number; remaining: number }
    | { n: number; exact: false; amount: null; remaining: null };
  if (!search && !query.period) {
    const t = await ledgerTotals(db, { documentType: 'Invoice', purpose: query.purpose });
    counted =
      query.status === 'open'
        ? { n: t.openN, exact: true, amount: t.openAmountCents, remaining: t.remainingCents }
        : query.status === 'paid'
          ? { n: t.n - t.openN, exact: true, amount: t.amountCents - t.openAmountCents, remaining: 0 }
          : { n: t.n, exact: true, amount: t.amountCents, remaining: t.remainingCents };
  } else {
    const bounded = await boundedTotals(db, fromWhere, { amount: sql`e.amount_cents`, remaining: sql`e.remaining_cents` });
    counted = bounded.sums
      ? { n: bounded.n, exact: true, amount: bounded.sums.amount, remaining: bounded.sums.remaining }
      : { n: bounded.n, exact: false, amount: null, remaining: null };
  }
  const window = pageWindow(counted.exact ? counted.n : null, query.page, query.pageSize);
  const direction = window.reversed ? sql`asc` : sql`desc`;
  const key = query.period ? sql`s.id` : sql`e.document_date`;
  const rows = await queryRows<InvoiceRow>(
    db,
    sql`with page as (select e.id, ${key} as k ${fromWhere} order by ${key} ${direction}, e.id ${direction}
          limit ${window.limit} offset ${window.offset})
        select ${INVOICE_COLUMNS} from page join ledger_entries e on e.id = page.id join profiles p on p.profile_id = e.profile_id
        order by page.k desc, page.id desc`,
  );
  const totals = counted.amount === null ? null : { amount: counted.amount, remaining: counted.remaining };
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
    total: counted.n,
    totalExact: counted.exact,
    page: query.page,
    pageSize: query.pageSize,
    totals: totals && {
      amount: fromCents(totals.amount),
      paidAmount: fromCents(totals.amount - totals.remaining),
      remainingAmount: fromCents(totals.remaining),
    },
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
 * attempt that produced the receipt (`payments.receipt_no`). Totals as for invoices: the day totals when only the
 * dates filter, counted up to EXACT_COUNT_LIMIT otherwise.
 */
export async function listPayments(
  db: Db,
  query: { method?: string; from?: string; to?: string; search?: string; page: number; pageSize: number },
): Promise<AdminPaymentsPage> {
  const search = await searchCondition(db, query.search, 'Payment');
  const where = whereOf([
    sql`e.document_type = 'Payment'`,
    query.method ? sql`exists (select 1 from payments pay where pay.receipt_no = e.document_no and pay.provider = ${query.method})` : null,
    query.from ? sql`e.document_date >= ${query.from}` : null,
    query.to ? sql`e.document_date <= ${query.to}` : null,
    search,
  ]);
  const fromWhere = sql`from ledger_entries e ${where}`;
  let counted: { n: number; exact: boolean; sums: { amount: number; remaining: number } | null };
  if (!search && !query.method) {
    const t = await ledgerTotals(db, { documentType: 'Payment', from: query.from, to: query.to });
    counted = { n: t.n, exact: true, sums: { amount: -t.amountCents, remaining: -t.remainingCents } };
  } else {
    counted = await boundedTotals(db, fromWhere, { amount: sql`-e.amount_cents`, remaining: sql`-e.remaining_cents` });
  }
  const window = pageWindow(counted.exact ? counted.n : null, query.page, query.pageSize);
  const direction = window.reversed ? sql`asc` : sql`desc`;
  const rows = await queryRows<PaymentRow>(
    db,
    sql`with page as (select e.id ${fromWhere} order by e.document_date ${direction}, e.id ${direction}
          limit ${window.limit} offset ${window.offset})
        select e.id, e.document_no, e.document_date::text as document_date, e.posting_date::text as posting_date, e.profile_id,
          p.member_no, p.first_name, p.second_name, p.last_name, pay.provider as method,
          coalesce(pay.provider_reference, e.external_document_no) as reference, e.description, e.amount_cents, e.remaining_cents
        from page join ledger_entries e on e.id = page.id join profiles p on p.profile_id = e.profile_id
        left join payments pay on pay.receipt_no = e.document_no
        order by e.document_date desc, e.id desc`,
  );
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
    total: counted.n,
    totalExact: counted.exact,
    page: query.page,
    pageSize: query.pageSize,
    totals: counted.sums && { amount: fromCents(counted.sums.amount), unappliedAmount: fromCents(counted.sums.remaining) },
  };
}
