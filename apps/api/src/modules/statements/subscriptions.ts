import {
  billingMessages,
  fromCents,
  NO_SUBSCRIPTION_CERTIFICATE_CATEGORY,
  type Subscription,
  type SubscriptionStatus,
} from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { conflict, forbidden, notFound } from '../../shared/errors';
import type { UserRow } from '../../shared/session';
import { fullName, issueDocument, renderIssued } from '../documents';
import { findOwnedEntry, ledgerDocumentPdf } from './billing-documents';
import { codeCandidates, isStaff } from './subject';

const { ledgerAllocations, ledgerEntries, profiles, subscriptions } = schema;

type SubscriptionRow = typeof subscriptions.$inferSelect;
type InvoiceRow = typeof ledgerEntries.$inferSelect;

/** What payments (not credit notes) settled an invoice: total, last date, latest receipt. */
interface PaidBy {
  paidCents: number;
  lastPaidDate: string | null;
  receiptNo: string | null;
}

export async function paymentsAgainst(db: Db, invoiceIds: number[]): Promise<Map<number, PaidBy>> {
  const out = new Map<number, PaidBy>();
  if (!invoiceIds.length) return out;
  const rows = await db
    .select({
      invoiceId: ledgerAllocations.invoiceEntryId,
      amountCents: ledgerAllocations.amountCents,
      documentNo: ledgerEntries.documentNo,
      date: ledgerEntries.documentDate,
    })
    .from(ledgerAllocations)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerAllocations.creditEntryId))
    .where(and(inArray(ledgerAllocations.invoiceEntryId, invoiceIds), eq(ledgerEntries.documentType, 'Payment')))
    .orderBy(ledgerAllocations.id);
  for (const r of rows) {
    const seen = out.get(r.invoiceId) ?? { paidCents: 0, lastPaidDate: null, receiptNo: null };
    seen.paidCents += r.amountCents;
    if (!seen.lastPaidDate || r.date >= seen.lastPaidDate) {
      seen.lastPaidDate = r.date;
      seen.receiptNo = r.documentNo;
    }
    out.set(r.invoiceId, seen);
  }
  return out;
}

function subscriptionDto(s: SubscriptionRow, invoice: InvoiceRow | null, paid: PaidBy | undefined): Subscription {
  const billedCents = invoice?.amountCents ?? 0;
  const remainingCents = invoice?.remainingCents ?? 0;
  const paidCents = paid?.paidCents ?? 0;
  const fullyPaid = Boolean(invoice) && remainingCents === 0;
  const status: SubscriptionStatus = fullyPaid ? 'Paid' : remainingCents < billedCents ? 'Partially Paid' : 'Unpaid';
  return {
    subsPeriod: s.period,
    memberCategory: s.categoryCode,
    status,
    billedAmount: fromCents(billedCents),
    paidAmount: fromCents(paidCents),
    lastPaidDate: paid?.lastPaidDate ?? null,
    billed: Boolean(invoice),
    paid: paidCents > 0,
    fullyPaid,
    documentNo: s.invoiceNo,
    recieptNo: paid?.receiptNo ?? null,
    profileID: s.profileId,
    memberNo: s.memberNo,
    remainingAmount: fromCents(remainingCents),
    dueDate: invoice?.dueDate ?? null,
  };
}

/** `GET subs`: the member's subscriptions, newest period first, with flags derived from each invoice. */
export async function listSubscriptions(db: Db, profileId: string | null): Promise<Subscription[]> {
  if (!profileId) return [];
  const rows = await db
    .select({ subscription: subscriptions, invoice: ledgerEntries })
    .from(subscriptions)
    .leftJoin(ledgerEntries, and(eq(ledgerEntries.documentNo, subscriptions.invoiceNo), eq(ledgerEntries.documentType, 'Invoice')))
    .where(eq(subscriptions.profileId, profileId))
    .orderBy(desc(subscriptions.period), desc(subscriptions.id));
  const paid = await paymentsAgainst(
    db,
    rows.flatMap((r) => (r.invoice ? [r.invoice.id] : [])),
  );
  return rows.map((r) => subscriptionDto(r.subscription, r.invoice, r.invoice ? paid.get(r.invoice.id) : undefined));
}

