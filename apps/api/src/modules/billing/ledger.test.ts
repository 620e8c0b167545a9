import { type Db, schema } from '@portal/db';
import { asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createApplication } from '../../../test/applications';
import { entry, invoiceFor, paymentFor } from '../../../test/billing';
import { createMember, createTestApp, createUser } from '../../../test/harness';
import {
  applyCredit,
  arrearsCents,
  balanceCents,
  checkLedgerInvariants,
  findInvoice,
  isInGoodStanding,
  LedgerError,
  postCreditNote,
  postPayment,
  raiseInvoice,
  today,
} from './index';

const t = await createTestApp();

afterEach(async () => {
  expect(await checkLedgerInvariants(t.db)).toEqual([]);
});

async function newMember() {
  const { profile } = await createMember(t.db);
  return profile.profileId;
}

async function allocationsOf(documentNo: string) {
  const row = await entry(t, documentNo);
  return t.db
    .select()
    .from(schema.ledgerAllocations)
    .where(eq(row.documentType === 'Invoice' ? schema.ledgerAllocations.invoiceEntryId : schema.ledgerAllocations.creditEntryId, row.id))
    .orderBy(asc(schema.ledgerAllocations.id));
}

describe('invoices', () => {
  it('raises an invoice with the next INV number, nothing applied, due on its date by default', async () => {
    const profileId = await newMember();
    const first = await raiseInvoice(t.db, { profileId, purpose: 'event', description: 'Gala dinner', amountCents: 350_000 });
    const second = await raiseInvoice(t.db, {
      profileId,
      purpose: 'subscription',
      description: 'Annual subscription 2026',
      amountCents: 580_000,
      externalDocumentNo: 'M1-2026',
      documentDate: '2026-01-05',
      dueDate: '2026-03-31',
      createdBy: 7,
    });
    expect(first.documentNo).toMatch(/^INV\d{6}$/);
    expect(Number(second.documentNo.slice(3))).toBe(Number(first.documentNo.slice(3)) + 1);
    expect(first).toMatchObject({
      documentType: 'Invoice',
      purpose: 'event',
      amountCents: 350_000,
      remainingCents: 350_000,
      documentDate: today(),
      postingDate: today(),
      dueDate: today(),
      externalDocumentNo: null,
    });
    expect(second).toMatchObject({ externalDocumentNo: 'M1-2026', documentDate: '2026-01-05', dueDate: '2026-03-31', createdBy: 7 });
    expect(await findInvoice(t.db, second.documentNo)).toMatchObject({ id: second.id });
    expect(await findInvoice(t.db, 'INV999999')).toBeNull();
    expect(await balanceCents(t.db, profileId)).toBe(930_000);
  });

  it('refuses an amount that is not a positive whole number of cents', async () => {
    const profileId = await newMember();
    for (const amountCents of [0, -100, 12.5, Number.NaN]) {
      await expect(raiseInvoice(t.db, { profileId, purpose: 'event', description: 'x', amountCents })).rejects.toBeInstanceOf(LedgerError);
      await expect(postPayment(t.db, { profileId, amountCents, method: 'BANK', reference: 'R' })).rejects.toBeInstanceOf(LedgerError);
    }
    expect(await balanceCents(t.db, profileId)).toBe(0);
  });

  it('the database refuses a posted entry out of bounds (the CHECK constraint)', async () => {
    const profileId = await newMember();
    const invoice = await invoiceFor(t, profileId, { amountCents: 1000 });
    await expect(
      t.db.update(schema.ledgerEntries).set({ remainingCents: 1001 }).where(eq(schema.ledgerEntries.id, invoice.id)),
    ).rejects.toThrow();
    await expect(
      t.db.update(schema.ledgerEntries).set({ remainingCents: -1 }).where(eq(schema.ledgerEntries.id, invoice.id)),
    ).rejects.toThrow();
  });
});

