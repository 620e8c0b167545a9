import { type Db, nextNumber, queryRows, schema } from '@portal/db';
import { and, asc, eq, gt, inArray, lt, ne, type SQLWrapper, sql } from 'drizzle-orm';
import { nairobiDate } from '../../shared/dates';
import { preparedPerDb } from '../../shared/prepared';

const { applications, eventBookings, ledgerAllocations, ledgerEntries, memberships } = schema;

/** A transaction handle (`ctx.db.transaction(async (tx) => …)`) or the database itself. */
export type Tx = Db;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

export const INVOICE_PURPOSES = ['application', 'subscription', 'upgrade', 'license', 'event', 'fine'] as const;
export type InvoicePurpose = (typeof INVOICE_PURPOSES)[number];
export const LEDGER_PAYMENT_METHODS = ['MPESA', 'CARD', 'BANK', 'CHEQUE'] as const;
export type LedgerPaymentMethod = (typeof LEDGER_PAYMENT_METHODS)[number];

/** How each method reads in a receipt's description: the word people use ('M-Pesa'), never the code ('MPESA'). */
const METHOD_WORDS: Record<LedgerPaymentMethod, string> = { MPESA: 'M-Pesa', CARD: 'Card', BANK: 'Bank', CHEQUE: 'Cheque' };

/** A receipt's description as the statement shows it: 'M-Pesa payment QK7…', 'Bank payment FT123'. */
export function receiptDescription(method: LedgerPaymentMethod, reference: string): string {
  return `${METHOD_WORDS[method]} payment ${reference}`;
}

export interface Allocation {
  invoiceNo: string;
  amountCents: number;
}

export interface RaiseInvoiceInput {
  profileId: string;
  purpose: InvoicePurpose;
  description: string;
  amountCents: number;
  /** The source: application code, subscription `memberNo-period`, … */
  externalDocumentNo?: string | null;
  /** YYYY-MM-DD; today in Nairobi by default. */
  documentDate?: string;
  /** YYYY-MM-DD; the document date by default (due on receipt). */
  dueDate?: string | null;
  createdBy?: number | null;
}

export interface PostPaymentInput {
  profileId: string;
  /** What was received, > 0. */
  amountCents: number;
  method: LedgerPaymentMethod;
  /** The provider's reference (M-Pesa receipt number, card transaction id, bank or cheque reference). */
  reference: string;
  description?: string;
  /** The invoice being paid: settled first, then the member's other open invoices oldest first. */
  invoiceNo?: string | null;
  /** The invoices being paid (everything due), settled in this order first; then the others oldest first. */
  invoiceNos?: readonly string[] | null;
  paidAt?: Date;
  createdBy?: number | null;
}

export interface PostPaymentResult {
  receiptNo: string;
  entry: LedgerEntryRow;
  allocations: Allocation[];
}

export interface CreditNoteInput {
  profileId: string;
  /** The credit, > 0 (stored negative). */
  amountCents: number;
  reason: string;
  /** The invoice corrected: settled first, then the member's other open invoices oldest first. */
  invoiceNo?: string | null;
  createdBy?: number | null;
}

/** Thrown by the core for a request that cannot be posted (bad amount, unknown or foreign invoice). */
export class LedgerError extends Error {}

/** Today's calendar date in Nairobi, YYYY-MM-DD. */
export function today(at: Date = new Date()): string {
  return nairobiDate(at);
}

function assertCents(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new LedgerError(`Amount must be a positive whole number of cents: ${amountCents}`);
  }
}

/** Runs `work` atomically: a transaction on the database, a savepoint inside a caller's transaction. */
function atomically<T>(tx: Tx, work: (inner: Tx) => Promise<T>): Promise<T> {
  return tx.transaction((inner) => work(inner as unknown as Tx));
}

