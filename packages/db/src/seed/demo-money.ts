import { and, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../client';
import * as t from '../schema';
import { nextNumber } from '../sequences';
import { demoArrears, demoMoney } from './demo';

const DAY_MS = 24 * 60 * 60 * 1000;
const nairobiDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi', year: 'numeric', month: '2-digit', day: '2-digit' });
const nairobiDate = (at: Date) => nairobiDay.format(at);

/**
 * Demo receipts seeded before the wording was settled read 'MPESA payment …'; the statement writes the method as
 * people do ('M-Pesa payment …', as the ledger core now does), so they are brought in line once.
 */
async function settleMpesaWording(db: Db, profileId: string): Promise<void> {
  await db
    .update(t.ledgerEntries)
    .set({ description: sql`'M-Pesa' || substr(${t.ledgerEntries.description}, 6)` })
    .where(
      and(
        eq(t.ledgerEntries.profileId, profileId),
        eq(t.ledgerEntries.documentType, 'Payment'),
        like(t.ledgerEntries.description, 'MPESA payment %'),
      ),
    );
}

/**
 * The demo member's subscriptions as the ledger core would have posted them (packages/db cannot import the API):
 * invoice rows, the payment with its allocation and attempt row, and the subscription rows. Idempotent: a period
 * already billed for the member is left alone.
 */
export async function seedDemoMoney(db: Db, now: Date = new Date()): Promise<void> {
  const [profile] = await db.select().from(t.profiles).where(eq(t.profiles.memberNo, demoMoney.memberNo));
  if (!profile) return;
  await settleMpesaWording(db, profile.profileId);
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

  const invoice = async (
    tx: Db,
    values: { purpose: string; description: string; cents: number; source: string; on: string; due: string },
  ) => {
    const [row] = await tx
      .insert(t.ledgerEntries)
      .values({
        profileId: profile.profileId,
        documentNo: await nextNumber(tx, 'invoice', 'INV'),
        documentType: 'Invoice',
        purpose: values.purpose,
        description: values.description,
        amountCents: values.cents,
        remainingCents: values.cents,
        externalDocumentNo: values.source,
        documentDate: values.on,
        postingDate: values.on,
        dueDate: values.due,
      })
      .returning();
    return row;
  };

  /** An M-Pesa payment settling the whole invoice: receipt entry, allocation and the attempt row. */
  const payInFull = async (tx: Db, inv: typeof t.ledgerEntries.$inferSelect, paidOn: string, mpesaReceipt: string, description: string) => {
    const receiptNo = await nextNumber(tx, 'receipt', 'RCT');
    const [payment] = await tx
      .insert(t.ledgerEntries)
      .values({
        profileId: profile.profileId,
        documentNo: receiptNo,
        documentType: 'Payment',
        description: `M-Pesa payment ${mpesaReceipt}`,
        amountCents: -inv.amountCents,
        remainingCents: 0,
        externalDocumentNo: mpesaReceipt,
        documentDate: paidOn,
        postingDate: paidOn,
      })
      .returning();
    await tx.update(t.ledgerEntries).set({ remainingCents: 0 }).where(eq(t.ledgerEntries.id, inv.id));
    await tx.insert(t.ledgerAllocations).values({ invoiceEntryId: inv.id, creditEntryId: payment.id, amountCents: inv.amountCents });
    const paidAt = new Date(`${paidOn}T10:42:00+03:00`);
    await tx.insert(t.payments).values({
      profileId: profile.profileId,
      provider: 'MPESA',
      invoiceNo: inv.documentNo,
      description,
      amountCents: inv.amountCents,
      status: 'succeeded',
      phone: demoMoney.paidPhone,
      providerReference: mpesaReceipt,
      resultCode: '0',
      resultDesc: 'The service request is processed successfully.',
      receiptNo,
      completedAt: paidAt,
      createdAt: paidAt,
      updatedAt: paidAt,
    });
    return receiptNo;
  };

  const subscribe = async (tx: Db, period: string, documentDate: string, dueDate: string) => {
    const row = await invoice(tx, {
      purpose: 'subscription',
      description: `Annual subscription ${period}`,
      cents: demoMoney.subscriptionCents,
      source: `${demoMoney.memberNo}-${period}`,
      on: documentDate,
      due: dueDate,
    });
    await tx.insert(t.subscriptions).values({
      profileId: profile.profileId,
      memberNo: demoMoney.memberNo,
      period,
      categoryCode: category,
      invoiceNo: row.documentNo,
    });
    return row;
  };

  // The member's own (released) application: its fee invoiced and paid on the day it was made.
  const [application] = await db.select().from(t.applications).where(eq(t.applications.assignedMemberNo, demoMoney.memberNo));
  if (application && !application.invoiceNo) {
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const on = nairobiDate(application.applicationDateTime);
      const fee = await invoice(tx, {
        purpose: 'application',
        description: `Application fee ${application.code}`,
        cents: Math.round(Number(application.amount) * 100),
        source: application.code,
        on,
        due: on,
      });
      const receiptNo = await payInFull(tx, fee, on, demoMoney.applicationMpesaReceipt, 'Application Payment');
      await tx
        .update(t.applications)
        .set({ invoiceNo: fee.documentNo, postedReceiptNo: receiptNo })
        .where(eq(t.applications.code, application.code));
    });
  }

  const previous = String(year - 1);
  if (!(await billed(previous))) {
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const row = await subscribe(tx, previous, `${previous}-01-05`, `${previous}-03-31`);
      await payInFull(tx, row, `${previous}-02-14`, demoMoney.paidMpesaReceipt, 'Subscription Payment');
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

/**
 * The member in arrears (ERB1005): the subscriptions of the last three years, each billed in January and due on 31
 * March, none paid, so the dashboard offers one payment for everything due. Idempotent per period.
 */
export async function seedDemoArrears(db: Db, now: Date = new Date()): Promise<void> {
  const [profile] = await db.select().from(t.profiles).where(eq(t.profiles.memberNo, demoArrears.memberNo));
  if (!profile) return;
  const year = Number(nairobiDate(now).slice(0, 4));
  for (let period = year - demoArrears.years + 1; period <= year; period++) {
    const code = `${demoArrears.memberNo}-${period}`;
    const [billed] = await db
      .select({ id: t.subscriptions.id })
      .from(t.subscriptions)
      .where(and(eq(t.subscriptions.memberNo, demoArrears.memberNo), eq(t.subscriptions.period, String(period))));
    if (billed) continue;
    const [invoice] = await db
      .insert(t.ledgerEntries)
      .values({
        profileId: profile.profileId,
        documentNo: await nextNumber(db, 'invoice', 'INV'),
        documentType: 'Invoice',
        purpose: 'subscription',
        description: `Annual subscription ${period}`,
        amountCents: demoArrears.subscriptionCents,
        remainingCents: demoArrears.subscriptionCents,
        externalDocumentNo: code,
        documentDate: `${period}-01-05`,
        postingDate: `${period}-01-05`,
        dueDate: `${period}-03-31`,
      })
      .returning();
    await db.insert(t.subscriptions).values({
      profileId: profile.profileId,
      memberNo: demoArrears.memberNo,
      period: String(period),
      categoryCode: profile.membershipType ?? 'PROFESSIONAL',
      invoiceNo: invoice.documentNo,
    });
  }
}
