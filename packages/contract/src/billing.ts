import * as z from 'zod';
import { SUBSCRIPTION_STATUSES } from './billing-values';
import { messages } from './messages';

/**
 * The member-facing money calls of both parts of the spec (part 1 §2 Dashboard, §7; part 2 §2.3, §2.5, §3, §7):
 * the statement (ledger), balance, invoices and receipts, subscriptions, payment history and the good-standing
 * certificate. Amounts are shillings with two decimals (integer cents on the server). Decision 025.
 */

/** Its constants, messages and pure helpers (file names, the CSV, pending payments) are in billing-values.ts (no zod). */
export * from './billing-values';

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