/** Raises an invoice (INV…): amount owed, nothing applied yet. */
export async function raiseInvoice(tx: Tx, input: RaiseInvoiceInput): Promise<LedgerEntryRow> {
  assertCents(input.amountCents);
  return atomically(tx, async (db) => {
    const documentNo = await nextNumber(db, 'invoice', 'INV');
    const documentDate = input.documentDate ?? today();
    const [entry] = await db
      .insert(ledgerEntries)
      .values({
        profileId: input.profileId,
        documentNo,
        documentType: 'Invoice',
        purpose: input.purpose,
        description: input.description,
        amountCents: input.amountCents,
        remainingCents: input.amountCents,
        externalDocumentNo: input.externalDocumentNo ?? null,
        documentDate,
        postingDate: today(),
        dueDate: input.dueDate === undefined ? documentDate : input.dueDate,
        createdBy: input.createdBy ?? null,
      })
      .returning();
    return entry;
  });
}

export async function findInvoice(db: Db, invoiceNo: string): Promise<LedgerEntryRow | null> {
  const [row] = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.documentNo, invoiceNo), eq(ledgerEntries.documentType, 'Invoice')));
  return row ?? null;
}

/**
 * Locks the member's open invoices and then their unapplied credits, each in id order: every posting path takes
 * its locks in this one order, so two postings for one member wait for each other instead of deadlocking, and a
 * second payment sees the remaining amounts the first one left.
 */
export async function lockOpenInvoices(db: Tx, profileId: string): Promise<LedgerEntryRow[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.profileId, profileId), eq(ledgerEntries.documentType, 'Invoice'), gt(ledgerEntries.remainingCents, 0)))
    .orderBy(asc(ledgerEntries.id))
    .for('update');
}

async function lockOpenCredits(db: Tx, profileId: string): Promise<LedgerEntryRow[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.profileId, profileId), ne(ledgerEntries.documentType, 'Invoice'), lt(ledgerEntries.remainingCents, 0)))
    .orderBy(asc(ledgerEntries.id))
    .for('update');
}

