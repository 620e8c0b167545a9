import type { LedgerEntry, PaymentHistoryRecord } from './billing';
import { centsToText, toCents } from './money';

/** The billing module's constants, messages and pure helpers, without schemas: the pages can use them without zod. */

/** Ledger document types (decisions.md §5). */
export const LEDGER_DOCUMENT_TYPES = ['Invoice', 'Payment', 'Credit Memo'] as const;
export type LedgerDocumentType = (typeof LEDGER_DOCUMENT_TYPES)[number];

/** What the subscription's Status column says. */
export const SUBSCRIPTION_STATUSES = ['Unpaid', 'Partially Paid', 'Paid'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

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
