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
  /** What is left to pay on the invoice now (after this attempt, once it succeeded). */
  remainingAmount: z.number(),
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
});
export type CheckoutInvoice = z.infer<typeof checkoutInvoiceSchema>;
