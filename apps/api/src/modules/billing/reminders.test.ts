import { SUBSCRIPTION_REMINDER_DAYS } from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { invoiceFor, paymentFor, subscriptionFor } from '../../../test/billing';
import { createMember, createTestApp } from '../../../test/harness';
import { checkLedgerInvariants } from './index';
import { sendSubscriptionReminders } from './reminders';

const t = await createTestApp();
const ctx = { db: t.db, config: t.config };
const DAY = 24 * 60 * 60 * 1000;

afterEach(async () => {
  expect(await checkLedgerInvariants(t.db)).toEqual([]);
});

async function member(options: Parameters<typeof createMember>[1] = {}) {
  const { profile, user } = await createMember(t.db, options);
  return { profileId: profile.profileId, memberNo: profile.memberNo ?? '', profile, user };
}

async function remindersOf(profileId: string) {
  const [row] = await t.db.select().from(schema.billingReminders).where(eq(schema.billingReminders.profileId, profileId));
  return row ?? null;
}

describe('sendSubscriptionReminders', () => {
  it('reminds by email and SMS as each member prefers, never twice within the interval', async () => {
    const start = new Date('2026-05-04T06:00:00Z');
    const both = await member({ withUser: true, firstName: 'Wanjiru' });
    await subscriptionFor(t, both, '2026', { amountCents: 580_000, documentDate: '2026-01-05', dueDate: '2026-03-31' });
    await subscriptionFor(t, both, '2025', { amountCents: 580_000, documentDate: '2025-01-05', dueDate: '2025-03-31' });
    const smsOnly = await member({ withUser: true });
    await t.db
      .update(schema.users)
      .set({ emailReminders: 0 })
      .where(eq(schema.users.id, smsOnly.user?.id ?? 0));
    await subscriptionFor(t, smsOnly, '2026', { amountCents: 116_000, documentDate: '2026-01-05', dueDate: '2026-06-30' });
    const neither = await member({ withUser: true });
    await t.db
      .update(schema.users)
      .set({ emailReminders: 0, smsReminders: 0 })
      .where(eq(schema.users.id, neither.user?.id ?? 0));
    await subscriptionFor(t, neither, '2026', { documentDate: '2026-01-05' });
    const noAccount = await member({ email: 'imported@example.com', phone: '0722000111' });
    await subscriptionFor(t, noAccount, '2026', { documentDate: '2026-01-05' });
    const paid = await member({ withUser: true });
    const paidInvoice = await subscriptionFor(t, paid, '2026', { amountCents: 10_000, documentDate: '2026-01-05' });
    await paymentFor(t, paid.profileId, 10_000, { invoiceNo: paidInvoice.documentNo });
    const otherDebt = await member({ withUser: true });
    await invoiceFor(t, otherDebt.profileId, { purpose: 'event', documentDate: '2026-01-05', dueDate: '2026-01-05' });
    // Billed after the run's day: not yet.
    const future = await member({ withUser: true });
    await subscriptionFor(t, future, '2027', { documentDate: '2026-12-01' });

    expect(await sendSubscriptionReminders(ctx, start)).toBe(3);

    const email = (await t.outboxFor(both.user?.email ?? ''))[0];
    expect(email).toMatchObject({ channel: 'email', subject: expect.stringContaining('your subscription for 2025, 2026 is unpaid') });
    expect(email.body).toContain('Dear Wanjiru,');
    expect(email.body).toContain(`member ${both.memberNo}`);
    expect(email.body).toContain('was due on 31 Mar 2025');
    expect(email.body).toContain('KES 11,600.00');
    expect(email.body).toContain('http://portal.test/subscription');
    const sms = (await t.outboxFor(both.user?.phoneNo ?? ''))[0];
    expect(sms).toMatchObject({ channel: 'sms' });
    expect(sms.body).toContain('KES 11,600.00');

    expect(await t.outboxFor(smsOnly.user?.email ?? '')).toHaveLength(0);
    const [text] = await t.outboxFor(smsOnly.user?.phoneNo ?? '');
    expect(text.body).toContain('is due on 30 Jun 2026');
    expect(await t.outboxFor(neither.user?.email ?? '')).toHaveLength(0);
    expect(await t.outboxFor(neither.user?.phoneNo ?? '')).toHaveLength(0);
    expect(await remindersOf(neither.profileId)).toBeNull();
    expect(await t.outboxFor('imported@example.com')).toHaveLength(1);
    expect(await t.outboxFor('0722000111')).toHaveLength(1);
    for (const nobody of [paid, otherDebt, future]) {
      expect(await t.outboxFor(nobody.user?.email ?? '')).toHaveLength(0);
      expect(await remindersOf(nobody.profileId)).toBeNull();
    }
    expect(await remindersOf(both.profileId)).toMatchObject({ remindersSent: 1, lastSentAt: start });

    // Again the same day, or just inside the interval: nobody.
    expect(await sendSubscriptionReminders(ctx, new Date(start.getTime() + 60_000))).toBe(0);
    expect(await sendSubscriptionReminders(ctx, new Date(start.getTime() + (SUBSCRIPTION_REMINDER_DAYS - 1) * DAY))).toBe(0);
    expect(await t.outboxFor(both.user?.email ?? '')).toHaveLength(1);

    // The smsOnly member pays meanwhile; once the interval has passed, the others hear again.
    const [smsInvoice] = await t.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.profileId, smsOnly.profileId));
    await paymentFor(t, smsOnly.profileId, 116_000, { invoiceNo: smsInvoice.invoiceNo });
    const later = new Date(start.getTime() + (SUBSCRIPTION_REMINDER_DAYS + 1) * DAY);
    expect(await sendSubscriptionReminders(ctx, later)).toBe(2);
    expect(await t.outboxFor(both.user?.email ?? '')).toHaveLength(2);
    expect(await t.outboxFor(smsOnly.user?.phoneNo ?? '')).toHaveLength(1);
    expect(await remindersOf(both.profileId)).toMatchObject({ remindersSent: 2, lastSentAt: later });
  });

  it('two runs at the same moment remind each member once', async () => {
    const members = [];
    for (let i = 0; i < 6; i++) {
      const m = await member({ withUser: true });
      await subscriptionFor(t, m, '2026', { documentDate: '2026-01-05' });
      members.push(m);
    }
    const at = new Date('2026-09-01T06:00:00Z');
    const counts = await Promise.all([sendSubscriptionReminders(ctx, at), sendSubscriptionReminders(ctx, at)]);
    for (const m of members) {
      expect(await t.outboxFor(m.user?.email ?? '')).toHaveLength(1);
      expect(await t.outboxFor(m.user?.phoneNo ?? '')).toHaveLength(1);
    }
    // Members of the first test are due again by now too; everyone was reminded exactly once across both runs.
    const reminded = await t.db.select().from(schema.billingReminders);
    expect(counts[0] + counts[1]).toBe(reminded.filter((r) => r.lastSentAt.getTime() === at.getTime()).length);
  });
});
