import {
  ALL_DUE,
  ALL_DUE_DESCRIPTION,
  formatKes,
  formatPhone,
  mpesaPhone,
  type Payment,
  type PaymentProvider,
  type PaymentStatus,
  paymentMessages,
} from '@portal/contract';
import type { PaymentRequest } from '../../shared/payments/payment-request';

/** How long the waiting screen follows an M-Pesa push before saying it has not heard back (Daraja's push lives ~60 s). */
export const MPESA_WAIT_MS = 120_000;
/** How often the waiting screen asks for the payment's state. */
export const POLL_MS = 2_000;

export type Phase = 'waiting' | 'succeeded' | 'failed' | 'timeout';

/** The waiting screen's phase: a final status wins; a pending payment past the wait limit reads as a time-out. */
export function phaseOf(status: PaymentStatus | undefined, elapsedMs: number): Phase {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'cancelled' || status === 'expired') return 'failed';
  return elapsedMs >= MPESA_WAIT_MS ? 'timeout' : 'waiting';
}

/** The M-Pesa phone typed any usual way ('0722 123 456', '+254 722 …'), as Daraja takes it (2547…), or an error message. */
export function checkMpesaPhone(value: string): { phone: string } | { error: string } {
  if (!value.trim()) return { error: paymentMessages.phoneRequired };
  const phone = mpesaPhone(value);
  return phone ? { phone } : { error: paymentMessages.phoneInvalid };
}

/** Why a payment did not complete: the server's message, else the contract's words for the status. */
export function failureText(status: PaymentStatus | undefined, message: string | null | undefined): string {
  if (message) return message;
  if (status === 'cancelled') return paymentMessages.cancelled;
  if (status === 'expired') return paymentMessages.expired;
  return paymentMessages.failed;
}

/**
 * The request behind an attempt the checkout follows without one in its address (a card payment coming back from
 * the hosted page): its invoice and return addresses, so Retry and Change payment method can start again.
 */
export function requestForAttempt(attempt: Payment): PaymentRequest {
  return {
    payerID: '',
    sourceDocumentNo: attempt.invoiceNo,
    description: '',
    amount: attempt.remainingAmount,
    accountNo: '',
    email: '',
    idNumber: '',
    name: '',
    success_url: attempt.successUrl,
    fail_url: attempt.failUrl,
  };
}

/** A credit that covered only part of the invoice: the checkout stays, to pay the rest another way. */
export function leftToPayAfter(attempt: Pick<Payment, 'provider' | 'remainingAmount'>): boolean {
  return attempt.provider === 'CREDIT' && attempt.remainingAmount > 0;
}

/**
 * The Pay button says what will happen (issue 28): 'Pay KES 5,800.00 by M-Pesa to +254 712 000 001', so a member
 * who meant another method is not surprised by a prompt on their phone.
 */
export function payButtonLabel(provider: PaymentProvider, amount: number | undefined, phone: string, credit?: number): string {
  if (amount === undefined) return 'Pay';
  if (provider === 'CREDIT') return `Pay ${formatKes(Math.min(amount, credit ?? amount))} from credit`;
  if (provider === 'CARD') return `Pay ${formatKes(amount)} by card`;
  const number = mpesaPhone(phone);
  return number ? `Pay ${formatKes(amount)} by M-Pesa to ${formatPhone(number)}` : `Pay ${formatKes(amount)} by M-Pesa`;
}

/** The same request, for everything due instead of one document. */
export function allDueRequest(request: PaymentRequest, total: number): PaymentRequest {
  return { ...request, sourceDocumentNo: ALL_DUE, description: ALL_DUE_DESCRIPTION, amount: total };
}
