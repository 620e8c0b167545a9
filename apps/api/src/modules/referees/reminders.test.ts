import { refereeMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, createUser, uniqueIp } from '../../../test/harness';
import { createIndividual } from '../../../test/profile';
import { addReferee, answer, latestRefereeLinks } from '../../../test/referees';
import { sendDueReminders } from './reminders';

const t = await createTestApp();
const { refereeRequests } = schema;
const DAY = 24 * 60 * 60 * 1000;
const days = (n: number) => new Date(Date.now() + n * DAY);

async function setReminderDays(value: number) {
  const [settings] = await t.db.select().from(schema.settings);
  const minor = JSON.parse(settings.minorSettings ?? '{}');
  await t.db
    .update(schema.settings)
    .set({ minorSettings: JSON.stringify({ ...minor, referee_reminder_days: value }) })
    .where(eq(schema.settings.id, settings.id));
}

async function liveRequest(profileId: string, entryNo: number) {
  const rows = await t.db
    .select()
    .from(refereeRequests)
    .where(and(eq(refereeRequests.profileId, profileId), eq(refereeRequests.entryNo, entryNo)))
    .orderBy(desc(refereeRequests.id));
  return { live: rows.filter((r) => !r.supersededAt), all: rows };
}

const form = (links: { user: string; code: string }) =>
  t.call('GET', `/api/questions?memberNo=${links.user}&code=${links.code}`, { ip: uniqueIp() });

describe('sendDueReminders', () => {
  // One test: the requests of every test share the database, and each run reminds all that are due.
  it('reminds unanswered referees after referee_reminder_days, once per period, at most three times', async () => {
    await setReminderDays(7);
    const applicant = await createIndividual(t);
    const waiting = await addReferee(t, applicant.token);
    const answered = await addReferee(t, applicant.token);
    expect((await answer(t, answered.links, 'Accept')).status).toBe(200);

    // Not due before 7 days.
    expect(await sendDueReminders(t, days(6))).toBe(0);
    expect(await t.outboxFor(waiting.email)).toHaveLength(1);

    // After 7 days: one reminder with a fresh link; the old link is superseded; the answered referee is left alone.
    const [a, b] = await Promise.all([sendDueReminders(t, days(8)), sendDueReminders(t, days(8))]);
    expect(a + b).toBe(1);
    expect(await sendDueReminders(t, days(8))).toBe(0);
    const mails = await t.outboxFor(waiting.email);
    expect(mails).toHaveLength(2);
    expect(mails[0].subject).toBe('Reminder: referee request for Wanjiku NJERI Kamau');
    expect(mails[0].body).toContain('This is a reminder');
    expect(await t.outboxFor(answered.email)).toHaveLength(1);
    const { live, all } = await liveRequest(applicant.profileId, waiting.entry.EntryNo);
    expect(all).toHaveLength(2);
    expect(live).toHaveLength(1);
    expect(live[0].remindersSent).toBe(1);
    const old = await form(waiting.links);
    expect(old.status).toBe(410);
    expect(old.body.message).toBe(refereeMessages.linkSuperseded);

    // The period counts from the reminder: nothing more until 7 days after it, then the 2nd and 3rd, then no more.
    expect(await sendDueReminders(t, days(14))).toBe(0);
    expect(await sendDueReminders(t, days(16))).toBe(1);
    expect(await sendDueReminders(t, days(24))).toBe(1);
    expect(await sendDueReminders(t, days(32))).toBe(0);
    expect(await t.outboxFor(waiting.email)).toHaveLength(4);
    const last = await liveRequest(applicant.profileId, waiting.entry.EntryNo);
    expect(last.live[0].remindersSent).toBe(3);

    // The latest reminder's link still works and answers the request.
    const fresh = await latestRefereeLinks(t, waiting.email);
    expect((await answer(t, fresh, 'Accept')).status).toBe(200);
  });

  it('follows the configured number of days, skips referees who turned reminders off, and never reminds expired requests', async () => {
    await setReminderDays(2);
    const applicant = await createIndividual(t);
    const soon = await addReferee(t, applicant.token);
    const quiet = await addReferee(t, applicant.token);
    const expired = await addReferee(t, applicant.token);
    const quietUser = await createUser(t.db, { email: `quiet-${Date.now()}@example.com` });
    const [quietProfile] = await t.db.select().from(schema.profiles).where(eq(schema.profiles.memberNo, quiet.memberNo));
    await t.db.update(schema.users).set({ profileId: quietProfile.profileId, emailReminders: 0 }).where(eq(schema.users.id, quietUser.id));
    await t.db
      .update(refereeRequests)
      .set({ expiresAt: days(1) })
      .where(and(eq(refereeRequests.profileId, applicant.profileId), eq(refereeRequests.entryNo, expired.entry.EntryNo)));

    expect(await sendDueReminders(t, days(1))).toBe(0);
    expect(await sendDueReminders(t, days(3))).toBe(1);
    expect(await t.outboxFor(soon.email)).toHaveLength(2);
    expect(await t.outboxFor(quiet.email)).toHaveLength(1);
    expect(await t.outboxFor(expired.email)).toHaveLength(1);
    await setReminderDays(7);
  });
});
