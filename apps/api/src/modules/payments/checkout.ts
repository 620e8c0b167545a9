import {
  type CheckoutInvoice,
  type CreatePaymentRequest,
  decodeJson,
  fromCents,
  mpesaPhone,
  type Payment,
  type PaymentStatus,
  paymentMessages,
  paymentRequestSchema,
} from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { badRequest, conflict, HttpError, notFound } from '../../shared/errors';
import type { UserRow } from '../../shared/session';
import { applyCredit, findInvoice, type LedgerEntryRow } from '../billing/index';
import { paymentsAgainst } from '../statements/subscriptions';
import { cardGateway } from './card';
import { DarajaError } from './daraja';
import { darajaClient, mpesaAmountCents, mpesaAvailable, mpesaCallbackUrl } from './mpesa';
import type { PaymentRow } from './settle';

const { payments, applications, subscriptions, ledgerEntries } = schema;

const DEFAULT_SUCCESS_URL = '/dashboard';
const DEFAULT_FAIL_URL = '/billing';

/**
 * A same-site path for success_url / fail_url: absolute addresses keep only their path (the checkout returns to
 * this portal, never elsewhere); anything that is not a path falls back.
 */
export function sameSitePath(value: string | null | undefined, fallback: string): string {
  if (!value) return fallback;
  try {
    const url = new URL(value, 'http://portal.invalid');
    const path = `${url.pathname}${url.search}${url.hash}`;
    if (!path.startsWith('/') || path.startsWith('//') || path.length > 500) return fallback;
    return path;
  } catch {
    return fallback;
  }
}

/**
 * The invoice a payment request names (sourceDocumentNo): an invoice number (INV…), an application code (its
 * application-fee invoice), a subscription (its invoice number or memberNo-period), or any document an invoice was
 * raised for (external document number). Only the caller's own invoices are found.
 */
export async function resolveInvoice(
  db: Db,
  user: Pick<UserRow, 'id' | 'profileId'>,
  sourceDocumentNo: string,
): Promise<LedgerEntryRow | null> {
  const { profileId } = user;
  if (!profileId) return null;
  const no = sourceDocumentNo.trim();
  const own = (invoice: LedgerEntryRow | null) => (invoice && invoice.profileId === profileId ? invoice : null);

  const direct = own(await findInvoice(db, no.toUpperCase()));
  if (direct) return direct;

  const [application] = await db
    .select({ invoiceNo: applications.invoiceNo })
    .from(applications)
    .where(
      and(sql`upper(${applications.code}) = upper(${no})`, or(eq(applications.profileId, profileId), eq(applications.userId, user.id))),
    );
  if (application?.invoiceNo) return own(await findInvoice(db, application.invoiceNo));

  const [subscription] = await db
    .select({ invoiceNo: subscriptions.invoiceNo })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.profileId, profileId),
        or(eq(subscriptions.invoiceNo, no), sql`upper(${subscriptions.memberNo} || '-' || ${subscriptions.period}) = upper(${no})`),
      ),
    );
  if (subscription) return own(await findInvoice(db, subscription.invoiceNo));

  const [byExternal] = await db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.profileId, profileId),
        eq(ledgerEntries.documentType, 'Invoice'),
        sql`upper(${ledgerEntries.externalDocumentNo}) = upper(${no})`,
      ),
    )
    .orderBy(desc(sql`${ledgerEntries.remainingCents} > 0`), desc(ledgerEntries.id))
    .limit(1);
  return byExternal ?? null;
}

function statusMessage(row: PaymentRow, remainingCents: number): string {
  switch (row.status as PaymentStatus) {
    case 'succeeded':
      return row.provider === 'CREDIT'
        ? paymentMessages.creditApplied(fromCents(row.amountCents), fromCents(remainingCents))
        : paymentMessages.succeeded;
    case 'failed':
      return row.resultDesc || paymentMessages.failed;
    case 'expired':
      return paymentMessages.expired;
    case 'cancelled':
      return row.resultDesc || paymentMessages.cancelled;
    default:
      return row.resultDesc || paymentMessages.pending;
  }
}

/**
 * An attempt as the checkout sees it; `remainingCents` is what is left to pay on its invoice now (after the attempt,
 * once it succeeded).
 */
export function paymentDto(
  row: PaymentRow,
  remainingCents: number,
  extra: { checkoutUrl?: string; customerMessage?: string } = {},
): Payment {
  return {
    id: row.id,
    status: row.status as PaymentStatus,
    provider: row.provider,
    amount: fromCents(row.amountCents),
    invoiceNo: row.invoiceNo,
    description: row.description,
    receiptNo: row.receiptNo,
    // A query-confirmed payment's placeholder reference is not the member's business.
    providerReference: row.providerReference?.startsWith('QUERY-') ? null : row.providerReference,
    message: statusMessage(row, remainingCents),
    remainingAmount: fromCents(remainingCents),
    ...extra,
    successUrl: row.successUrl ?? DEFAULT_SUCCESS_URL,
    failUrl: row.failUrl ?? DEFAULT_FAIL_URL,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** The caller's own payment attempt (404 for anyone else's, and for ids that are not ids). */
export async function loadPayment(ctx: Pick<AppContext, 'db'>, user: UserRow, id: string): Promise<Payment> {
  if (!user.profileId || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
    throw notFound(paymentMessages.paymentNotFound);
  }
  const [row] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.profileId, user.profileId)));
  if (!row) throw notFound(paymentMessages.paymentNotFound);
  const invoice = await findInvoice(ctx.db, row.invoiceNo);
  return paymentDto(row, invoice?.remainingCents ?? 0);
}

