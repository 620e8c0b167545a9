import { decodeJson, encodeJson, normalisePhone, PAYMENT_DESCRIPTIONS } from '@portal/contract';

/**
 * The payment request every Pay Now hands to the checkout page (part 1 §7, part 2 §3 and §7): base64 of this JSON
 * (the fields of the payments contract's `paymentRequestSchema`, all filled). The server reads the document from
 * `sourceDocumentNo` and decides the amount itself; `amount` is only what the page showed the member.
 */
export interface PaymentRequest {
  payerID: string;
  sourceDocumentNo: string;
  description: string;
  amount: number;
  accountNo: string;
  email: string;
  idNumber: string;
  name: string;
  success_url: string;
  fail_url: string;
}

export { PAYMENT_DESCRIPTIONS };
export type PaymentPurpose = keyof typeof PAYMENT_DESCRIPTIONS;

/** The invoice's purpose (as the ledger has it) to the request's description; unknown purposes read as an invoice payment. */
export function paymentDescription(purpose: string | null | undefined): string {
  return purpose && Object.hasOwn(PAYMENT_DESCRIPTIONS, purpose) ? PAYMENT_DESCRIPTIONS[purpose as PaymentPurpose] : 'Invoice Payment';
}

/** The payer as the profile and account know them. */
export interface Payer {
  payerID: string;
  phone: string | null | undefined;
  email: string | null | undefined;
  idNumber: string | null | undefined;
  firstName: string | null | undefined;
  lastName: string | null | undefined;
}

export interface PaymentDocument {
  sourceDocumentNo: string;
  description: string;
  amount: number;
  success_url: string;
  fail_url: string;
}

/** Builds the request object: the phone normalised (a leading + dropped, a leading 0 → 254), name = first and last name. */
export function paymentRequest(payer: Payer, doc: PaymentDocument): PaymentRequest {
  return {
    payerID: payer.payerID,
    sourceDocumentNo: doc.sourceDocumentNo,
    description: doc.description,
    amount: doc.amount,
    accountNo: payer.phone ? normalisePhone(payer.phone) : '',
    email: payer.email ?? '',
    idNumber: payer.idNumber ?? '',
    name: [payer.firstName, payer.lastName].filter(Boolean).join(' '),
    success_url: doc.success_url,
    fail_url: doc.fail_url,
  };
}

/** The base64 JSON of the request, as the checkout page receives it. */
export function buildPaymentRequest(payer: Payer, doc: PaymentDocument): string {
  return encodeJson(paymentRequest(payer, doc));
}

/** Reads a request back; null when it is not base64 JSON carrying a document number. */
export function readPaymentRequest(value: string | null | undefined): PaymentRequest | null {
  const request = decodeJson<Partial<PaymentRequest>>(value);
  if (!request || typeof request !== 'object' || typeof request.sourceDocumentNo !== 'string' || !request.sourceDocumentNo) return null;
  return {
    payerID: String(request.payerID ?? ''),
    sourceDocumentNo: request.sourceDocumentNo,
    description: String(request.description ?? ''),
    amount: Number(request.amount ?? 0),
    accountNo: String(request.accountNo ?? ''),
    email: String(request.email ?? ''),
    idNumber: String(request.idNumber ?? ''),
    name: String(request.name ?? ''),
    success_url: safeReturnPath(request.success_url, '/dashboard'),
    fail_url: safeReturnPath(request.fail_url, '/dashboard'),
  };
}

/**
 * Return addresses stay inside the portal: a path starting with a single slash. Anything else (another site,
 * `//host`, `javascript:`) falls back, so a crafted request cannot send a member elsewhere after paying.
 */
export function safeReturnPath(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

/** The checkout page's address for a request. */
export function checkoutPath(request: string): string {
  return `/checkout?request=${encodeURIComponent(request)}`;
}
