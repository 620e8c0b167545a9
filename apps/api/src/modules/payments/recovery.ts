import { schema } from '@portal/db';
import { and, asc, eq, inArray, isNotNull, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { type JobHooks, startPeriodic } from '../../shared/periodic';
import { DarajaError } from './daraja';
import { darajaClient } from './mpesa';
import { confirmSuccess, markUnpaid, type PaymentRow } from './settle';

const { payments } = schema;
/** `log`: the job's logger (a query that failed for another reason than Daraja's answer is logged there). */
type RecoveryContext = Pick<AppContext, 'db' | 'config'> & { log?: JobHooks['log'] };
const BATCH = 20;

export interface RecoveryReport {
  queried: number;
  succeeded: number;
  failed: number;
  expired: number;
}

/**
 * Finds M-Pesa pushes whose callback is late or lost (decision 024). Pending pushes older than
 * MPESA_QUERY_AFTER_SECONDS, not queried within the query interval, are claimed with FOR UPDATE SKIP LOCKED in a
 * short transaction that stamps last_queried_at (so another process skips them), and then asked about through
 * stkpushquery OUTSIDE any transaction. ResultCode 0 posts exactly like a callback, under the reference
 * QUERY-<CheckoutRequestID> (the query answer has no receipt number; a later callback records the real one and
 * posts nothing); any other ResultCode fails the attempt; no answer yet leaves it pending until
 * MPESA_EXPIRE_AFTER_SECONDS, when it expires. Never touches a succeeded payment.
 */
export async function recoverPendingPayments(ctx: RecoveryContext, now = new Date()): Promise<RecoveryReport> {
  const report: RecoveryReport = { queried: 0, succeeded: 0, failed: 0, expired: 0 };
  const queryBefore = new Date(now.getTime() - ctx.config.mpesaQueryAfterSeconds * 1000);
  const expireBefore = new Date(now.getTime() - ctx.config.mpesaExpireAfterSeconds * 1000);
  const requeryBefore = new Date(now.getTime() - ctx.config.mpesaQueryIntervalMs);

  // A push that never reached Daraja (no CheckoutRequestID) cannot be asked about: it just expires.
  const stale = await ctx.db
    .update(payments)
    .set({ status: 'expired', completedAt: now, updatedAt: now })
    .where(
      and(
        eq(payments.provider, 'MPESA'),
        eq(payments.status, 'pending'),
        isNull(payments.checkoutRequestId),
        lte(payments.createdAt, expireBefore),
      ),
    )
    .returning({ id: payments.id });
  report.expired += stale.length;

  const seen: string[] = [];
  for (;;) {
    const claimed: PaymentRow[] = await ctx.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.provider, 'MPESA'),
            eq(payments.status, 'pending'),
            isNotNull(payments.checkoutRequestId),
            lte(payments.createdAt, queryBefore),
            or(isNull(payments.lastQueriedAt), lte(payments.lastQueriedAt, requeryBefore)),
            seen.length > 0 ? notInArray(payments.id, seen) : undefined,
          ),
        )
        .orderBy(asc(payments.createdAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      await tx
        .update(payments)
        .set({ lastQueriedAt: now, queryAttempts: sql`${payments.queryAttempts} + 1` })
        .where(
          inArray(
            payments.id,
            due.map((row) => row.id),
          ),
        );
      return due;
    });

    for (const payment of claimed) {
      seen.push(payment.id);
      report.queried++;
      const result = await queryOne(ctx, payment, expireBefore);
      if (result) report[result]++;
    }
    if (claimed.length < BATCH) return report;
  }
}

async function queryOne(ctx: RecoveryContext, payment: PaymentRow, expireBefore: Date): Promise<'succeeded' | 'failed' | 'expired' | null> {
  const checkoutRequestId = payment.checkoutRequestId as string;
  try {
    const answer = await darajaClient(ctx.config).stkQuery(checkoutRequestId);
    if (answer.ResultCode === '0') {
      const outcome = await confirmSuccess(ctx, payment.id, {
        method: 'MPESA',
        reference: `QUERY-${checkoutRequestId}`,
        resultCode: '0',
        resultDesc: answer.ResultDesc || undefined,
        afterFailure: true,
      });
      return outcome.outcome === 'posted' ? 'succeeded' : null;
    }
    const failed = await markUnpaid(ctx.db, payment.id, 'failed', { resultCode: answer.ResultCode, resultDesc: answer.ResultDesc || null });
    return failed ? 'failed' : null;
  } catch (error) {
    // Still being processed, Daraja unreachable, or an id Daraja no longer knows: wait, then expire.
    if (!(error instanceof DarajaError)) {
      if (ctx.log) ctx.log.error({ err: error, paymentId: payment.id }, 'M-Pesa query failed');
      else console.error('M-Pesa query failed', error);
    }
    if (payment.createdAt <= expireBefore) {
      const expired = await markUnpaid(ctx.db, payment.id, 'expired', {
        resultCode: error instanceof DarajaError ? (error.code ?? error.kind) : 'error',
      });
      return expired ? 'expired' : null;
    }
    return null;
  }
}

/** Runs `recoverPendingPayments` every `intervalMs`; answers a function that stops it. */
export function startPaymentRecovery(ctx: RecoveryContext, intervalMs = ctx.config.mpesaQueryIntervalMs, hooks?: JobHooks) {
  const log = hooks?.log?.child({ job: 'payment-recovery' });
  return startPeriodic(
    intervalMs,
    () => recoverPendingPayments(log ? { ...ctx, log } : ctx),
    (error) => console.error('payment recovery failed', error),
    { name: 'payment-recovery', hooks },
  );
}
