import {
  type CheckoutInvoice,
  type CreatePaymentRequest,
  decodeJson,
  fromCents,
  isAllDue,
  type Payment,
  paymentMessages,
  paymentRequestSchema,
} from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { badRequest, conflict, notFound } from '../../shared/errors';
import type { UserRow } from '../../shared/session';
import { applyCredit, feeBreakdown, findInvoice, type LedgerEntryRow } from '../billing/index';
import { paymentsAgainst } from '../statements/subscriptions';
import { createAllDuePayment } from './all-due';
import { DEFAULT_FAIL_URL, DEFAULT_SUCCESS_URL, paymentDto } from './payment-dto';
import { startProviderPayment } from './start-payment';

const { payments, applications, subscriptions, ledgerEntries } = schema;

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

/**
 * `GET /api/payments/invoice/{code}`: the caller's invoice a payment request names, with what is left to pay and the
 * latest receipt, so the checkout can tell a document already paid from one still owing (404 for anyone else's).
 */
export async function checkoutInvoice(ctx: Pick<AppContext, 'db' | 'config'>, user: UserRow, code: string): Promise<CheckoutInvoice> {
  const invoice = await resolveInvoice(ctx.db, user, code);
  if (!invoice) throw notFound(paymentMessages.documentNotFound);
  const paid = (await paymentsAgainst(ctx.db, [invoice.id])).get(invoice.id);
  return {
    invoiceNo: invoice.documentNo,
    description: invoice.description,
    amount: fromCents(invoice.amountCents),
    remainingAmount: fromCents(invoice.remainingCents),
    receiptNo: paid?.receiptNo ?? null,
    breakdown: feeBreakdown(invoice.amountCents, invoice.remainingCents, ctx.config.vatRatePercent),
    dueDate: invoice.dueDate,
  };
}

/** What the STK prompt and statement show: AccountReference (<= 12) and TransactionDesc (<= 13). */
function pushLabels(invoice: LedgerEntryRow): { accountReference: string; transactionDesc: string } {
  const purpose = invoice.purpose ? `${invoice.purpose[0].toUpperCase()}${invoice.purpose.slice(1)}` : 'Payment';
  return { accountReference: invoice.documentNo.slice(0, 12), transactionDesc: purpose.slice(0, 13) };
}

/**
 * POST /api/payments: decode the base64 request, find the caller's invoice it names (or everything due, ALL-DUE),
 * take the amount from the ledger (never from the request) and start the provider's flow.
 */
export async function createPayment(ctx: AppContext, user: UserRow, body: CreatePaymentRequest): Promise<Payment> {
  const parsed = paymentRequestSchema.safeParse(decodeJson<unknown>(body.request));
  if (!parsed.success) throw badRequest(paymentMessages.requestInvalid, { request: [paymentMessages.requestInvalid] });
  const request = parsed.data;
  const paths = {
    successUrl: sameSitePath(request.success_url, DEFAULT_SUCCESS_URL),
    failUrl: sameSitePath(request.fail_url, DEFAULT_FAIL_URL),
  };
  if (isAllDue(request.sourceDocumentNo)) return createAllDuePayment(ctx, user, body, request.accountNo, paths);

  const invoice = await resolveInvoice(ctx.db, user, request.sourceDocumentNo);
  if (!invoice || !user.profileId) throw notFound(paymentMessages.documentNotFound);
  if (invoice.remainingCents <= 0) throw conflict(paymentMessages.alreadyPaid);
  const base = { profileId: user.profileId, userId: user.id, invoiceNo: invoice.documentNo, description: invoice.description, ...paths };

  if (body.provider === 'CREDIT') {
    const { row, remainingCents } = await ctx.db.transaction(async (tx) => {
      const applied = await applyCredit(tx, { profileId: base.profileId, invoiceNo: invoice.documentNo });
      if (applied.appliedCents <= 0) throw conflict(paymentMessages.noCredit);
      const now = new Date();
      const [inserted] = await tx
        .insert(payments)
        .values({
          ...base,
          provider: 'CREDIT',
          amountCents: applied.appliedCents,
          status: 'succeeded',
          resultCode: '0',
          completedAt: now,
          createdBy: user.id,
        })
        .returning();
      const after = await findInvoice(tx, invoice.documentNo);
      return { row: inserted, remainingCents: after?.remainingCents ?? 0 };
    });
    return paymentDto(row, remainingCents);
  }

  return startProviderPayment(
    ctx,
    body,
    { ...base, covers: null, amountCents: invoice.remainingCents, ...pushLabels(invoice) },
    request.accountNo,
    invoice.remainingCents,
  );
}
