import { ALL_DUE, ALL_DUE_DESCRIPTION, type CreatePaymentRequest, type Payment, paymentMessages } from '@portal/contract';
import { schema } from '@portal/db';
import type { AppContext } from '../../shared/context';
import { conflict, notFound } from '../../shared/errors';
import type { UserRow } from '../../shared/session';
import { applyCreditToAll, dueDocuments } from '../billing/index';
import { paymentDto } from './payment-dto';
import { startProviderPayment } from './start-payment';

const { payments } = schema;

export interface ReturnPaths {
  successUrl: string;
  failUrl: string;
}

const describe = (count: number) => `${ALL_DUE_DESCRIPTION} (${count} ${count === 1 ? 'document' : 'documents'})`;

/**
 * A payment of everything due (sourceDocumentNo ALL-DUE, decision 046). In one transaction the member's unapplied
 * credit is set against their open invoices oldest first; then one M-Pesa or card payment is asked for what is
 * left, naming those invoices (oldest first) so that its confirmation settles them in that order, exactly once, on
 * one receipt. CREDIT, or a credit that covered everything, ends there as a succeeded CREDIT attempt.
 */
export async function createAllDuePayment(
  ctx: AppContext,
  user: UserRow,
  body: Pick<CreatePaymentRequest, 'provider' | 'phone'>,
  fallbackPhone: string | null | undefined,
  paths: ReturnPaths,
): Promise<Payment> {
  const profileId = user.profileId;
  if (!profileId) throw notFound(paymentMessages.documentNotFound);
  const { before, after, appliedCents } = await ctx.db.transaction(async (tx) => {
    const owedBefore = await dueDocuments(tx, profileId);
    const applied = await applyCreditToAll(tx, profileId);
    return { before: owedBefore, after: await dueDocuments(tx, profileId), appliedCents: applied.appliedCents };
  });
  if (before.length === 0) throw conflict(paymentMessages.nothingDue);
  const leftCents = after.reduce((sum, row) => sum + row.remainingCents, 0);
  const base = { profileId, userId: user.id, invoiceNo: ALL_DUE, ...paths };

  if (body.provider === 'CREDIT' || leftCents === 0) {
    if (appliedCents <= 0) throw conflict(paymentMessages.noCredit);
    const now = new Date();
    const [row] = await ctx.db
      .insert(payments)
      .values({
        ...base,
        covers: before.map((row) => row.documentNo),
        description: describe(before.length),
        provider: 'CREDIT',
        amountCents: appliedCents,
        status: 'succeeded',
        resultCode: '0',
        completedAt: now,
        createdBy: user.id,
      })
      .returning();
    return paymentDto(row, leftCents);
  }

  const covers = after.map((row) => row.documentNo);
  return startProviderPayment(
    ctx,
    body,
    {
      ...base,
      covers,
      description: describe(covers.length),
      amountCents: leftCents,
      accountReference: ALL_DUE,
      transactionDesc: 'Fees due',
    },
    fallbackPhone,
    leftCents,
  );
}
