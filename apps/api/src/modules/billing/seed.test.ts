import { schema } from '@portal/db';
import { seed } from '@portal/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, openTestDatabase } from '../../../test/harness';
import { arrearsCents, balanceCents, checkLedgerInvariants, isInGoodStanding, today } from './index';

const database = await openTestDatabase();
await database.migrate();
afterAll(() => database.close());
const db = database.db;

describe('the demo seed', () => {
  it("gives ERB1001 last year's subscription paid and this year's unpaid and overdue, once however often it runs", async () => {
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
    expect(entries.filter((e) => e.documentType === 'Payment')).toEqual([
      expect.objectContaining({ amountCents: -580_000, remainingCents: 0, externalDocumentNo: 'SDE7H2K9QX' }),
    ]);
    const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.profileId, profile.profileId));
    expect(payment).toMatchObject({ provider: 'MPESA', status: 'succeeded', providerReference: 'SDE7H2K9QX' });

    expect(await balanceCents(db, profile.profileId)).toBe(580_000);
    expect(await arrearsCents(db, profile.profileId)).toBe(580_000);
    expect(await isInGoodStanding(db, profile.profileId)).toBe(false);
  });
});
