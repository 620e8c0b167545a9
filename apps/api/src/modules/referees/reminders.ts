import { REFEREE_MAX_REMINDERS } from '@portal/contract';
import { schema } from '@portal/db';
import { and, asc, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { DAY_MS } from '../../shared/dates';
import { loadMinorSettings } from '../../shared/organisation';
import { type JobHooks, startPeriodic } from '../../shared/periodic';
import { issueRequest, refereeEntryOf, supersedeRequests } from './requests';

const { refereeRequests } = schema;
const BATCH = 50;

type ReminderContext = Pick<AppContext, 'db' | 'config'>;

/**
 * Reminds referees who have not answered within `referee_reminder_days` of the last email, at most
 * REFEREE_MAX_REMINDERS times per entry. Each reminder is a fresh request (tokens are stored hashed, so the old
 * link cannot be sent again) that supersedes the old one and carries its count. Rows are claimed with
 * FOR UPDATE SKIP LOCKED inside one transaction with the new requests and emails, so two processes never send
 * the same reminder. Referees who turned email reminders off in their own account are skipped. Like every request,
 * a reminder goes to the referee's email and phone on record (the SMS only while `sms_reminders` is on); a referee
 * with no email on record any more gets none, and the old link, which went to an address no longer on record, is
 * superseded all the same (docs/decisions/028). Returns how many reminders were queued.
 */
export async function sendDueReminders(ctx: ReminderContext, now = new Date()): Promise<number> {
  const days = (await loadMinorSettings(ctx.db)).referee_reminder_days;
  const dueBefore = new Date(now.getTime() - days * DAY_MS);
  let total = 0;
  for (;;) {
    const sent = await ctx.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(refereeRequests)
        .where(
          and(
            isNull(refereeRequests.respondedAt),
            isNull(refereeRequests.supersededAt),
            gt(refereeRequests.expiresAt, now),
            lte(refereeRequests.lastSentAt, dueBefore),
            lt(refereeRequests.remindersSent, REFEREE_MAX_REMINDERS),
            sql`not exists (
              select 1 from users u join profiles p on p.profile_id = u.profile_id
              where upper(p.member_no) = upper(${refereeRequests.refereeMemberNo}) and u.email_reminders = 0)`,
          ),
        )
        .orderBy(asc(refereeRequests.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      let count = 0;
      for (const request of due) {
        await supersedeRequests(tx, request.profileId, request.entryNo, now);
        const entry = await refereeEntryOf(tx, request);
        if (!entry) continue;
        const issued = await issueRequest(tx, ctx.config, entry, { now, remindersSent: request.remindersSent + 1, reminder: true });
        if (issued) count++;
      }
      return { claimed: due.length, count };
    });
    total += sent.count;
    if (sent.claimed < BATCH) return total;
  }
}

/** Runs `sendDueReminders` every `intervalMs` (REMINDER_INTERVAL_MS, hourly by default); answers a function that stops it. */
export function startRefereeReminders(ctx: ReminderContext, intervalMs = ctx.config.reminderIntervalMs, hooks?: JobHooks) {
  return startPeriodic(
    intervalMs,
    () => sendDueReminders(ctx),
    // The next run tries again; nothing was sent by a failed transaction.
    (error) => console.error('referee reminders failed', error),
    { name: 'referee-reminders', hooks },
  );
}
