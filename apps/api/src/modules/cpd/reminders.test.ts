import { schema } from '@portal/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { awardFor, setRequirement } from '../../../test/cpd';
import { createMember, createTestApp } from '../../../test/harness';
import { CPD_REMINDER_DAYS, sendCpdReminders } from './reminders';

const t = await createTestApp();
const ctx = { db: t.db, config: t.config };
const DAY = 24 * 60 * 60 * 1000;

async function member(options: Parameters<typeof createMember>[1] = {}) {
  const { profile, user } = await createMember(t.db, options);
  return { profileId: profile.profileId, memberNo: profile.memberNo ?? '', profile, user };
}

async function reminderOf(profileId: string, period: string) {
  const [row] = await t.db
    .select()
    .from(schema.cpdReminders)
    .where(and(eq(schema.cpdReminders.profileId, profileId), eq(schema.cpdReminders.period, period)));
  return row ?? null;
}

describe('sendCpdReminders', () => {
  it('from 1 October reminds members below target as they prefer: every 30 days at most, 3 times a year at most', async () => {
    await setRequirement(t, 'GRADUATE', 25, 15);
    const below = await member({ withUser: true, category: 'GRADUATE', firstName: 'Kiprono' });
    await awardFor(t, below, { period: '2026', points: 10 });
    await awardFor(t, below, { period: '2025', points: 30 });
    const structuredShort = await member({ withUser: true, category: 'GRADUATE' });
    await awardFor(t, structuredShort, { period: '2026', points: 30, structured: false });
    const onTarget = await member({ withUser: true, category: 'GRADUATE' });
    await awardFor(t, onTarget, { period: '2026', points: 25 });
    const smsOnly = await member({ withUser: true, category: 'GRADUATE' });
    await t.db
      .update(schema.users)
      .set({ emailReminders: 0 })
      .where(eq(schema.users.id, smsOnly.user?.id ?? 0));
    const neither = await member({ withUser: true, category: 'GRADUATE' });
    await t.db
      .update(schema.users)
      .set({ emailReminders: 0, smsReminders: 0 })
      .where(eq(schema.users.id, neither.user?.id ?? 0));
    const noAccount = await member({ category: 'GRADUATE', email: 'cpd-imported@example.com', phone: '0733000222' });
    expect(noAccount.user).toBeNull();
    const firm = await member({ withUser: true, category: 'CORPORATE' });
    const lapsed = await member({ withUser: true, category: 'GRADUATE' });
    await t.db.update(schema.memberships).set({ status: 'Lapsed' }).where(eq(schema.memberships.profileId, lapsed.profileId));

    // 30 September, 23:59 in Nairobi: not yet.
    expect(await sendCpdReminders(ctx, new Date('2026-09-30T20:59:00Z'))).toBe(0);
    // 1 October, 00:01 in Nairobi (still 30 September in UTC).
    const start = new Date('2026-09-30T21:01:00Z');
    expect(await sendCpdReminders(ctx, start)).toBe(4);

    const [email] = await t.outboxFor(below.user?.email ?? '');
    expect(email).toMatchObject({ channel: 'email', subject: expect.stringContaining('your CPD for 2026 is below the requirement') });
    expect(email.body).toContain('Dear Kiprono,');
    expect(email.body).toContain('You have 10 of the 25 CPD points required for 2026');
    expect(email.body).toContain('15 more points');
    expect(email.body).toContain('5 must come from structured activities');
    expect(email.body).toContain('http://portal.test/cpd');
    const [sms] = await t.outboxFor(below.user?.phoneNo ?? '');
    expect(sms).toMatchObject({ channel: 'sms', body: expect.stringContaining('10 of 25 CPD points for 2026') });
    const [short] = await t.outboxFor(structuredShort.user?.email ?? '');
    expect(short.body).toContain('More structured points are needed');
    expect(await t.outboxFor(smsOnly.user?.email ?? '')).toHaveLength(0);
    expect(await t.outboxFor(smsOnly.user?.phoneNo ?? '')).toHaveLength(1);
    expect(await t.outboxFor('cpd-imported@example.com')).toHaveLength(1);
    expect(await t.outboxFor('0733000222')).toHaveLength(1);
    for (const nobody of [onTarget, neither, firm, lapsed]) {
      expect(await t.outboxFor(nobody.user?.email ?? '')).toHaveLength(0);
      expect(await reminderOf(nobody.profileId, '2026')).toBeNull();
    }
    expect(await reminderOf(below.profileId, '2026')).toMatchObject({ remindersSent: 1, lastSentAt: start });

    // Within 30 days: nobody.
    expect(await sendCpdReminders(ctx, new Date(start.getTime() + DAY))).toBe(0);
    expect(await sendCpdReminders(ctx, new Date(start.getTime() + (CPD_REMINDER_DAYS - 1) * DAY))).toBe(0);

    // The structured-short member reaches the target meanwhile; the others hear again after 30 days, then a third time.
    await awardFor(t, structuredShort, { period: '2026', points: 15 });
    const second = new Date(start.getTime() + CPD_REMINDER_DAYS * DAY);
    expect(await sendCpdReminders(ctx, second)).toBe(3);
    const third = new Date(second.getTime() + CPD_REMINDER_DAYS * DAY);
    expect(await sendCpdReminders(ctx, third)).toBe(3);
    expect(await t.outboxFor(below.user?.email ?? '')).toHaveLength(3);
    expect(await reminderOf(below.profileId, '2026')).toMatchObject({ remindersSent: 3, lastSentAt: third });
    // Never a fourth time that year.
    expect(await sendCpdReminders(ctx, new Date(third.getTime() + CPD_REMINDER_DAYS * DAY))).toBe(0);
    expect(await t.outboxFor(below.user?.email ?? '')).toHaveLength(3);
    expect(await t.outboxFor(structuredShort.user?.email ?? '')).toHaveLength(1);

    // A new year starts afresh, again from 1 October.
    expect(await sendCpdReminders(ctx, new Date('2027-03-01T06:00:00Z'))).toBe(0);
    expect(await sendCpdReminders(ctx, new Date('2027-10-02T06:00:00Z'))).toBeGreaterThanOrEqual(5);
    expect(await reminderOf(below.profileId, '2027')).toMatchObject({ remindersSent: 1 });
  });

  it('two runs at the same moment remind each member once', async () => {
    const members = [];
    for (let i = 0; i < 6; i++) members.push(await member({ withUser: true, category: 'PROFESSIONAL' }));
    const at = new Date('2028-10-05T06:00:00Z');
    const counts = await Promise.all([sendCpdReminders(ctx, at), sendCpdReminders(ctx, at)]);
    for (const m of members) {
      expect(await t.outboxFor(m.user?.email ?? '')).toHaveLength(1);
      expect(await t.outboxFor(m.user?.phoneNo ?? '')).toHaveLength(1);
    }
    const claimed = await t.db.select().from(schema.cpdReminders).where(eq(schema.cpdReminders.period, '2028'));
    expect(counts[0] + counts[1]).toBe(claimed.length);
  });
});
