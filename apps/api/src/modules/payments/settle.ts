import { ALL_DUE } from '@portal/contract';
import { type Db, schema, sqlState } from '@portal/db';
import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { postPayment } from '../billing/index';
import { queueReceiptNotice } from './notices';

const { payments } = schema;

export type PaymentRow = typeof payments.$inferSelect;
type SettleContext = Pick<AppContext, 'db' | 'config'>;

/** A unique-key violation (PostgreSQL 23505), however deep the driver wrapped it. */
export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';

export interface SuccessInput {
  method: 'MPESA' | 'CARD';
  /** The provider's transaction id (M-Pesa receipt number, card transaction id): unique per provider. */
  reference: string;
  paidAt?: Date;
  resultCode?: string;
  resultDesc?: string;
  /**
   * M-Pesa: a success after a failure (or expiry) for the same CheckoutRequestID still posts, because money moved.
   * Card: only a pending attempt can succeed.
   */
  afterFailure: boolean;
}

export type SuccessOutcome = { outcome: 'posted'; receiptNo: string } | { outcome: 'duplicate' };

/**
 * Posts a confirmed payment exactly once, in ONE transaction: the conditional move of the attempt to succeeded
 * (`where status <> 'succeeded'`, so of many concurrent confirmations one wins and the rest find nothing to update),
 * the provider reference under its unique key, the receipt and ledger entries (postPayment), the attempt's receipt
 * number and the member's email. A unique violation means another confirmation won: nothing is posted twice.
 */
export async function confirmSuccess(ctx: SettleContext, paymentId: string, input: SuccessInput): Promise<SuccessOutcome> {
  const now = new Date();
  try {
    return await ctx.db.transaction(async (tx): Promise<SuccessOutcome> => {
      const [claimed] = await tx
        .update(payments)
        .set({
          status: 'succeeded',
          providerReference: input.reference,
          resultCode: input.resultCode ?? '0',
          resultDesc: input.resultDesc ?? null,
          completedAt: now,
          updatedAt: now,
        })
        .where(and(eq(payments.id, paymentId), input.afterFailure ? ne(payments.status, 'succeeded') : eq(payments.status, 'pending')))
        .returning();
      if (!claimed) return { outcome: 'duplicate' };
      const posted = await postPayment(tx, {
        profileId: claimed.profileId,
        amountCents: claimed.amountCents,
        method: input.method,
        reference: input.reference,
        // Everything due: the documents it was started for, oldest first, then any other (decision 046).
        ...(claimed.invoiceNo === ALL_DUE ? { invoiceNos: claimed.covers ?? [] } : { invoiceNo: claimed.invoiceNo }),
        paidAt: input.paidAt ?? now,
        createdBy: claimed.userId,
      });
      await tx.update(payments).set({ receiptNo: posted.receiptNo }).where(eq(payments.id, paymentId));
      await queueReceiptNotice(tx, ctx.config, {
        profileId: claimed.profileId,
        provider: claimed.provider,
        amountCents: claimed.amountCents,
        invoiceNo: claimed.invoiceNo,
        description: claimed.description,
        receiptNo: posted.receiptNo,
        reference: input.reference,
        settled: posted.allocations,
      });
      return { outcome: 'posted', receiptNo: posted.receiptNo };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { outcome: 'duplicate' };
    throw error;
  }
}

/** Ends a pending attempt without money (failed, cancelled, expired). Never touches a confirmed success. */
export async function markUnpaid(
  db: Db,
  paymentId: string,
  status: 'failed' | 'cancelled' | 'expired',
  result: { resultCode?: string | null; resultDesc?: string | null } = {},
): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(payments)
    .set({ status, resultCode: result.resultCode ?? null, resultDesc: result.resultDesc ?? null, completedAt: now, updatedAt: now })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  return rows.length > 0;
}