interface FoundSubscription {
  subscription: SubscriptionRow;
  invoice: InvoiceRow | null;
  profile: typeof profiles.$inferSelect | null;
}

/**
 * The subscription a code names: its invoice number or `memberNo-period` (raw or base64), or, among the caller's
 * own, its period. A member reads only their own; admins and approvers anyone's by invoice number.
 */
async function findSubscription(db: Db, user: UserRow, code: string): Promise<FoundSubscription | null> {
  const candidates = codeCandidates(code);
  if (!candidates.length) return null;
  const byNumber = or(
    inArray(subscriptions.invoiceNo, candidates),
    inArray(sql`${subscriptions.memberNo} || '-' || ${subscriptions.period}`, candidates),
  );
  const own = user.profileId
    ? and(eq(subscriptions.profileId, user.profileId), or(byNumber, inArray(subscriptions.period, candidates)))
    : undefined;
  const where = isStaff(user) ? or(byNumber, own) : own;
  if (!where) return null;
  const [row] = await db
    .select({ subscription: subscriptions, invoice: ledgerEntries, profile: profiles })
    .from(subscriptions)
    .leftJoin(ledgerEntries, and(eq(ledgerEntries.documentNo, subscriptions.invoiceNo), eq(ledgerEntries.documentType, 'Invoice')))
    .leftJoin(profiles, eq(profiles.profileId, subscriptions.profileId))
    .where(where)
    .orderBy(desc(subscriptions.id))
    .limit(1);
  return row ?? null;
}

/** `GET subs/proforma/{code}`: the subscription's invoice PDF. */
export async function subscriptionInvoicePdf(ctx: AppContext, user: UserRow, code: string): Promise<string> {
  const found = await findSubscription(ctx.db, user, code);
  if (!found?.invoice) throw notFound(billingMessages.invalidReceipt);
  return ledgerDocumentPdf(ctx, 'invoice', { entry: found.invoice, profile: found.profile });
}

/**
 * `GET subs/receipt/{code}`: a receipt by its number (the row's recieptNo), or the latest receipt of the
 * subscription the code names. 404 'Invalid receipt No.' when there is none.
 */
export async function subscriptionReceiptPdf(ctx: AppContext, user: UserRow, code: string): Promise<string> {
  const candidates = codeCandidates(code);
  const direct = candidates.length ? await findOwnedEntry(ctx.db, user, inArray(ledgerEntries.documentNo, candidates), 'Payment') : null;
  if (direct) return ledgerDocumentPdf(ctx, 'receipt', direct);
  const found = await findSubscription(ctx.db, user, code);
  if (!found?.invoice) throw notFound(billingMessages.invalidReceipt);
  const receiptNo = (await paymentsAgainst(ctx.db, [found.invoice.id])).get(found.invoice.id)?.receiptNo;
  const receipt = receiptNo ? await findOwnedEntry(ctx.db, user, eq(ledgerEntries.documentNo, receiptNo), 'Payment') : null;
  if (!receipt) throw notFound(billingMessages.invalidReceipt);
  return ledgerDocumentPdf(ctx, 'receipt', receipt);
}

/**
 * `POST subs/certificate {code}`: the subscription certificate (part 2 §2.3) once the subscription is paid in
 * full; never for the Graduate category. Issued once per subscription under a verifiable number.
 */
export async function subscriptionCertificatePdf(ctx: AppContext, user: UserRow, code: string): Promise<string> {
  const found = await findSubscription(ctx.db, user, code);
  if (!found) throw notFound(billingMessages.subscriptionNotFound);
  const { subscription, invoice, profile } = found;
  if (subscription.categoryCode === NO_SUBSCRIPTION_CERTIFICATE_CATEGORY) throw forbidden(billingMessages.certificateGraduate);
  if (!invoice || invoice.remainingCents > 0) throw conflict(billingMessages.certificateUnpaid);
  const row = await issueDocument(ctx, {
    kind: 'subscription_certificate',
    profileId: subscription.profileId,
    subjectKey: subscription.invoiceNo,
    holderName: fullName(profile) || subscription.memberNo,
    memberNo: subscription.memberNo,
    categoryCode: subscription.categoryCode,
    details: { period: subscription.period },
  });
  return (await renderIssued(ctx, row)).toString('base64');
}
