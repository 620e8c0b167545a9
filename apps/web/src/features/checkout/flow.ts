import { mpesaPhone, type Payment, type PaymentStatus, paymentMessages } from '@portal/contract';
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

/** What the member is told once an attempt succeeded: the credit applied and what remains, or the receipt posted. */
export function successText(attempt: Pick<Payment, 'provider' | 'receiptNo' | 'message'>): string {
  if (attempt.provider === 'CREDIT') return attempt.message;
  return attempt.receiptNo ? `Payment received. Receipt ${attempt.receiptNo}.` : 'Payment received.';
}

/** A credit that covered only part of the invoice: the checkout stays, to pay the rest another way. */
export function leftToPayAfter(attempt: Pick<Payment, 'provider' | 'remainingAmount'>): boolean {
  return attempt.provider === 'CREDIT' && attempt.remainingAmount > 0;
}