/** Oldest first: by due date (the document date when there is none), then date, then number. */
export function oldestFirst<T extends Pick<LedgerEntryRow, 'dueDate' | 'documentDate' | 'documentNo'>>(invoices: readonly T[]): T[] {
  const key = (row: T) => `${row.dueDate ?? row.documentDate}|${row.documentDate}|${row.documentNo}`;
  return [...invoices].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** The order a credit settles invoices in: the named ones first (in the order given), then oldest first. */
function settlementOrder(invoices: LedgerEntryRow[], named: readonly (string | null | undefined)[] = []): LedgerEntryRow[] {
  const sorted = oldestFirst(invoices);
  const first = named.flatMap((no) => sorted.filter((row) => row.documentNo === no));
  return [...first, ...sorted.filter((row) => !first.includes(row))];
}

/**
 * Applies up to `availableCents` of the credit entry to the invoices in order; writes the allocations, moves both
 * remaining amounts, and marks the source of every invoice it completes as paid by `credit.documentNo`.
 */
async function settle(
  db: Tx,
  credit: { id: number; documentNo: string },
  availableCents: number,
  invoices: LedgerEntryRow[],
): Promise<Allocation[]> {
  const allocations: Allocation[] = [];
  let left = availableCents;
  const completed: string[] = [];
  for (const invoice of invoices) {
    if (left <= 0) break;
    const amount = Math.min(left, invoice.remainingCents);
    if (amount <= 0) continue;
    await db.insert(ledgerAllocations).values({ invoiceEntryId: invoice.id, creditEntryId: credit.id, amountCents: amount });
    await db
      .update(ledgerEntries)
      .set({ remainingCents: sql`${ledgerEntries.remainingCents} - ${amount}` })
      .where(eq(ledgerEntries.id, invoice.id));
    invoice.remainingCents -= amount;
    if (invoice.remainingCents === 0) completed.push(invoice.documentNo);
    allocations.push({ invoiceNo: invoice.documentNo, amountCents: amount });
    left -= amount;
  }
  const applied = availableCents - left;
  if (applied > 0) {
    await db
      .update(ledgerEntries)
      .set({ remainingCents: sql`${ledgerEntries.remainingCents} + ${applied}` })
      .where(eq(ledgerEntries.id, credit.id));
  }
  if (completed.length > 0) await markSourcesPaid(db, completed, credit.documentNo);
  return allocations;
}

/**
 * An invoice settled in full marks its source document: the application fee's posted receipt; an event booking's
 * receipt, turning it from billed to open (a cancelled booking stays cancelled).
 */
async function markSourcesPaid(db: Tx, invoiceNos: string[], receiptNo: string): Promise<void> {
  await db
    .update(applications)
    .set({ postedReceiptNo: receiptNo, updatedAt: new Date() })
    .where(and(inArray(applications.invoiceNo, invoiceNos), sql`${applications.postedReceiptNo} is null`));
  await db
    .update(eventBookings)
    .set({ receiptNo, status: 'open', updatedAt: new Date() })
    .where(and(inArray(eventBookings.invoiceNo, invoiceNos), eq(eventBookings.status, 'billed')));
}

async function ownInvoice(db: Tx, profileId: string, invoiceNo: string | null | undefined): Promise<void> {
  if (!invoiceNo) return;
  const invoice = await findInvoice(db, invoiceNo);
  if (!invoice || invoice.profileId !== profileId) throw new LedgerError(`Unknown invoice ${invoiceNo} for this member`);
}

/**
 * Posts a payment (RCT…) received from the member and applies it: the named invoice first, then the member's
 * other open invoices oldest first; what is left stays as unapplied credit. Posting exactly once is the caller's
 * job (unique keys and conditional updates in the same transaction).
 */
export async function postPayment(tx: Tx, input: PostPaymentInput): Promise<PostPaymentResult> {
  assertCents(input.amountCents);
  return atomically(tx, async (db) => {
    await ownInvoice(db, input.profileId, input.invoiceNo);
    const open = await lockOpenInvoices(db, input.profileId);
    const receiptNo = await nextNumber(db, 'receipt', 'RCT');
    const date = today(input.paidAt ?? new Date());
    const [inserted] = await db
      .insert(ledgerEntries)
      .values({
        profileId: input.profileId,
        documentNo: receiptNo,
        documentType: 'Payment',
        purpose: null,
        description: input.description ?? receiptDescription(input.method, input.reference),
        amountCents: -input.amountCents,
        remainingCents: -input.amountCents,
        externalDocumentNo: input.reference,
        documentDate: date,
        postingDate: today(),
        dueDate: null,
        createdBy: input.createdBy ?? null,
      })
      .returning();
    const named = input.invoiceNos ?? [input.invoiceNo];
    const allocations = await settle(db, inserted, input.amountCents, settlementOrder(open, named));
    const [entry] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.id, inserted.id));
    return { receiptNo, entry, allocations };
  });
}

/** Applies the member's unapplied credit (oldest credit first) to one of their invoices (the CREDIT provider). */
export async function applyCredit(
  tx: Tx,
  input: { profileId: string; invoiceNo: string },
): Promise<{ appliedCents: number; allocations: Allocation[] }> {
  return atomically(tx, async (db) => {
    await ownInvoice(db, input.profileId, input.invoiceNo);
    const open = await lockOpenInvoices(db, input.profileId);
    const invoice = open.find((row) => row.documentNo === input.invoiceNo);
    const credits = await lockOpenCredits(db, input.profileId);
    const allocations: Allocation[] = [];
    let appliedCents = 0;
    if (!invoice) return { appliedCents, allocations };
    for (const credit of credits) {
      if (invoice.remainingCents === 0) break;
      const made = await settle(db, credit, -credit.remainingCents, [invoice]);
      for (const allocation of made) {
        allocations.push(allocation);
        appliedCents += allocation.amountCents;
      }
    }
    return { appliedCents, allocations };
  });
}

/**
 * Applies the member's unapplied credit (oldest credit first) to all their open invoices, oldest first: what
 * paying everything due does before it asks for the rest.
 */
