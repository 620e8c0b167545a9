import { sql } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { DAY_MS, nairobiDate } from '../../shared/dates';
import { organisationName } from '../../shared/organisation';
import { type JobHooks, startPeriodic } from '../../shared/periodic';
import type { OutgoingMessage } from '../outbox/outbox';
import { REMINDER_BATCH, reminderReachable, reminderRecipients, runReminderBatches } from '../outbox/reminder-run';
import { toPoints } from './common';

type ReminderContext = Pick<AppContext, 'db' | 'config'>;

/** Reminders start on this day of the year (Nairobi), MM-DD. */
export const CPD_REMINDERS_FROM = '10-01';
/** At most one reminder per member in this many days, and at most this many a year. */
export const CPD_REMINDER_DAYS = 30;
export const CPD_REMINDERS_PER_YEAR = 3;

interface Claimed {
  profile_id: string;
  first_name: string | null;
  member_no: string;
  email: string | null;
  phone: string | null;
  points: string;
  structured: string;
  annual_points: string;
  structured_required: string;
}

/**
 * From 1 October (Nairobi), reminds members below this year's CPD requirement (an Active membership whose category
 * has one) by e-mail and SMS as they prefer: at most once every CPD_REMINDER_DAYS and CPD_REMINDERS_PER_YEAR times a
 * year. Each batch claims its members with one conditional upsert into `cpd_reminders` (a second process's upsert
 * waits on the row and then matches nothing) and queues the messages in the same transaction. Members with nowhere
 * to send are not claimed. Returns the members reminded.
 */
export async function sendCpdReminders(ctx: ReminderContext, now: Date = new Date()): Promise<number> {
  const day = nairobiDate(now);
  if (day.slice(5) < CPD_REMINDERS_FROM) return 0;
  const year = day.slice(0, 4);
  const cutoff = new Date(now.getTime() - CPD_REMINDER_DAYS * DAY_MS).toISOString();
  const at = now.toISOString();
  const displayName = await organisationName(ctx.db);
  return runReminderBatches<Claimed>(
    ctx.db,
    sql`with standing as (
              select m.profile_id, m.member_no, r.annual_points, r.structured_points as structured_required,
                coalesce(a.points, 0) as points, coalesce(a.structured, 0) as structured
              from memberships m
              join cpd_requirements r on r.category_code = m.category_code and r.annual_points > 0
              left join (select profile_id, points, structured_points as structured from cpd_standings where period = ${year}) a
                on a.profile_id = m.profile_id
              where m.status = 'Active'
            ),
            due as (
              select s.profile_id from standing s
              join profiles p on p.profile_id = s.profile_id
              left join users u on u.profile_id = p.profile_id
              where (s.points < s.annual_points or s.structured < s.structured_required)
                and not exists (select 1 from cpd_reminders c where c.profile_id = s.profile_id and c.period = ${year}
                  and (c.last_sent_at > ${cutoff}::timestamptz or c.reminders_sent >= ${CPD_REMINDERS_PER_YEAR}))
                and ${reminderReachable}
              group by s.profile_id
              order by s.profile_id
              limit ${REMINDER_BATCH}
            ),
            claimed as (
              insert into cpd_reminders (profile_id, period, last_sent_at, reminders_sent)
              select profile_id, ${year}, ${at}::timestamptz, 1 from due
              on conflict (profile_id, period) do update set last_sent_at = excluded.last_sent_at,
                reminders_sent = cpd_reminders.reminders_sent + 1
              where cpd_reminders.last_sent_at <= ${cutoff}::timestamptz and cpd_reminders.reminders_sent < ${CPD_REMINDERS_PER_YEAR}
              returning profile_id
            )
            select distinct on (p.profile_id) p.profile_id, p.first_name, s.member_no, ${reminderRecipients},
              s.points, s.structured, s.annual_points, s.structured_required
            from claimed c
            join profiles p on p.profile_id = c.profile_id
            join standing s on s.profile_id = c.profile_id
            left join users u on u.profile_id = p.profile_id
            order by p.profile_id`,
    (row) => reminderMessages(ctx.config.publicUrl, displayName, year, row),
  );
}

function reminderMessages(publicUrl: string, displayName: string, year: string, row: Claimed): OutgoingMessage[] {
  const points = toPoints(row.points);
  const required = toPoints(row.annual_points);
  const remaining = Math.max(0, toPoints(required - points));
  const structuredRemaining = Math.max(0, toPoints(toPoints(row.structured_required) - toPoints(row.structured)));
  const link = `${publicUrl}/cpd`;
  const structuredLine =
    structuredRemaining > 0
      ? ` Of these, ${structuredRemaining} must come from structured activities (courses, seminars, conferences, workshops).`
      : '';
  const messages: OutgoingMessage[] = [];
  if (row.email) {
    messages.push({
      channel: 'email',
      to: row.email,
      subject: `${displayName}: your CPD for ${year} is below the requirement`,
      body: [
        `Dear ${row.first_name || 'member'},`,
        '',
        `You have ${points} of the ${required} CPD points required for ${year} (member ${row.member_no}).`,
        `${remaining > 0 ? `${remaining} more points are needed before the end of the year.` : 'More structured points are needed before the end of the year.'}${structuredLine}`,
        `See your CPD, book events or record outside activities at ${link}`,
        '',
        displayName,
      ].join('\n'),
    });
  }
  if (row.phone) {
    messages.push({
      channel: 'sms',
      to: row.phone,
      body: `${displayName}: you have ${points} of ${required} CPD points for ${year}. See ${link}`,
    });
  }
  return messages;
}

/** Runs `sendCpdReminders` every `intervalMs` (REMINDER_INTERVAL_MS, hourly by default); answers a function that stops it. */
export function startCpdReminders(ctx: ReminderContext, intervalMs = ctx.config.reminderIntervalMs, hooks?: JobHooks) {
  return startPeriodic(
    intervalMs,
    () => sendCpdReminders(ctx),
    // The next run tries again; a failed transaction claimed and queued nothing.
    (error) => console.error('CPD reminders failed', error),
    { name: 'cpd-reminders', hooks },
  );
}
