import * as z from 'zod';
import { messages } from './messages';
import { centsToText, toCents } from './money';

/**
 * The member-facing money calls of both parts of the spec (part 1 §2 Dashboard, §7; part 2 §2.3, §2.5, §3, §7):
 * the statement (ledger), balance, invoices and receipts, subscriptions, payment history and the good-standing
 * certificate. Amounts are shillings with two decimals (integer cents on the server). Decision 025.
 */

/** Ledger document types (decisions.md §5). */
export const LEDGER_DOCUMENT_TYPES = ['Invoice', 'Payment', 'Credit Memo'] as const;
export type LedgerDocumentType = (typeof LEDGER_DOCUMENT_TYPES)[number];

/** One row of My Statement (part 2 §3 'Ledger entry', part 1 §3). Dates are `YYYY-MM-DD`. */
export const ledgerEntrySchema = z.object({
  documentNo: z.string(),
  documentType: z.string(),
  description: z.string(),
  /** Invoices positive, payments and credit notes negative. */
  amountLCY: z.number(),
  dueDate: z.string().nullable(),
  postingDate: z.string(),
  /** The source of the document: an application code, a subscription (`memberNo-period`), a payment reference. */
  externalDocumentNo: z.string().nullable(),
  documentDate: z.string(),
  /** What is still owed on an invoice (>= 0); unapplied credit on a payment or credit note (<= 0). */
  remainingAmtLCY: z.number(),
  /** What an invoice bills ('application', 'subscription', …); null for payments and credit notes. */
  purpose: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/**
 * `GET billing/balance`: the balance (part 2 §3) and what the dashboard tiles show (part 1 §2): the arrears
 * (what is owed on invoices past their due date), unapplied credit, and good standing (an Active membership
 * and no arrears, decisions.md §5).
 */
export const balanceSchema = z.object({
  /** Sum of every entry: positive = owed, negative = in credit. */
  BalanceLCY: z.number(),
  /** Remaining amounts of overdue invoices. */
  arrearsLCY: z.number(),
  /** Unapplied credit (payments or credit notes not yet set against an invoice), as a positive amount. */
  creditLCY: z.number(),
  goodStanding: z.boolean(),
});
export type Balance = z.infer<typeof balanceSchema>;

/** What the subscription's Status column says. */
export const SUBSCRIPTION_STATUSES = ['Unpaid', 'Partially Paid', 'Paid'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * One row of My Subscriptions (part 2 §2.3, §3), derived from the subscription's invoice:
 * billed = an invoice exists; paid = some payment was received (so a receipt exists); fullyPaid = nothing is left
 * to pay. Invoice when billed, Receipt when paid and recieptNo is set, Pay Now until fullyPaid, and the
 * certificate once fullyPaid (the server refuses it before, and for GRADUATE).
 */
export const subscriptionSchema = z.object({
  /** The subscription year, e.g. '2026'. */
  subsPeriod: z.string(),
  /** The category billed for that year (its code). */
  memberCategory: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  billedAmount: z.number(),
  /** Paid by payments (credit notes reduce what is owed but are not payments). */
  paidAmount: z.number(),
  /** Date of the last payment applied (`YYYY-MM-DD`), or null. */
  lastPaidDate: z.string().nullable(),
  billed: z.boolean(),
  paid: z.boolean(),
  fullyPaid: z.boolean(),
  /** The subscription's invoice number (the code of Invoice, Pay Now and Certificate). */
  documentNo: z.string(),
  /** The latest receipt applied to the invoice (the spec's spelling), or null. */
  recieptNo: z.string().nullable(),
  profileID: z.string(),
  memberNo: z.string(),
  /** What is still owed on the invoice. */
  remainingAmount: z.number(),
  dueDate: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** `POST subs/certificate`. The code is the subscription's invoice number (or its period, or `memberNo-period`). */
export const subscriptionCertificateRequest = z.object({
  code: z.string().trim().min(1, 'Required field').max(400, messages.valueTooLong),
});
export type SubscriptionCertificateRequest = z.infer<typeof subscriptionCertificateRequest>;

/**
 * One payment in My Payment History (part 2 §2.3, §3): one row per receipt. paymentCode is the receipt number,
 * paymentID the provider's reference (M-Pesa receipt number, bank or cheque reference), paymentFrom who paid
 * (the paying phone or the member), paymentTo who received it (the organisation), yearOfSubscription the
 * subscription year it paid (the payment's year when it paid no subscription), no the row number.
 */
export const paymentHistoryRecordSchema = z.object({
  paymentCode: z.string(),
  paymentDate: z.string(),
  paymentFrom: z.string(),
  paymentTo: z.string(),
  amount: z.number(),
  paymentID: z.string(),
  paymentType: z.string(),
  yearOfSubscription: z.string(),
  email: z.string(),
  name: z.string(),
  no: z.number(),
  memberNo: z.string(),
});
export type PaymentHistoryRecord = z.infer<typeof paymentHistoryRecordSchema>;

/** Export to Excel (part 2 §7): the CSV's columns in order. */
export const PAYMENT_HISTORY_CSV_COLUMNS = [
  'PaymentCode',
  'DateOfPayment',
  'PaymentOrigin',
  'PaymentRecepient',
  'amount',
  'PaymentID',
  'PaymentType',
  'YearOfSubscription',
  'email',
  'name',
  'no',
] as const;

/** `payment-history-{memberNo}.csv`. */
export function paymentHistoryFileName(memberNo: string | null | undefined): string {
  return `payment-history-${(memberNo ?? '').replace(/[^A-Za-z0-9_-]/g, '')}.csv`;
}

/** A CSV cell: quoted when needed, and a leading = + - @ neutralised so a spreadsheet never runs it as a formula. */
function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The payment history as the CSV that 'Export to Excel' downloads (part 2 §7): a header row with the spec's
 * columns, one row per record, amounts with two decimals, CRLF line ends, a BOM so Excel reads UTF-8 names.
 */
export function paymentHistoryCsv(
  records: PaymentHistoryRecord[],
  memberNo: string | null | undefined,
): { fileName: string; content: string } {
  const rows: (string | number)[][] = [
    [...PAYMENT_HISTORY_CSV_COLUMNS],
    ...records.map((r) => [
      r.paymentCode,
      r.paymentDate,
      r.paymentFrom,
      r.paymentTo,
      centsToText(toCents(r.amount)),
      r.paymentID,
      r.paymentType,
      r.yearOfSubscription,
      r.email,
      r.name,
      r.no,
    ]),
  ];
  return {
    fileName: paymentHistoryFileName(memberNo),
    content: `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`,
  };
}

/** Subscription history rows newest year first (part 2 §2.3), then newest payment first. */
export function sortPaymentHistory(records: PaymentHistoryRecord[]): PaymentHistoryRecord[] {
  return [...records].sort(
    (a, b) =>
      b.yearOfSubscription.localeCompare(a.yearOfSubscription) ||
      b.paymentDate.localeCompare(a.paymentDate) ||
      b.paymentCode.localeCompare(a.paymentCode),
  );
}

/**
 * `GET license/good_standing_certificate/{memberNo}` (part 1 §7): `data[0]` is the good-standing value; `data[1]`
 * the certificate as a base64 PDF, present only when the setting is on and the member is in good standing.
 */
export const goodStandingResponseSchema = z.object({
  data: z.union([z.tuple([z.boolean()]), z.tuple([z.boolean(), z.string()])]),
});
export type GoodStandingResponse = z.infer<typeof goodStandingResponseSchema>;

/** A member's statement, balance, subscriptions and so on; admins and approvers may name another profile. */
export const billingSubjectQuery = z.object({ profileId: z.string().trim().min(1).max(40, messages.valueTooLong).optional() });

/** Download names of the billing viewers (part 2 §2.5): INVOICE-{date}.pdf, RECEIPT-{date}.pdf. */
export function billingFileName(kind: 'INVOICE' | 'RECEIPT', today: string): string {
  return `${kind}-${today}.pdf`;
}

export const billingMessages = {
  /** Part 1 §8, part 2 §5 and §8: an empty, invalid, unknown or someone else's invoice or receipt. */
  invalidReceipt: 'Invalid receipt No.',
  subscriptionNotFound: 'Subscription not found',
  certificateUnpaid: 'The certificate is available once the subscription has been paid in full',
  certificateGraduate: 'A subscription certificate is not issued for the Graduate category',
  goodStandingNoMember: 'No membership number is on record for this profile',
  goodStandingMemberNotFound: 'Member not found',
  profileNotFound: 'Profile not found',
} as const;

/** The category that gets no subscription certificate (part 2 §2.3, §6). */
export const NO_SUBSCRIPTION_CERTIFICATE_CATEGORY = 'GRADUATE';

/** Pending Payments (part 1 §9): Invoice rows with something left to pay and a non-empty external document number. */
export function isPendingPayment(entry: Pick<LedgerEntry, 'documentType' | 'remainingAmtLCY' | 'externalDocumentNo'>): boolean {
  return entry.documentType === 'Invoice' && entry.remainingAmtLCY > 0 && Boolean(entry.externalDocumentNo?.trim());
}
