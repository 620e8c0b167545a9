import * as z from 'zod';
import { encodeJson } from './codec';
import { TEXT_LIMITS as L } from './limits';
import { messages } from './messages';
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES, paymentMessages } from './payments-values';

/** Checkout's schemas. Its providers, statuses, messages and other plain values are in payments-values.ts (no zod). */
export * from './payments-values';

const text = (max: number, message: string = messages.valueTooLong) =>
  z.union([z.string().max(max, message), z.number()]).transform((value) => String(value).trim());
const optionalText = (max: number) => text(max).optional().nullable();

/** The decoded payment request (part 2 §3, §7). Only sourceDocumentNo decides what is paid. */
export const paymentRequestSchema = z.object({
  payerID: optionalText(L.code),
  sourceDocumentNo: text(60, paymentMessages.requestInvalid).pipe(
    z.string().min(1, paymentMessages.requestInvalid).max(60, paymentMessages.requestInvalid),
  ),
  description: optionalText(L.text),
  /** Shown by the checkout page; the server uses the document's remaining amount instead. */
  amount: z
    .union([z.number(), z.string().max(L.short, messages.valueTooLong)])
    .optional()
    .nullable(),
  /** The normalised phone (subscriptions), empty otherwise. Informational fields are bounded generously. */
  accountNo: optionalText(L.code),
  email: optionalText(L.email),
  idNumber: optionalText(L.code),
  /** First and last name as the profile holds them (a firm's name is up to 200 characters). */
  name: optionalText(2 * L.text),
  success_url: optionalText(L.routeCode),
  fail_url: optionalText(L.routeCode),
});
export type PaymentRequest = z.input<typeof paymentRequestSchema>;

/** Base64 of the request's JSON, as the checkout page receives it. */
export function encodePaymentRequest(request: PaymentRequest): string {
  return encodeJson(request);
}

/** POST /api/payments. `phone` (M-Pesa) wins over the request's accountNo. */
export const createPaymentRequest = z.object({
  request: z.string().trim().min(1, paymentMessages.requestInvalid).max(8000, paymentMessages.requestInvalid),
  provider: z.enum(PAYMENT_PROVIDERS, { message: paymentMessages.providerUnavailable }),
  phone: z.string().trim().max(20, messages.valueTooLong).optional().nullable(),
});
export type CreatePaymentRequest = z.input<typeof createPaymentRequest>;

/** A payment attempt as the checkout and waiting screens see it. Amounts in shillings. */
/** One line of what an amount is made of: 'Fee', 'VAT 16%', 'Paid already' (negative). */
export const feeLineSchema = z.object({ label: z.string(), amount: z.number() });
export type FeeLine = z.infer<typeof feeLineSchema>;

/** A document a payment settled, and by how much. */
export const settledDocumentSchema = z.object({ invoiceNo: z.string(), description: z.string(), amount: z.number() });
export type SettledDocument = z.infer<typeof settledDocumentSchema>;

export const paymentSchema = z.object({
  id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  provider: z.string(),
  amount: z.number(),
  invoiceNo: z.string(),
  description: z.string(),
  /** The receipt (RCT…) once an M-Pesa or card payment has been posted; null for CREDIT and until then. */
  receiptNo: z.string().nullable(),
  /** The provider's reference (M-Pesa receipt number, card transaction id) once known. */
  providerReference: z.string().nullable(),
  /** What to tell the member now (the provider's customer message, why it failed, or the credit applied). */
  message: z.string(),
  /** What is left to pay on the invoice now (after this attempt, once it succeeded); ALL-DUE: on its documents. */
  remainingAmount: z.number(),
  /** ALL-DUE: the invoices the payment was started for, oldest first; [] for a payment of one invoice. */
  documents: z.array(z.string()),
  /** Once it succeeded: what it settled, invoice by invoice (the receipt lists the same). */
  settled: z.array(settledDocumentSchema),
  /** CARD: where to send the browser (the hosted checkout page). */
  checkoutUrl: z.string().optional(),
  /** MPESA: the message Daraja returned for the push. */
  customerMessage: z.string().optional(),
  /** Same-site paths the checkout returns to (part 2 §4). */
  successUrl: z.string(),
  failUrl: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

/**
 * `GET /api/payments/invoice/{code}`: the caller's invoice a payment request names (its number, an application code,
 * a subscription…), as the checkout shows it: what it was for, its amount, what is left and the latest receipt.
 */
export const checkoutInvoiceSchema = z.object({
  invoiceNo: z.string(),
  description: z.string(),
  /** What the invoice billed. */
  amount: z.number(),
  /** What is still to pay: 0 once the invoice is paid in full. */
  remainingAmount: z.number(),
  /** The latest receipt of a payment applied to it; null when none was (unpaid, or settled by credit notes only). */
  receiptNo: z.string().nullable(),
  /** What the amount is made of: the fee, its VAT, anything paid already (negative); they add up to remainingAmount. */
  breakdown: z.array(feeLineSchema),
  /** YYYY-MM-DD. */
  dueDate: z.string().nullable(),
});

/** One document still owing, as `GET /api/billing/due` lists it (oldest first). */
export const dueDocumentSchema = z.object({
  documentNo: z.string(),
  description: z.string(),
  /** application, subscription, upgrade, license, event. */
  purpose: z.string().nullable(),
  /** YYYY-MM-DD. */
  dueDate: z.string().nullable(),
  /** What the invoice billed. */
  amount: z.number(),
  /** What is still to pay on it. */
  remaining: z.number(),
  breakdown: z.array(feeLineSchema),
});
export type DueDocument = z.infer<typeof dueDocumentSchema>;

/**
 * `GET /api/billing/due`: everything the caller still owes, oldest first; `credit` (unapplied, used first) and
 * `total`, what paying everything due (sourceDocumentNo ALL-DUE) costs: what is owed less the credit, never below 0.
 */
export const billingDueSchema = z.object({
  documents: z.array(dueDocumentSchema),
  /** The sum of the documents' remaining amounts. */
  owed: z.number(),
  credit: z.number(),
  total: z.number(),
});
export type BillingDue = z.infer<typeof billingDueSchema>;
export type CheckoutInvoice = z.infer<typeof checkoutInvoiceSchema>;