describe('payments', () => {
  it('a full payment settles the named invoice, with a RCT receipt and one allocation', async () => {
    const profileId = await newMember();
    const invoice = await invoiceFor(t, profileId, { amountCents: 232_000 });
    const paid = await postPayment(t.db, {
      profileId,
      amountCents: 232_000,
      method: 'MPESA',
      reference: 'QKJ4ABC123',
      invoiceNo: invoice.documentNo,
      paidAt: new Date('2026-02-03T21:30:00Z'),
    });
    expect(paid.receiptNo).toMatch(/^RCT\d{6}$/);
    expect(paid.allocations).toEqual([{ invoiceNo: invoice.documentNo, amountCents: 232_000 }]);
    expect(paid.entry).toMatchObject({
      documentNo: paid.receiptNo,
      documentType: 'Payment',
      amountCents: -232_000,
      remainingCents: 0,
      externalDocumentNo: 'QKJ4ABC123',
      // 21:30 UTC is already the next day in Nairobi.
      documentDate: '2026-02-04',
      // The method as people write it ('M-Pesa'), not its code.
      description: 'M-Pesa payment QKJ4ABC123',
    });
    expect((await entry(t, invoice.documentNo)).remainingCents).toBe(0);
    expect(await allocationsOf(invoice.documentNo)).toMatchObject([{ creditEntryId: paid.entry.id, amountCents: 232_000 }]);
    expect(await balanceCents(t.db, profileId)).toBe(0);
  });

  it('partial payments reduce what is owed until the invoice is settled', async () => {
    const profileId = await newMember();
    const invoice = await invoiceFor(t, profileId, { amountCents: 100_000 });
    await paymentFor(t, profileId, 30_000, { invoiceNo: invoice.documentNo });
    expect((await entry(t, invoice.documentNo)).remainingCents).toBe(70_000);
    expect(await balanceCents(t.db, profileId)).toBe(70_000);
    await paymentFor(t, profileId, 45_050, { invoiceNo: invoice.documentNo });
    expect((await entry(t, invoice.documentNo)).remainingCents).toBe(24_950);
    const last = await paymentFor(t, profileId, 24_950, { invoiceNo: invoice.documentNo });
    expect(last.allocations).toEqual([{ invoiceNo: invoice.documentNo, amountCents: 24_950 }]);
    expect((await entry(t, invoice.documentNo)).remainingCents).toBe(0);
    expect((await allocationsOf(invoice.documentNo)).map((a) => a.amountCents)).toEqual([30_000, 45_050, 24_950]);
  });

  it('applies to the named invoice first, then the other open invoices oldest first', async () => {
    const profileId = await newMember();
    const newest = await invoiceFor(t, profileId, { amountCents: 50_000, documentDate: '2026-01-05', dueDate: '2026-03-31' });
    const oldest = await invoiceFor(t, profileId, { amountCents: 40_000, documentDate: '2024-01-05', dueDate: '2024-03-31' });
    const middle = await invoiceFor(t, profileId, { amountCents: 30_000, documentDate: '2025-01-05', dueDate: '2025-03-31' });
    const paid = await paymentFor(t, profileId, 60_000, { invoiceNo: newest.documentNo });
    expect(paid.allocations).toEqual([
      { invoiceNo: newest.documentNo, amountCents: 50_000 },
      { invoiceNo: oldest.documentNo, amountCents: 10_000 },
    ]);
    expect((await entry(t, middle.documentNo)).remainingCents).toBe(30_000);
    // Without a named invoice: oldest first.
    const next = await paymentFor(t, profileId, 35_000);
    expect(next.allocations).toEqual([
      { invoiceNo: oldest.documentNo, amountCents: 30_000 },
      { invoiceNo: middle.documentNo, amountCents: 5_000 },
    ]);
    expect(await balanceCents(t.db, profileId)).toBe(25_000);
  });

  it('an overpayment leaves unapplied credit, which a later invoice can take with applyCredit', async () => {
    const profileId = await newMember();
    const invoice = await invoiceFor(t, profileId, { amountCents: 20_000 });
    const paid = await paymentFor(t, profileId, 50_000, { invoiceNo: invoice.documentNo });
    expect(paid.entry.remainingCents).toBe(-30_000);
    expect(await balanceCents(t.db, profileId)).toBe(-30_000);

    const later = await invoiceFor(t, profileId, { amountCents: 45_000 });
    const applied = await applyCredit(t.db, { profileId, invoiceNo: later.documentNo });
    expect(applied).toEqual({ appliedCents: 30_000, allocations: [{ invoiceNo: later.documentNo, amountCents: 30_000 }] });
    expect((await entry(t, later.documentNo)).remainingCents).toBe(15_000);
    expect((await entry(t, paid.receiptNo)).remainingCents).toBe(0);
    // Nothing left to apply: nothing happens.
    expect(await applyCredit(t.db, { profileId, invoiceNo: later.documentNo })).toEqual({ appliedCents: 0, allocations: [] });
    expect(await balanceCents(t.db, profileId)).toBe(15_000);
  });

  it('applyCredit takes the oldest credit first, across several credits, and stops when the invoice is settled', async () => {
    const profileId = await newMember();
    const first = await paymentFor(t, profileId, 10_000);
    const second = await paymentFor(t, profileId, 25_000);
    const invoice = await invoiceFor(t, profileId, { amountCents: 30_000 });
    const applied = await applyCredit(t.db, { profileId, invoiceNo: invoice.documentNo });
    expect(applied.appliedCents).toBe(30_000);
    expect((await entry(t, first.receiptNo)).remainingCents).toBe(0);
    expect((await entry(t, second.receiptNo)).remainingCents).toBe(-5_000);
    expect((await entry(t, invoice.documentNo)).remainingCents).toBe(0);
    // Applying to a settled invoice does nothing.
    expect((await applyCredit(t.db, { profileId, invoiceNo: invoice.documentNo })).appliedCents).toBe(0);
  });

  it('refuses an invoice of another member or an unknown one, posting nothing', async () => {
    const owner = await newMember();
    const other = await newMember();
    const invoice = await invoiceFor(t, owner, { amountCents: 10_000 });
    await expect(
      postPayment(t.db, { profileId: other, amountCents: 10_000, method: 'BANK', reference: 'X1', invoiceNo: invoice.documentNo }),
    ).rejects.toBeInstanceOf(LedgerError);
    await expect(applyCredit(t.db, { profileId: other, invoiceNo: invoice.documentNo })).rejects.toBeInstanceOf(LedgerError);
    await expect(postCreditNote(t.db, { profileId: other, amountCents: 1, reason: 'x', invoiceNo: 'INV000000' })).rejects.toBeInstanceOf(
      LedgerError,
    );
    expect(await balanceCents(t.db, other)).toBe(0);
    expect((await entry(t, invoice.documentNo)).remainingCents).toBe(10_000);
  });

  it("runs inside the caller's transaction: a failure after it posts nothing", async () => {
    const profileId = await newMember();
    const invoice = await invoiceFor(t, profileId, { amountCents: 10_000 });
    await expect(
      t.db.transaction(async (tx) => {
        await postPayment(tx as unknown as Db, {
          profileId,
          amountCents: 10_000,
          method: 'CARD',
          reference: 'C1',
          invoiceNo: invoice.documentNo,
        });
        throw new Error('the caller fails afterwards');
      }),
    ).rejects.toThrow('the caller fails afterwards');
    expect((await entry(t, invoice.documentNo)).remainingCents).toBe(10_000);
    expect(await balanceCents(t.db, profileId)).toBe(10_000);
  });
});