export async function applyCreditToAll(tx: Tx, profileId: string): Promise<{ appliedCents: number; allocations: Allocation[] }> {
  return atomically(tx, async (db) => {
    const open = oldestFirst(await lockOpenInvoices(db, profileId));
    const credits = await lockOpenCredits(db, profileId);
    const allocations: Allocation[] = [];
    for (const credit of credits) {
      const waiting = open.filter((invoice) => invoice.remainingCents > 0);
      if (waiting.length === 0) break;
      allocations.push(...(await settle(db, credit, -credit.remainingCents, waiting)));
    }
    return { appliedCents: allocations.reduce((sum, a) => sum + a.amountCents, 0), allocations };
  });
}

/**
 * Posts a credit note (CRN…), the only way to correct an invoice: applied to the named invoice first, then to the
 * member's other open invoices oldest first; never takes a remaining amount below zero (the rest is credit).
 */
export async function postCreditNote(tx: Tx, input: CreditNoteInput): Promise<LedgerEntryRow> {
  assertCents(input.amountCents);
  return atomically(tx, async (db) => {
    await ownInvoice(db, input.profileId, input.invoiceNo);
    const open = await lockOpenInvoices(db, input.profileId);
    const documentNo = await nextNumber(db, 'credit-note', 'CRN');
    const date = today();
    const [inserted] = await db
      .insert(ledgerEntries)
      .values({
        profileId: input.profileId,
        documentNo,
        documentType: 'Credit Memo',
        purpose: null,
        description: input.reason,
        amountCents: -input.amountCents,
        remainingCents: -input.amountCents,
        externalDocumentNo: input.invoiceNo ?? null,
        documentDate: date,
        postingDate: date,
        dueDate: null,
        createdBy: input.createdBy ?? null,
      })
      .returning();
    await settle(db, inserted, input.amountCents, settlementOrder(open, [input.invoiceNo]));
    const [entry] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.id, inserted.id));
    return entry;
  });
}

/** What the member owes (positive) or holds as credit (negative): the sum of their entries. */
export async function balanceCents(db: Db, profileId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.profileId, profileId));
  return Number(row.total);
}

/** Arrears: invoices with something still to pay whose due date has passed by `on`. */
const overdue = (on: string | SQLWrapper) =>
  and(eq(ledgerEntries.documentType, 'Invoice'), gt(ledgerEntries.remainingCents, 0), lt(ledgerEntries.dueDate, on));

/** Unapplied credit: payments and credit notes not yet set against an invoice. */
const unappliedCredit = and(ne(ledgerEntries.documentType, 'Invoice'), lt(ledgerEntries.remainingCents, 0));

/** What is still owed on invoices whose due date has passed. */
export async function arrearsCents(db: Db, profileId: string, on: string = today()): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.remainingCents}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.profileId, profileId), overdue(on)));
  return Number(row.total);
}

export interface LedgerTotals {
  /** balanceCents: the sum of the entries. */
  balanceCents: number;
  /** arrearsCents. */
  arrearsCents: number;
  /** Unapplied credit, as a positive number of cents. */
  creditCents: number;
  /** isInGoodStanding. */
  goodStanding: boolean;
}

