import { schema } from '@portal/db';
import { seed } from '@portal/db/seed';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, openTestDatabase } from '../../../test/harness';
import { arrearsCents, balanceCents, checkLedgerInvariants, isInGoodStanding, today } from './index';

const database = await openTestDatabase();
await database.migrate();
afterAll(() => database.close());
const db = database.db;

describe('the demo seed', () => {
  it("gives ERB1001 a paid application fee, last year's subscription paid and this year's unpaid and overdue, once however often it runs", async () => {
    const options = { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, demo: true };
    await seed(db, options);
    await seed(db, options);
    expect(await checkLedgerInvariants(db)).toEqual([]);

    const [profile] = await db.select().from(schema.profiles).where(eq(schema.profiles.memberNo, 'ERB1001'));
    const year = Number(today().slice(0, 4));
    const subs = await db.select().from(schema.subscriptions).where(eq(schema.subscriptions.memberNo, 'ERB1001'));
    expect(subs.map((s) => s.period).sort()).toEqual([String(year - 1), String(year)]);
    const entries = await db.select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.profileId, profile.profileId));
    const invoice = (period: string) => entries.find((e) => e.documentNo === subs.find((s) => s.period === period)?.invoiceNo);
    expect(invoice(String(year - 1))).toMatchObject({ amountCents: 580_000, remainingCents: 0, purpose: 'subscription' });
    expect(invoice(String(year))).toMatchObject({ amountCents: 580_000, remainingCents: 580_000 });
    expect(entries.filter((e) => e.documentType === 'Payment').map((e) => [e.externalDocumentNo, e.amountCents, e.remainingCents])).toEqual(
      [
        ['PKA4M8T2LC', -580_000, 0],
        ['SDE7H2K9QX', -580_000, 0],
      ],
    );
    // The statement writes the method as people do, as new payments are written ('M-Pesa', not the code 'MPESA').
    expect(entries.filter((e) => e.documentType === 'Payment').map((e) => e.description)).toEqual([
      'M-Pesa payment PKA4M8T2LC',
      'M-Pesa payment SDE7H2K9QX',
    ]);
    const payments = await db.select().from(schema.payments).where(eq(schema.payments.profileId, profile.profileId));
    expect(payments.map((p) => [p.provider, p.status, p.providerReference]).sort()).toEqual([
      ['MPESA', 'succeeded', 'PKA4M8T2LC'],
      ['MPESA', 'succeeded', 'SDE7H2K9QX'],
    ]);

    // The member's released application: its fee invoiced and receipted, so Receipt opens a real document.
    const [application] = await db.select().from(schema.applications).where(eq(schema.applications.assignedMemberNo, 'ERB1001'));
    const fee = entries.find((e) => e.documentNo === application.invoiceNo);
    expect(fee).toMatchObject({ purpose: 'application', amountCents: 580_000, remainingCents: 0, externalDocumentNo: application.code });
    expect(entries.find((e) => e.documentNo === application.postedReceiptNo)?.documentType).toBe('Payment');

    expect(await balanceCents(db, profile.profileId)).toBe(580_000);
    expect(await arrearsCents(db, profile.profileId)).toBe(580_000);
    expect(await isInGoodStanding(db, profile.profileId)).toBe(false);
  });

  it('gives ERB1005 the last three years of subscriptions unpaid, once however often it runs', async () => {
    const options = { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, demo: true };
    await seed(db, options);
    await seed(db, options);
    const year = Number(today().slice(0, 4));
    const [profile] = await db.select().from(schema.profiles).where(eq(schema.profiles.memberNo, 'ERB1005'));
    const subs = await db.select().from(schema.subscriptions).where(eq(schema.subscriptions.memberNo, 'ERB1005'));
    expect(subs.map((s) => s.period).sort()).toEqual([String(year - 2), String(year - 1), String(year)]);
    const entries = await db.select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.profileId, profile.profileId));
    expect(entries.map((e) => [e.documentType, e.remainingCents])).toEqual(Array.from({ length: 3 }, () => ['Invoice', 580_000]));
    expect(await balanceCents(db, profile.profileId)).toBe(1_740_000);
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });

  it("gives ERB1006 this year's Active practising licence, once however often it runs", async () => {
    const options = { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, demo: true };
    await seed(db, options);
    await seed(db, options);
    const year = Number(today().slice(0, 4));
    const licences = await db.select().from(schema.licenses).where(eq(schema.licenses.memberNo, 'ERB1006'));
    expect(licences).toEqual([expect.objectContaining({ year, status: 'Active', validTo: `${year}-12-31`, categoryCode: 'PROFESSIONAL' })]);
  });

  it('brings demo receipts seeded with the older wording (MPESA payment …) in line', async () => {
    const [profile] = await db.select().from(schema.profiles).where(eq(schema.profiles.memberNo, 'ERB1001'));
    const receipt = and(eq(schema.ledgerEntries.profileId, profile.profileId), eq(schema.ledgerEntries.externalDocumentNo, 'SDE7H2K9QX'));
    await db.update(schema.ledgerEntries).set({ description: 'MPESA payment SDE7H2K9QX' }).where(receipt);
    await seed(db, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, demo: true });
    const [entry] = await db.select().from(schema.ledgerEntries).where(receipt);
    expect(entry.description).toBe('M-Pesa payment SDE7H2K9QX');
  });
});
