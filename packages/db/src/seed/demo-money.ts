import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import * as t from '../schema';
import { nextNumber } from '../sequences';
import { demoMoney } from './demo';

const DAY_MS = 24 * 60 * 60 * 1000;
const nairobiDate = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * The demo member's subscriptions as the ledger core would have posted them (packages/db cannot import the API):
 * invoice rows, the payment with its allocation and attempt row, and the subscription rows. Idempotent: a period
 * already billed for the member is left alone.
 */
export async function seedDemoMoney(db: Db, now: Date = new Date()): Promise<void> {
  const [profile] = await db.select().from(t.profiles).where(eq(t.profiles.memberNo, demoMoney.memberNo));
  if (!profile) return;
  const [membership] = await db.select().from(t.memberships).where(eq(t.memberships.memberNo, demoMoney.memberNo));
  const category = membership?.categoryCode ?? 'PROFESSIONAL';
  const today = nairobiDate(now);
  const year = Number(today.slice(0, 4));
  const billed = async (period: string) =>
    (
      await db
        .select({ id: t.subscriptions.id })
        .from(t.subscriptions)
        .where(and(eq(t.subscriptions.memberNo, demoMoney.memberNo), eq(t.subscriptions.period, period)))
    ).length > 0;

  const subscribe = async (tx: Db, period: string, documentDate: string, dueDate: string) => {
    const invoiceNo = await nextNumber(tx, 'invoice', 'INV');
    const [invoice] = await tx
      .insert(t.ledgerEntries)
      .values({
        profileId: profile.profileId,
        documentNo: invoiceNo,
        documentType: 'Invoice',
        purpose: 'subscription',
        description: `Annual subscription ${period}`,
        amountCents: demoMoney.subscriptionCents,
        remainingCents: demoMoney.subscriptionCents,
        externalDocumentNo: `${demoMoney.memberNo}-${period}`,
        documentDate,
        postingDate: documentDate,
        dueDate,
      })
      .returning();
    await tx.insert(t.subscriptions).values({
      profileId: profile.profileId,
      memberNo: demoMoney.memberNo,
      period,
      categoryCode: category,
      invoiceNo,
    });
    return invoice;
  };

  const previous = String(year - 1);
  if (!(await billed(previous))) {
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const invoice = await subscribe(tx, previous, `${previous}-01-05`, `${previous}-03-31`);
      const receiptNo = await nextNumber(tx, 'receipt', 'RCT');
      const paidOn = `${previous}-02-14`;
      const [payment] = await tx
        .insert(t.ledgerEntries)
        .values({
          profileId: profile.profileId,
          documentNo: receiptNo,
          documentType: 'Payment',
          description: `MPESA payment ${demoMoney.paidMpesaReceipt}`,
          amountCents: -demoMoney.subscriptionCents,
          remainingCents: 0,
          externalDocumentNo: demoMoney.paidMpesaReceipt,
          documentDate: paidOn,
          postingDate: paidOn,
        })
        .returning();
      await tx.update(t.ledgerEntries).set({ remainingCents: 0 }).where(eq(t.ledgerEntries.id, invoice.id));
      await tx
        .insert(t.ledgerAllocations)
        .values({ invoiceEntryId: invoice.id, creditEntryId: payment.id, amountCents: demoMoney.subscriptionCents });
      const paidAt = new Date(`${paidOn}T10:42:00+03:00`);
      await tx.insert(t.payments).values({
        profileId: profile.profileId,
        provider: 'MPESA',
        invoiceNo: invoice.documentNo,
        description: 'Subscription Payment',
        amountCents: demoMoney.subscriptionCents,
        status: 'succeeded',
        phone: demoMoney.paidPhone,
        providerReference: demoMoney.paidMpesaReceipt,
        resultCode: '0',
        resultDesc: 'The service request is processed successfully.',
        receiptNo,
        completedAt: paidAt,
        createdAt: paidAt,
        updatedAt: paidAt,
      });
    });
  }

  const current = String(year);
  if (!(await billed(current))) {
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await subscribe(tx, current, nairobiDate(new Date(now.getTime() - 45 * DAY_MS)), nairobiDate(new Date(now.getTime() - 15 * DAY_MS)));
    });
  }
}