describe('the application fee', () => {
  it("the payment that completes the fee invoice becomes the application's posted receipt", async () => {
    const { profile } = await createMember(t.db);
    const user = await createUser(t.db, { profileId: profile.profileId });
    const application = await createApplication(t, user.id, { profileId: profile.profileId, status: 'Open', submitted: true });
    const invoice = await invoiceFor(t, profile.profileId, { purpose: 'application', amountCents: 232_000 });
    await t.db.update(schema.applications).set({ invoiceNo: invoice.documentNo }).where(eq(schema.applications.code, application.code));
    const posted = async () =>
      (await t.db.select().from(schema.applications).where(eq(schema.applications.code, application.code)))[0].postedReceiptNo;

    await paymentFor(t, profile.profileId, 100_000, { invoiceNo: invoice.documentNo });
    expect(await posted()).toBeNull();
    const last = await paymentFor(t, profile.profileId, 132_000, { invoiceNo: invoice.documentNo });
    expect(await posted()).toBe(last.receiptNo);
    // Later payments never change it.
    await paymentFor(t, profile.profileId, 5_000);
    expect(await posted()).toBe(last.receiptNo);
  });
});

describe('credit notes', () => {
  it('reduce what is owed on the named invoice; a credit beyond it stays as credit, never a negative remaining amount', async () => {
    const profileId = await newMember();
    const invoice = await invoiceFor(t, profileId, { amountCents: 50_000 });
    const note = await postCreditNote(t.db, {
      profileId,
      amountCents: 20_000,
      reason: 'Discount agreed',
      invoiceNo: invoice.documentNo,
      createdBy: 1,
    });
    expect(note).toMatchObject({
      documentNo: expect.stringMatching(/^CRN\d{6}$/),
      documentType: 'Credit Memo',
      amountCents: -20_000,
      remainingCents: 0,
      description: 'Discount agreed',
      externalDocumentNo: invoice.documentNo,
    });
    expect((await entry(t, invoice.documentNo)).remainingCents).toBe(30_000);
    const big = await postCreditNote(t.db, {
      profileId,
      amountCents: 45_000,
      reason: 'Waived',
      invoiceNo: invoice.documentNo,
      createdBy: 1,
    });
    expect((await entry(t, invoice.documentNo)).remainingCents).toBe(0);
    expect(big.remainingCents).toBe(-15_000);
    expect(await balanceCents(t.db, profileId)).toBe(-15_000);
  });

  it('without an invoice named, settle the oldest open invoices first', async () => {
    const profileId = await newMember();
    const older = await invoiceFor(t, profileId, { amountCents: 10_000, documentDate: '2025-01-01', dueDate: '2025-01-31' });
    const newer = await invoiceFor(t, profileId, { amountCents: 10_000, documentDate: '2026-01-01', dueDate: '2026-01-31' });
    await postCreditNote(t.db, { profileId, amountCents: 15_000, reason: 'Goodwill', createdBy: 1 });
    expect((await entry(t, older.documentNo)).remainingCents).toBe(0);
    expect((await entry(t, newer.documentNo)).remainingCents).toBe(5_000);
  });
});

