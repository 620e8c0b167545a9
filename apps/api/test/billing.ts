import { type Db, schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import {
  type InvoicePurpose,
  invoiceApplicationFee,
  type LedgerEntryRow,
  type LedgerPaymentMethod,
  postPayment,
  raiseInvoice,
} from '../src/modules/billing';
import type { TestApp } from './harness';

let counter = 0;
const uniqueReference = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`.toUpperCase();

/**
 * Pays an application's fee in full by a BANK payment through the ledger core, raising the fee invoice first
 * when the application was made directly in the database (submission raises it in the app). Afterwards the
 * application has its posted receipt, so the review can move it past Open.
 */
export async function payApplicationFee(t: Pick<TestApp, 'db'>, code: string): Promise<{ invoiceNo: string; receiptNo: string }> {
  return t.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [application] = await tx.select().from(schema.applications).where(eq(schema.applications.code, code)).for('update');
    if (!application?.profileId) throw new Error(`application ${code} has no profile`);
    const invoiceNo = await invoiceApplicationFee(tx, application, application.profileId, null);
    if (!invoiceNo) throw new Error(`application ${code} has no fee`);
    const [invoice] = await tx.select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.documentNo, invoiceNo));
    if (invoice.remainingCents === 0) {
      const [paid] = await tx.select().from(schema.applications).where(eq(schema.applications.code, code));
      return { invoiceNo, receiptNo: paid.postedReceiptNo ?? '' };
    }
    const payment = await postPayment(tx, {
      profileId: application.profileId,
      amountCents: invoice.remainingCents,
      method: 'BANK',
      reference: uniqueReference('FEE'),
      invoiceNo,
    });
    return { invoiceNo, receiptNo: payment.receiptNo };
  });
}

/** An invoice on a member's ledger, dated as asked (for oldest-first and arrears tests). */
export async function invoiceFor(
  t: Pick<TestApp, 'db'>,
  profileId: string,
  options: {
    amountCents?: number;
    purpose?: InvoicePurpose;
    documentDate?: string;
    dueDate?: string | null;
    description?: string;
    externalDocumentNo?: string;
  } = {},
): Promise<LedgerEntryRow> {
  return raiseInvoice(t.db, {
    profileId,
    purpose: options.purpose ?? 'event',
    description: options.description ?? 'Test invoice',
    amountCents: options.amountCents ?? 100_000,
    documentDate: options.documentDate,
    dueDate: options.dueDate,
    externalDocumentNo: options.externalDocumentNo,
  });
}

/** A subscription (row + invoice) as a billing run makes it, for one member and period. */
export async function subscriptionFor(
  t: Pick<TestApp, 'db'>,
  member: { profileId: string; memberNo: string; categoryCode?: string },
  period: string,
  options: { amountCents?: number; documentDate?: string; dueDate?: string } = {},
): Promise<LedgerEntryRow> {
  const invoice = await raiseInvoice(t.db, {
    profileId: member.profileId,
    purpose: 'subscription',
    description: `Annual subscription ${period}`,
    amountCents: options.amountCents ?? 580_000,
    externalDocumentNo: `${member.memberNo}-${period}`,
    documentDate: options.documentDate ?? `${period}-01-05`,
    dueDate: options.dueDate ?? `${period}-03-31`,
  });
  await t.db.insert(schema.subscriptions).values({
    profileId: member.profileId,
    memberNo: member.memberNo,
    period,
    categoryCode: member.categoryCode ?? 'PROFESSIONAL',
    invoiceNo: invoice.documentNo,
  });
  return invoice;
}

/** A payment through the core (default BANK, a fresh reference). */
export async function paymentFor(
  t: Pick<TestApp, 'db'>,
  profileId: string,
  amountCents: number,
  options: { invoiceNo?: string; method?: LedgerPaymentMethod; reference?: string; paidAt?: Date } = {},
) {
  return postPayment(t.db, {
    profileId,
    amountCents,
    method: options.method ?? 'BANK',
    reference: options.reference ?? uniqueReference('PAY'),
    invoiceNo: options.invoiceNo,
    paidAt: options.paidAt,
  });
}

/** Re-reads a ledger entry. */
export async function entry(t: Pick<TestApp, 'db'>, documentNo: string): Promise<LedgerEntryRow> {
  const [row] = await t.db.select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.documentNo, documentNo));
  return row;
}

type RunCall = (
  method: 'GET' | 'POST',
  url: string,
  options?: { body?: unknown; token?: string },
) => Promise<{ status: number; body: { data?: unknown } & Record<string, unknown> }>;

/**
 * Starts a billing run through the API (202) and waits for the background job to finish it, as the billing page
 * does; answers the POST's answer and the finished run.
 */
export async function billAndWait(call: RunCall, token: string, period: string) {
  const started = await call('POST', '/api/admin/billing/run', { token, body: { period } });
  if (started.status !== 202) throw new Error(`billing run not started: ${started.status} ${JSON.stringify(started.body)}`);
  const { run } = started.body.data as { run: { id: number } };
  const deadline = Date.now() + 30_000;
  for (;;) {
    const current = await call('GET', `/api/admin/billing/runs/${run.id}`, { token });
    const data = current.body.data as { status: string; billedCount: number; skippedCount: number } & Record<string, unknown>;
    if (data.status === 'finished' || data.status === 'failed') return { started, run: data };
    if (Date.now() > deadline) throw new Error(`billing run ${run.id} still ${data.status}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
