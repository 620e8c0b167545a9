import { formatKes } from './money';

/**
 * Checkout (part 2 §4, §7; decisions.md §5; decision 024). The page that offers Pay Now builds a payment request,
 * encodes it (base64 of JSON) and hands it to the checkout page, which sends it with the chosen provider to
 * POST /api/payments. The server decides the amount from the document being paid: the request's `amount` is
 * shown by the page but never trusted.
 */
export const PAYMENT_PROVIDERS = ['MPESA', 'CARD', 'CREDIT'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** A payment attempt's life: pending until the provider answers; succeeded is final. */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Statuses the waiting screen stops on. */
export const FINAL_PAYMENT_STATUSES: readonly PaymentStatus[] = ['succeeded', 'failed', 'cancelled', 'expired'];

/** Descriptions the spec gives the requests (part 2 §7). */
export const PAYMENT_DESCRIPTIONS = {
  subscription: 'Subscription Payment',
  upgrade: 'Upgrade Payment',
  application: 'Application Payment',
  license: 'License fees',
  event: 'Event Payment',
} as const;

/**
 * Built-in M-Pesa sandbox test numbers (decision 024): a phone ending 0000 declines the push (ResultCode 1032,
 * 'Request cancelled by user'); a phone ending 1111 pays but its callback is never sent (the query job finds it).
 * Any other number pays.
 */
export const SANDBOX_MPESA_CANCEL_SUFFIX = '0000';
export const SANDBOX_MPESA_LOST_CALLBACK_SUFFIX = '1111';

export const paymentMessages = {
  requestInvalid: 'The payment request is invalid',
  documentNotFound: 'Document not found',
  alreadyPaid: 'This document is already fully paid',
  noCredit: 'No credit available',
  phoneRequired: 'Enter the M-Pesa phone number to pay from',
  phoneInvalid: 'Enter a valid M-Pesa phone number, e.g. 0712 345 678',
  paymentNotFound: 'Payment not found',
  providerUnavailable: 'This payment method is not available',
  mpesaUnreachable: 'M-Pesa could not be reached. Please try again in a moment.',
  mpesaCredentials: 'M-Pesa did not accept the portal’s credentials. Please contact the administrator.',
  mpesaRefused: (reason: string) => `M-Pesa did not accept the payment request: ${reason}`,
  pushSent: 'Check your phone and enter your M-Pesa PIN to complete the payment',
  pending: 'Waiting for the payment to be confirmed',
  succeeded: 'Payment received. Thank you.',
  failed: 'The payment was not completed',
  expired: 'The payment was not confirmed in time. Please try again.',
  cancelled: 'The payment was cancelled',
  cardDeclined: 'The card payment was declined',
  /** A CREDIT payment: what was applied and what the invoice still needs (M-Pesa's and the card's say 'Payment received'). */
  creditApplied: (applied: number, remaining: number) =>
    remaining > 0
      ? `${formatKes(applied)} of credit applied; ${formatKes(remaining)} remains to pay.`
      : `${formatKes(applied)} of credit applied; the invoice is paid in full.`,
  /** The checkout of a document with nothing left to pay. */
  nothingToPay: 'This invoice is paid in full: nothing is left to pay.',
  /** Paying everything due when every document is paid. */
  nothingDue: 'Nothing is due: every document is paid.',
  /** Paying everything due: the credit that settled it all, without a payment. */
  creditSettledAll: (applied: number) => `${formatKes(applied)} of credit applied; everything due is paid.`,
  /** Paying everything due: the credit used first, and what is left to pay. */
  creditUsedFirst: (applied: number, remaining: number) =>
    `${formatKes(applied)} of credit applied first; ${formatKes(remaining)} remains to pay.`,
} as const;

/** A payment request's sourceDocumentNo that pays every document the member still owes on, oldest first. */
export const ALL_DUE = 'ALL-DUE';

/** Whether a request's document number asks for everything due. */
export function isAllDue(sourceDocumentNo: string | null | undefined): boolean {
  return (sourceDocumentNo ?? '').trim().toUpperCase() === ALL_DUE;
}

/** The description of a payment of everything due: on the request, the attempt and the M-Pesa statement. */
export const ALL_DUE_DESCRIPTION = 'Everything due';

/** Normalised Safaricom numbers: 2547XXXXXXXX or 2541XXXXXXXX. */
export const MPESA_PHONE = /^254[17]\d{8}$/;