describe('balance, arrears and good standing', () => {
  it('arrears are the remaining amounts of overdue invoices; good standing is an Active membership without them', async () => {
    const { profile } = await createMember(t.db);
    const profileId = profile.profileId;
    expect(await isInGoodStanding(t.db, profileId, '2026-06-01')).toBe(true);
    const overdue = await invoiceFor(t, profileId, { amountCents: 30_000, documentDate: '2026-01-05', dueDate: '2026-03-31' });
    await invoiceFor(t, profileId, { amountCents: 20_000, documentDate: '2026-05-01', dueDate: '2026-06-30' });
    expect(await balanceCents(t.db, profileId)).toBe(50_000);
    expect(await arrearsCents(t.db, profileId, '2026-03-31')).toBe(0);
    expect(await isInGoodStanding(t.db, profileId, '2026-03-31')).toBe(true);
    expect(await arrearsCents(t.db, profileId, '2026-04-01')).toBe(30_000);
    expect(await arrearsCents(t.db, profileId, '2026-07-01')).toBe(50_000);
    expect(await isInGoodStanding(t.db, profileId, '2026-04-01')).toBe(false);

    await paymentFor(t, profileId, 10_000, { invoiceNo: overdue.documentNo });
    expect(await arrearsCents(t.db, profileId, '2026-04-01')).toBe(20_000);
    await paymentFor(t, profileId, 20_000, { invoiceNo: overdue.documentNo });
    expect(await arrearsCents(t.db, profileId, '2026-04-01')).toBe(0);
    expect(await isInGoodStanding(t.db, profileId, '2026-04-01')).toBe(true);
    expect(await balanceCents(t.db, profileId)).toBe(20_000);

    await t.db.update(schema.memberships).set({ status: 'Inactive' }).where(eq(schema.memberships.profileId, profileId));
    expect(await isInGoodStanding(t.db, profileId, '2026-04-01')).toBe(false);
  });

  it('a profile without a membership is never in good standing', async () => {
    const { profile } = await createMember(t.db);
    await t.db.delete(schema.memberships).where(eq(schema.memberships.profileId, profile.profileId));
    expect(await isInGoodStanding(t.db, profile.profileId)).toBe(false);
  });
});