// Read by every dashboard (balance tiles, profile summary): built once and prepared (issue 11).
const totalsQuery = preparedPerDb((db) => {
  const profileId = sql.placeholder('profileId');
  const on = sql.placeholder('on');
  return db
    .select({
      balance: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)`,
      arrears: sql<string>`coalesce(sum(${ledgerEntries.remainingCents}) filter (where ${overdue(on)}), 0)`,
      credit: sql<string>`coalesce(sum(${ledgerEntries.remainingCents}) filter (where ${unappliedCredit}), 0)`,
      active: sql<boolean>`exists (select 1 from ${memberships} where ${and(eq(memberships.profileId, profileId), eq(memberships.status, 'Active'))})`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.profileId, profileId))
    .prepare('ledger_totals');
});

/** Balance, arrears, unapplied credit and good standing in one query (the dashboard asks for all four at once). */
export async function ledgerTotals(db: Db, profileId: string, on: string = today()): Promise<LedgerTotals> {
  const [row] = await totalsQuery(db).execute({ profileId, on });
  const arrears = Number(row.arrears);
  return {
    balanceCents: Number(row.balance),
    arrearsCents: arrears,
    creditCents: Math.abs(Number(row.credit)),
    goodStanding: row.active === true && arrears === 0,
  };
}

/** An Active membership and no arrears. */
export async function isInGoodStanding(db: Db, profileId: string, on: string = today()): Promise<boolean> {
  return (await ledgerTotals(db, profileId, on)).goodStanding;
}

/**
 * Every broken rule of the ledger, as text; [] when sound. Checked after every money test file.
 * Remaining amounts within bounds, every remaining amount explained by its allocations, allocations between an
 * invoice and a credit of the same member, each member's balance equal to the sum of their remaining amounts,
 * and the application fees' posted receipts in step with their invoices.
 */
export async function checkLedgerInvariants(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const bounds = await queryRows<{ document_no: string }>(
    db,
    sql`select document_no from ledger_entries
        where not ((document_type = 'Invoice' and amount_cents > 0 and remaining_cents between 0 and amount_cents)
          or (document_type in ('Payment', 'Credit Memo') and amount_cents < 0 and remaining_cents between amount_cents and 0))`,
  );
  for (const row of bounds) problems.push(`${row.document_no}: remaining amount out of bounds`);

  const unexplained = await queryRows<{ document_no: string; applied: string; allocated: string }>(
    db,
    sql`select e.document_no,
          case when e.document_type = 'Invoice' then e.amount_cents - e.remaining_cents
               else e.remaining_cents - e.amount_cents end as applied,
          coalesce((select sum(a.amount_cents) from ledger_allocations a
                    where a.invoice_entry_id = e.id or a.credit_entry_id = e.id), 0) as allocated
        from ledger_entries e`,
  );
  for (const row of unexplained) {
    if (Number(row.applied) !== Number(row.allocated)) {
      problems.push(`${row.document_no}: applied ${row.applied} but allocations add up to ${row.allocated}`);
    }
  }

  const badAllocations = await queryRows<{ id: number }>(
    db,
    sql`select a.id from ledger_allocations a
        join ledger_entries i on i.id = a.invoice_entry_id
        join ledger_entries c on c.id = a.credit_entry_id
        where i.document_type <> 'Invoice' or c.document_type = 'Invoice' or i.profile_id <> c.profile_id
          or a.amount_cents <= 0`,
  );
  for (const row of badAllocations) problems.push(`allocation ${row.id}: not between an invoice and a credit of one member`);

  const balances = await queryRows<{ profile_id: string; balance: string; open: string }>(
    db,
    sql`select profile_id, sum(amount_cents) as balance, sum(remaining_cents) as open
        from ledger_entries group by profile_id having sum(amount_cents) <> sum(remaining_cents)`,
  );
  for (const row of balances) {
    problems.push(`${row.profile_id}: balance ${row.balance} differs from the open amounts ${row.open}`);
  }

  const fees = await queryRows<{ code: string; problem: string }>(
    db,
    sql`select a.code,
          case when e.id is null then 'fee invoice missing'
               when e.profile_id is distinct from a.profile_id then 'fee invoice of another member'
               when (e.remaining_cents = 0) <> (a.posted_receipt_no is not null) then 'posted receipt out of step with the invoice'
          end as problem
        from applications a left join ledger_entries e on e.document_no = a.invoice_no and e.document_type = 'Invoice'
        where a.invoice_no is not null`,
  );
  for (const row of fees) if (row.problem) problems.push(`${row.code}: ${row.problem}`);

  const subscriptionInvoices = await queryRows<{ member_no: string; period: string }>(
    db,
    sql`select s.member_no, s.period from subscriptions s
        left join ledger_entries e on e.document_no = s.invoice_no and e.document_type = 'Invoice'
          and e.purpose = 'subscription' and e.profile_id = s.profile_id
        where e.id is null`,
  );
  for (const row of subscriptionInvoices) {
    problems.push(`subscription ${row.member_no}-${row.period}: invoice missing`);
  }
  return problems;
}
