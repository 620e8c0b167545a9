import { ALL_DUE, fromCents, type Payment, type PaymentStatus, paymentMessages, type SettledDocument } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { notFound } from '../../shared/errors';
import type { UserRow } from '../../shared/session';
import { findInvoice } from '../billing/index';
import type { PaymentRow } from './settle';

const { payments, ledgerAllocations, ledgerEntries } = schema;

export const DEFAULT_SUCCESS_URL = '/dashboard';
export const DEFAULT_FAIL_URL = '/billing';

function statusMessage(row: PaymentRow, remainingCents: number): string {
  switch (row.status as PaymentStatus) {
    case 'succeeded':
      if (row.provider !== 'CREDIT') return paymentMessages.succeeded;
      if (row.invoiceNo === ALL_DUE) {
        return remainingCents > 0
          ? paymentMessages.creditUsedFirst(fromCents(row.amountCents), fromCents(remainingCents))
          : paymentMessages.creditSettledAll(fromCents(row.amountCents));
      }
      return paymentMessages.creditApplied(fromCents(row.amountCents), fromCents(remainingCents));
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
 * An attempt as the checkout sees it; `remainingCents` is what is left to pay on its invoice (ALL-DUE: on its
 * documents) now, after the attempt once it succeeded; `settled` what its receipt settled.
 */
export function paymentDto(
  row: PaymentRow,
  remainingCents: number,
  extra: { checkoutUrl?: string; customerMessage?: string; settled?: SettledDocument[] } = {},
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
    documents: row.covers ?? [],
    settled: extra.settled ?? [],
    ...(extra.checkoutUrl ? { checkoutUrl: extra.checkoutUrl } : {}),
    ...(extra.customerMessage ? { customerMessage: extra.customerMessage } : {}),
    successUrl: row.successUrl ?? DEFAULT_SUCCESS_URL,
    failUrl: row.failUrl ?? DEFAULT_FAIL_URL,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** What is left to pay on what the attempt pays: its invoice, or (ALL-DUE) the documents it was started for. */
export async function remainingFor(db: Db, row: Pick<PaymentRow, 'invoiceNo' | 'covers'>): Promise<number> {
  if (row.invoiceNo !== ALL_DUE) return (await findInvoice(db, row.invoiceNo))?.remainingCents ?? 0;
  if (!row.covers?.length) return 0;
  const [sum] = await db
    .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.remainingCents}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.documentType, 'Invoice'), inArray(ledgerEntries.documentNo, row.covers)));
  return Number(sum.cents);
}

/** The invoices a posted receipt settled, in the order it settled them. */
export async function settledBy(db: Db, receiptNo: string | null): Promise<SettledDocument[]> {
  if (!receiptNo) return [];
  const rows = await db
    .select({ invoiceNo: ledgerEntries.documentNo, description: ledgerEntries.description, cents: ledgerAllocations.amountCents })
    .from(ledgerAllocations)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerAllocations.invoiceEntryId))
    .where(
      eq(
        ledgerAllocations.creditEntryId,
        sql`(select ${ledgerEntries.id} from ${ledgerEntries} where ${ledgerEntries.documentNo} = ${receiptNo})`,
      ),
    )
    .orderBy(asc(ledgerAllocations.id));
  return rows.map((row) => ({ invoiceNo: row.invoiceNo, description: row.description, amount: fromCents(row.cents) }));
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
  const [remaining, settled] = await Promise.all([remainingFor(ctx.db, row), settledBy(ctx.db, row.receiptNo)]);
  return paymentDto(row, remaining, { settled });
}
