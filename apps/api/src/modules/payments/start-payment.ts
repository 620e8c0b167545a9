import { type CreatePaymentRequest, mpesaPhone, type Payment, paymentMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { badRequest, HttpError } from '../../shared/errors';
import { cardGateway } from './card';
import { DarajaError } from './daraja';
import { darajaClient, mpesaAmountCents, mpesaAvailable, mpesaCallbackUrl } from './mpesa';
import { paymentDto } from './payment-dto';

const { payments } = schema;

/** What a provider is asked to collect: the attempt's row before its provider fields, and the STK prompt's labels. */
export interface PaymentToStart {
  profileId: string;
  userId: number;
  /** The invoice paid, or ALL-DUE. */
  invoiceNo: string;
  covers: string[] | null;
  description: string;
  amountCents: number;
  successUrl: string;
  failUrl: string;
  /** What the STK prompt and statement show: AccountReference (<= 12) and TransactionDesc (<= 13). */
  accountReference: string;
  transactionDesc: string;
}

function darajaMessage(error: DarajaError): string {
  if (error.kind === 'auth') return paymentMessages.mpesaCredentials;
  if (error.kind === 'rejected') return paymentMessages.mpesaRefused(error.message);
  return paymentMessages.mpesaUnreachable;
}

/**
 * Starts a CARD (answers the hosted page's address) or MPESA (sends the STK push) attempt for `start.amountCents`;
 * `remainingCents` is what the attempt's answer says is left to pay. CREDIT is the caller's own.
 */
export async function startProviderPayment(
  ctx: AppContext,
  body: Pick<CreatePaymentRequest, 'provider' | 'phone'>,
  start: PaymentToStart,
  fallbackPhone: string | null | undefined,
  remainingCents: number,
): Promise<Payment> {
  const { accountReference, transactionDesc, ...values } = start;
  const base = { ...values, createdBy: start.userId };

  if (body.provider === 'CARD') {
    const gateway = cardGateway(ctx.config);
    if (!gateway) throw badRequest(paymentMessages.providerUnavailable);
    const [row] = await ctx.db
      .insert(payments)
      .values({ ...base, provider: 'CARD' })
      .returning();
    const { checkoutUrl } = await gateway.startCheckout(row);
    return paymentDto(row, remainingCents, { checkoutUrl });
  }

  if (!mpesaAvailable(ctx.config)) throw badRequest(paymentMessages.providerUnavailable);
  const given = body.phone?.trim() || fallbackPhone?.trim() || '';
  if (!given) throw badRequest(paymentMessages.phoneRequired, { phone: [paymentMessages.phoneRequired] });
  // Any usual way of writing a Safaricom number ('0722 123 456', '+254 722 …'); Daraja takes 2547… (decision 040).
  const phone = mpesaPhone(given);
  if (!phone) throw badRequest(paymentMessages.phoneInvalid, { phone: [paymentMessages.phoneInvalid] });

  const amountCents = mpesaAmountCents(start.amountCents);
  const [row] = await ctx.db
    .insert(payments)
    .values({ ...base, provider: 'MPESA', amountCents, phone })
    .returning();
  // The push is an HTTP call: never inside a transaction (the sandbox answers through this same process).
  try {
    const push = await darajaClient(ctx.config).stkPush({
      amount: amountCents / 100,
      phone,
      callbackUrl: mpesaCallbackUrl(ctx.config),
      accountReference: accountReference.slice(0, 12),
      transactionDesc: transactionDesc.slice(0, 13),
    });
    const [updated] = await ctx.db
      .update(payments)
      .set({
        checkoutRequestId: push.CheckoutRequestID,
        merchantRequestId: push.MerchantRequestID,
        resultDesc: push.CustomerMessage || null,
        updatedAt: new Date(),
      })
      .where(eq(payments.id, row.id))
      .returning();
    return paymentDto(updated, remainingCents, { customerMessage: push.CustomerMessage || paymentMessages.pushSent });
  } catch (error) {
    if (!(error instanceof DarajaError)) throw error;
    const message = darajaMessage(error);
    const now = new Date();
    await ctx.db
      .update(payments)
      .set({ status: 'failed', resultCode: error.code ?? error.kind, resultDesc: message, completedAt: now, updatedAt: now })
      .where(and(eq(payments.id, row.id), eq(payments.status, 'pending')));
    throw new HttpError(502, message);
  }
}