/**
 * `GET /api/payments/invoice/{code}`: the caller's invoice a payment request names, with what is left to pay and the
 * latest receipt, so the checkout can tell a document already paid from one still owing (404 for anyone else's).
 */
export async function checkoutInvoice(ctx: Pick<AppContext, 'db'>, user: UserRow, code: string): Promise<CheckoutInvoice> {
  const invoice = await resolveInvoice(ctx.db, user, code);
  if (!invoice) throw notFound(paymentMessages.documentNotFound);
  const paid = (await paymentsAgainst(ctx.db, [invoice.id])).get(invoice.id);
  return {
    invoiceNo: invoice.documentNo,
    description: invoice.description,
    amount: fromCents(invoice.amountCents),
    remainingAmount: fromCents(invoice.remainingCents),
    receiptNo: paid?.receiptNo ?? null,
  };
}

function darajaMessage(error: DarajaError): string {
  if (error.kind === 'auth') return paymentMessages.mpesaCredentials;
  if (error.kind === 'rejected') return paymentMessages.mpesaRefused(error.message);
  return paymentMessages.mpesaUnreachable;
}

/** What the STK prompt and statement show: AccountReference (<= 12) and TransactionDesc (<= 13). */
function pushLabels(invoice: LedgerEntryRow): { accountReference: string; transactionDesc: string } {
  const purpose = invoice.purpose ? `${invoice.purpose[0].toUpperCase()}${invoice.purpose.slice(1)}` : 'Payment';
  return { accountReference: invoice.documentNo.slice(0, 12), transactionDesc: purpose.slice(0, 13) };
}

/**
 * POST /api/payments: decode the base64 request, find the caller's invoice it names, take the amount from the
 * invoice (never from the request) and start the provider's flow.
 */
export async function createPayment(ctx: AppContext, user: UserRow, body: CreatePaymentRequest): Promise<Payment> {
  const parsed = paymentRequestSchema.safeParse(decodeJson<unknown>(body.request));
  if (!parsed.success) throw badRequest(paymentMessages.requestInvalid, { request: [paymentMessages.requestInvalid] });
  const request = parsed.data;
  const invoice = await resolveInvoice(ctx.db, user, request.sourceDocumentNo);
  if (!invoice || !user.profileId) throw notFound(paymentMessages.documentNotFound);
  if (invoice.remainingCents <= 0) throw conflict(paymentMessages.alreadyPaid);

  const successUrl = sameSitePath(request.success_url, DEFAULT_SUCCESS_URL);
  const failUrl = sameSitePath(request.fail_url, DEFAULT_FAIL_URL);
  const base = {
    profileId: user.profileId,
    userId: user.id,
    invoiceNo: invoice.documentNo,
    description: invoice.description,
    successUrl,
    failUrl,
    createdBy: user.id,
  };

  if (body.provider === 'CREDIT') {
    const { row, remainingCents } = await ctx.db.transaction(async (tx) => {
      const applied = await applyCredit(tx, { profileId: base.profileId, invoiceNo: invoice.documentNo });
      if (applied.appliedCents <= 0) throw conflict(paymentMessages.noCredit);
      const now = new Date();
      const [inserted] = await tx
        .insert(payments)
        .values({ ...base, provider: 'CREDIT', amountCents: applied.appliedCents, status: 'succeeded', resultCode: '0', completedAt: now })
        .returning();
      const after = await findInvoice(tx, invoice.documentNo);
      return { row: inserted, remainingCents: after?.remainingCents ?? 0 };
    });
    return paymentDto(row, remainingCents);
  }

  if (body.provider === 'CARD') {
    const gateway = cardGateway(ctx.config);
    if (!gateway) throw badRequest(paymentMessages.providerUnavailable);
    const [row] = await ctx.db
      .insert(payments)
      .values({ ...base, provider: 'CARD', amountCents: invoice.remainingCents })
      .returning();
    const { checkoutUrl } = await gateway.startCheckout(row);
    return paymentDto(row, invoice.remainingCents, { checkoutUrl });
  }

  if (!mpesaAvailable(ctx.config)) throw badRequest(paymentMessages.providerUnavailable);
  const given = body.phone?.trim() || request.accountNo?.trim() || '';
  if (!given) throw badRequest(paymentMessages.phoneRequired, { phone: [paymentMessages.phoneRequired] });
  // Any usual way of writing a Safaricom number ('0722 123 456', '+254 722 …'); Daraja takes 2547… (decision 040).
  const phone = mpesaPhone(given);
  if (!phone) throw badRequest(paymentMessages.phoneInvalid, { phone: [paymentMessages.phoneInvalid] });

  const amountCents = mpesaAmountCents(invoice.remainingCents);
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
      ...pushLabels(invoice),
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
    return paymentDto(updated, invoice.remainingCents, { customerMessage: push.CustomerMessage || paymentMessages.pushSent });
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
