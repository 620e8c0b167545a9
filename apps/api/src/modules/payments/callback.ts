import { toCents } from '@portal/contract';
import { schema } from '@portal/db';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../shared/context';
import { textProblem } from '../../shared/input-guard';
import { parseDarajaDate } from './mpesa';
import { confirmSuccess, isUniqueViolation, markUnpaid } from './settle';

const { payments, paymentCallbacks } = schema;
type CallbackContext = Pick<AppContext, 'db' | 'config'>;

/**
 * What was done with a callback (payment_callbacks.outcome):
 * posted, duplicate (already posted: nothing more), receipt_recorded (a query-confirmed payment learns its real
 * M-Pesa receipt number; nothing posted), failed, ignored_failure (a failure for an attempt that is no longer
 * pending), unknown (no such CheckoutRequestID), amount_mismatch, invalid (not a Daraja STK callback),
 * rejected_source (MPESA_CALLBACK_IPS), error (processing failed; the query job recovers the payment).
 */
export type CallbackOutcome =
  | 'posted'
  | 'duplicate'
  | 'receipt_recorded'
  | 'failed'
  | 'ignored_failure'
  | 'unknown'
  | 'amount_mismatch'
  | 'invalid'
  | 'rejected_source'
  | 'error';

interface StkCallback {
  MerchantRequestID?: unknown;
  CheckoutRequestID?: unknown;
  ResultCode?: unknown;
  ResultDesc?: unknown;
  CallbackMetadata?: { Item?: { Name?: unknown; Value?: unknown }[] };
}

function stkCallbackOf(payload: unknown): StkCallback | null {
  const body = (payload as { Body?: { stkCallback?: unknown } } | null)?.Body?.stkCallback;
  return body && typeof body === 'object' ? (body as StkCallback) : null;
}

function metadata(callback: StkCallback): Record<string, unknown> {
  const items = Array.isArray(callback.CallbackMetadata?.Item) ? callback.CallbackMetadata.Item : [];
  const values: Record<string, unknown> = {};
  for (const item of items) if (typeof item?.Name === 'string') values[item.Name] = item.Value;
  return values;
}

function amountCentsOf(value: unknown): number | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  try {
    return toCents(typeof value === 'number' ? value : value.trim());
  } catch {
    return null;
  }
}

/**
 * The JSON a callback body carries, when it is UTF-8 JSON that PostgreSQL can keep as jsonb (no NUL, no lone
 * surrogate, not absurdly deep); null otherwise: such a body is kept as bytes and is not a Daraja callback.
 */
export function parseCallbackBody(raw: Buffer): unknown {
  try {
    const payload: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
    return payload !== null && textProblem(payload) === null ? payload : null;
  } catch {
    return null;
  }
}

/**
 * Daraja's STK callback. The body is stored as the bytes that arrived, before anything reads them; then it is
 * parsed, processed (one short transaction) and the outcome recorded beside it. The route answers Daraja
 * {ResultCode: 0} whatever happened, so Daraja never retries into a half-done state. A processing error is
 * logged (through the request's logger when given) and left to the query job.
 */
export async function receiveMpesaCallback(
  ctx: CallbackContext,
  raw: Buffer,
  sourceIp: string,
  log?: FastifyBaseLogger,
): Promise<CallbackOutcome> {
  const [stored] = await ctx.db.insert(paymentCallbacks).values({ provider: 'MPESA', rawBody: raw }).returning({ id: paymentCallbacks.id });
  const payload = parseCallbackBody(raw);
  const stk = stkCallbackOf(payload);
  const checkoutRequestId = typeof stk?.CheckoutRequestID === 'string' ? stk.CheckoutRequestID.slice(0, 100) : null;
  let outcome: CallbackOutcome;
  try {
    outcome = await processCallback(ctx, stk, checkoutRequestId, sourceIp);
  } catch (error) {
    if (log) log.error({ err: error, callbackId: stored.id }, 'M-Pesa callback processing failed');
    else console.error('M-Pesa callback processing failed', error);
    outcome = 'error';
  }
  await ctx.db.update(paymentCallbacks).set({ outcome, payload, checkoutRequestId }).where(eq(paymentCallbacks.id, stored.id));
  return outcome;
}

async function processCallback(
  ctx: CallbackContext,
  stk: StkCallback | null,
  checkoutRequestId: string | null,
  sourceIp: string,
): Promise<CallbackOutcome> {
  if (ctx.config.mpesaCallbackIps.length > 0 && !ctx.config.mpesaCallbackIps.includes(sourceIp)) return 'rejected_source';
  if (!stk || !checkoutRequestId) return 'invalid';
  const resultCode = Number(stk.ResultCode);
  if (stk.ResultCode === undefined || stk.ResultCode === null || !Number.isInteger(resultCode)) return 'invalid';
  const [payment] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, 'MPESA'), eq(payments.checkoutRequestId, checkoutRequestId)));
  if (!payment) return 'unknown';
  const resultDesc = typeof stk.ResultDesc === 'string' ? stk.ResultDesc.slice(0, 500) : null;

  if (resultCode !== 0) {
    const failed = await markUnpaid(ctx.db, payment.id, 'failed', { resultCode: String(resultCode), resultDesc });
    return failed ? 'failed' : 'ignored_failure';
  }

  const meta = metadata(stk);
  const receipt = typeof meta.MpesaReceiptNumber === 'string' ? meta.MpesaReceiptNumber.trim() : '';
  const amountCents = amountCentsOf(meta.Amount);
  if (!receipt || receipt.length > 40 || amountCents === null) return 'invalid';
  // Daraja charges exactly what the push asked for: another amount is not this payment's confirmation.
  // The attempt stays as it was; the query job asks Daraja itself.
  if (amountCents !== payment.amountCents) return 'amount_mismatch';

  if (payment.status === 'succeeded') return recordReceipt(ctx, payment.id, receipt);
  const result = await confirmSuccess(ctx, payment.id, {
    method: 'MPESA',
    reference: receipt,
    paidAt: parseDarajaDate(meta.TransactionDate) ?? new Date(),
    resultCode: '0',
    resultDesc: resultDesc ?? undefined,
    afterFailure: true,
  });
  if (result.outcome === 'duplicate') return recordReceipt(ctx, payment.id, receipt);
  return result.outcome;
}

/**
 * A late callback for a payment the query job already confirmed (reference QUERY-<CheckoutRequestID>, because the
 * query answer carries no receipt number): the attempt learns its real M-Pesa receipt number. Nothing is posted.
 */
async function recordReceipt(ctx: CallbackContext, paymentId: string, receipt: string): Promise<CallbackOutcome> {
  try {
    const rows = await ctx.db
      .update(payments)
      .set({ providerReference: receipt, updatedAt: new Date() })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'succeeded'), like(payments.providerReference, 'QUERY-%')))
      .returning({ id: payments.id });
    return rows.length > 0 ? 'receipt_recorded' : 'duplicate';
  } catch (error) {
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
}