describe('concurrency', () => {
  it('two payments at once on one invoice never over-allocate it: the second becomes credit', async () => {
    const profileId = await newMember();
    const invoice = await invoiceFor(t, profileId, { amountCents: 80_000 });
    const [a, b] = await Promise.all([
      postPayment(t.db, { profileId, amountCents: 80_000, method: 'MPESA', reference: 'A1', invoiceNo: invoice.documentNo }),
      postPayment(t.db, { profileId, amountCents: 80_000, method: 'CARD', reference: 'B1', invoiceNo: invoice.documentNo }),
    ]);
    expect((await entry(t, invoice.documentNo)).remainingCents).toBe(0);
    const applied = [...a.allocations, ...b.allocations].reduce((sum, x) => sum + x.amountCents, 0);
    expect(applied).toBe(80_000);
    expect([a.entry.remainingCents, b.entry.remainingCents].sort()).toEqual([-80_000, 0]);
    expect(await balanceCents(t.db, profileId)).toBe(-80_000);
  });

  it('many partial payments, credits and credit notes at once add up exactly', async () => {
    const profileId = await newMember();
    const invoices = [
      await invoiceFor(t, profileId, { amountCents: 33_333, documentDate: '2024-02-01' }),
      await invoiceFor(t, profileId, { amountCents: 44_444, documentDate: '2025-02-01' }),
      await invoiceFor(t, profileId, { amountCents: 55_555, documentDate: '2026-02-01' }),
    ];
    await paymentFor(t, profileId, 7_000);
    await Promise.all([
      ...Array.from({ length: 12 }, (_, i) =>
        postPayment(t.db, { profileId, amountCents: 9_999, method: 'MPESA', reference: `P${i}`, invoiceNo: invoices[i % 3].documentNo }),
      ),
      applyCredit(t.db, { profileId, invoiceNo: invoices[2].documentNo }),
      postCreditNote(t.db, { profileId, amountCents: 1_234, reason: 'Rounding', createdBy: 1 }),
    ]);
    const owed = 33_333 + 44_444 + 55_555;
    const paid = 7_000 + 12 * 9_999 + 1_234;
    expect(await balanceCents(t.db, profileId)).toBe(owed - paid);
    const remaining = await Promise.all(invoices.map(async (i) => (await entry(t, i.documentNo)).remainingCents));
    expect(remaining.reduce((s, r) => s + r, 0)).toBe(owed - paid);
    expect(remaining.every((r) => r >= 0)).toBe(true);
  });
});

describe('checkLedgerInvariants', () => {
  it('reports an entry whose remaining amount no allocation explains, and a fee receipt out of step', async () => {
    const { profile } = await createMember(t.db);
    const user = await createUser(t.db, { profileId: profile.profileId });
    const application = await createApplication(t, user.id, { profileId: profile.profileId });
    const invoice = await invoiceFor(t, profile.profileId, { amountCents: 10_000, purpose: 'application' });
    const found = await t.db
      .transaction(async (tx) => {
        await tx.update(schema.ledgerEntries).set({ remainingCents: 4_000 }).where(eq(schema.ledgerEntries.id, invoice.id));
        await tx
          .update(schema.applications)
          .set({ invoiceNo: invoice.documentNo, postedReceiptNo: 'RCT000999' })
          .where(eq(schema.applications.code, application.code));
        const problems = await checkLedgerInvariants(tx as unknown as Db);
        throw Object.assign(new Error('rollback'), { problems });
      })
      .catch((error: { problems?: string[] }) => error.problems ?? []);
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`${invoice.documentNo}: applied 6000 but allocations add up to 0`),
        expect.stringContaining(`${profile.profileId}: balance`),
        expect.stringContaining(`${application.code}: posted receipt out of step`),
      ]),
    );
  });
});
