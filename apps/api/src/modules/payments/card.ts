import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { paymentMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { AppContext } from '../../shared/context';
import { confirmSuccess, markUnpaid, type PaymentRow } from './settle';

const { payments } = schema;
type CardContext = Pick<AppContext, 'db' | 'config'>;

/**
 * The adapter a hosted card checkout plugs into (decision 024). A real gateway implements `startCheckout`
 * (create the gateway's session for the attempt's id and amount, answer its hosted page), verifies the gateway's
 * signed notification in its own route, and then calls `confirmCardResult` with what the notification says. Only
 * the built-in sandbox is wired in today.
 */
export interface CardGateway {
  startCheckout(payment: PaymentRow): Promise<{ checkoutUrl: string }>;
}

/** A verified result from the gateway. */
export interface CardResult {
  paymentId: string;
  approved: boolean;
  /** The gateway's transaction id: unique per provider. */
  reference: string;
  amountCents: number;
}

export const CARD_SANDBOX_PATH = '/api/sandbox/card';

/**
 * Where the hosted card page sends the browser back to, approved or declined: the portal's checkout following this
 * attempt. It reads the attempt's state from the server and tells the outcome as it does for M-Pesa (the receipt,
 * then success_url with a message; or the reason with Retry, Change payment method and Back to fail_url). A real
 * gateway is given this address as its return URL.
 */
export function cardReturnPath(paymentId: string): string {
  return `/checkout?payment=${encodeURIComponent(paymentId)}`;
}

/** The built-in hosted checkout: a page served by this API with Approve and Decline. */
export const sandboxCardGateway: CardGateway = {
  async startCheckout(payment) {
    return { checkoutUrl: `${CARD_SANDBOX_PATH}/${payment.id}` };
  },
};

export function cardGateway(config: Config): CardGateway | null {
  return config.cardSandbox ? sandboxCardGateway : null;
}

/** The sandbox page's signature over one possible result, so the result post cannot be altered. */
export function signCardResult(config: Config, paymentId: string, outcome: string, amountCents: number, reference: string): string {
  return createHmac('sha256', config.cardSecret).update(`${paymentId}|${outcome}|${amountCents}|${reference}`).digest('hex');
}

export function verifyCardSignature(
  config: Config,
  paymentId: string,
  outcome: string,
  amountCents: number,
  reference: string,
  signature: string,
): boolean {
  const expected = Buffer.from(signCardResult(config, paymentId, outcome, amountCents, reference));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function newCardReference(): string {
  return `CARD-${randomBytes(6).toString('hex').toUpperCase()}`;
}

export type CardOutcome = 'posted' | 'duplicate' | 'declined' | 'ignored' | 'unknown' | 'amount_mismatch';

/** Applies a verified card result: approval posts exactly once; a decline ends a pending attempt. */
export async function confirmCardResult(ctx: CardContext, result: CardResult): Promise<CardOutcome> {
  const [payment] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.id, result.paymentId), eq(payments.provider, 'CARD')));
  if (!payment) return 'unknown';
  if (result.amountCents !== payment.amountCents) return 'amount_mismatch';
  if (!result.approved) {
    const declined = await markUnpaid(ctx.db, payment.id, 'failed', { resultCode: 'DECLINED', resultDesc: paymentMessages.cardDeclined });
    return declined ? 'declined' : 'ignored';
  }
  const outcome = await confirmSuccess(ctx, payment.id, {
    method: 'CARD',
    reference: result.reference,
    resultCode: 'APPROVED',
    resultDesc: 'Approved',
    afterFailure: false,
  });
  return outcome.outcome;
}
