import { formatKesCents, SUBSCRIPTION_REMINDER_DAYS } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { DAY_MS, longDate } from '../../shared/dates';
import { organisationName } from '../../shared/organisation';
import { type JobHooks, startPeriodic } from '../../shared/periodic';
import type { OutgoingMessage } from '../outbox/outbox';
import { REMINDER_BATCH, reminderReachable, reminderRecipients, runReminderBatches } from '../outbox/reminder-run';
import { today } from './ledger';

type ReminderContext = Pick<AppContext, 'db' | 'config'>;

interface Claimed {
  profile_id: string;
  first_name: string;
  member_no: string | null;
  email: string | null;
  phone: string | null;
  owed: string;
  periods: string | null;
  due: string | null;
}

/**
 * Reminds members of their unpaid subscriptions by email and SMS, at most once every SUBSCRIPTION_REMINDER_DAYS
 * per member. Each batch claims its members with one upsert into `billing_reminders` that only succeeds when the
 * last reminder is old enough (a second process's upsert waits on the row and then matches nothing), and queues
 * the messages in the same transaction. Members with nowhere to send are not claimed. Returns members reminded.
 */
export async function sendSubscriptionReminders(ctx: ReminderContext, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - SUBSCRIPTION_REMINDER_DAYS * DAY_MS).toISOString();
  const at = now.toISOString();
  const on = today(now);
  const displayName = await organisationName(ctx.db);
  return runReminderBatches<Claimed>(
    ctx.db,
    sql`with due as (
              select e.profile_id from ledger_entries e
              join profiles p on p.profile_id = e.profile_id
              left join users u on u.profile_id = p.profile_id
              where e.document_type = 'Invoice' and e.purpose = 'subscription' and e.remaining_cents > 0
                and e.document_date <= ${on}
                and not exists (select 1 from billing_reminders r where r.profile_id = e.profile_id and r.last_sent_at > ${cutoff}::timestamptz)
                and ${reminderReachable}
              group by e.profile_id
              order by e.profile_id
              limit ${REMINDER_BATCH}
            ),
            claimed as (
              insert into billing_reminders (profile_id, last_sent_at, reminders_sent)
              select profile_id, ${at}::timestamptz, 1 from due
              on conflict (profile_id) do update set last_sent_at = excluded.last_sent_at,
                reminders_sent = billing_reminders.reminders_sent + 1
              where billing_reminders.last_sent_at <= ${cutoff}::timestamptz
              returning profile_id
            )
            select p.profile_id, p.first_name, p.member_no, ${reminderRecipients},
              (select sum(e.remaining_cents) from ledger_entries e where e.profile_id = p.profile_id
                and e.document_type = 'Invoice' and e.purpose = 'subscription' and e.remaining_cents > 0) as owed,
              (select string_agg(distinct s.period, ', ' order by s.period) from subscriptions s
                join ledger_entries e on e.document_no = s.invoice_no
                where s.profile_id = p.profile_id and e.remaining_cents > 0) as periods,
              (select min(e.due_date)::text from ledger_entries e where e.profile_id = p.profile_id
                and e.document_type = 'Invoice' and e.purpose = 'subscription' and e.remaining_cents > 0) as due
            from claimed c join profiles p on p.profile_id = c.profile_id
            left join users u on u.profile_id = p.profile_id`,
    (row) => reminderMessages(ctx.config.publicUrl, displayName, row, on),
  );
}

function reminderMessages(publicUrl: string, displayName: string, row: Claimed, on: string): OutgoingMessage[] {
  const amount = formatKesCents(Number(row.owed));
  const what = row.periods ? `subscription for ${row.periods}` : 'subscription';
  const when = row.due ? (row.due < on ? `was due on ${longDate(row.due)}` : `is due on ${longDate(row.due)}`) : 'is due';
  const link = `${publicUrl}/subscription`;
  const messages: OutgoingMessage[] = [];
  if (row.email) {
    messages.push({
      channel: 'email',
      to: row.email,
      subject: `${displayName}: your ${what} is unpaid`,
      body: [
        `Dear ${row.first_name},`,
        '',
        `Your ${what}${row.member_no ? ` (member ${row.member_no})` : ''} ${when}. ${amount} is still unpaid.`,
        `Pay by M-Pesa or card at ${link}`,
        '',
        'If you have already paid, please ignore this reminder.',
        '',
        displayName,
      ].join('\n'),
    });
  }
  if (row.phone) {
    messages.push({
      channel: 'sms',
      to: row.phone,
      body: `${displayName}: your ${what} ${when}. ${amount} unpaid. Pay at ${link}`,
    });
  }
  return messages;
}

/** Runs `sendSubscriptionReminders` every `intervalMs` (REMINDER_INTERVAL_MS, hourly by default); answers a function that stops it. */
export function startSubscriptionReminders(ctx: ReminderContext, intervalMs = ctx.config.reminderIntervalMs, hooks?: JobHooks) {
  return startPeriodic(
    intervalMs,
    () => sendSubscriptionReminders(ctx),
    // The next run tries again; a failed transaction claimed and queued nothing.
    (error) => console.error('subscription reminders failed', error),
    { name: 'subscription-reminders', hooks },
  );
}
