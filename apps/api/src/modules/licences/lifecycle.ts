import { queryRows } from '@portal/db';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { DAY_MS, nairobiDate } from '../../shared/dates';
import { organisationName } from '../../shared/organisation';
import { type JobHooks, startPeriodic } from '../../shared/periodic';
import type { OutgoingMessage } from '../outbox/outbox';
import { REMINDER_BATCH, reminderReachable, reminderRecipients, runReminderBatches } from '../outbox/reminder-run';

type JobContext = Pick<AppContext, 'db' | 'config'>;

/** Renewal reminders: from 1 November, at most one every 14 days and three per practising year. */
export const LICENCE_REMINDERS_FROM = '11-01';
export const LICENCE_REMINDER_DAYS = 14;
export const LICENCE_REMINDERS_PER_YEAR = 3;

/**
 * Licences whose year is over become Lapsed (on 1 January, or at the first run after). One set-based update:
 * running it again, or on two instances at once, changes nothing more. Suspended and Revoked licences keep their
 * status. Each lapse is written to the audit log. Answers how many lapsed.
 */
export async function lapseLicences(ctx: JobContext, now: Date = new Date()): Promise<number> {
  const today = nairobiDate(now);
  const rows = await queryRows<{ license_no: string }>(
    ctx.db,
    sql`with lapsed as (
          update licenses set status = 'Lapsed', status_reason = 'Not renewed', status_changed_at = ${now.toISOString()}::timestamptz,
            updated_at = ${now.toISOString()}::timestamptz
          where status = 'Active' and valid_to < ${today}
          returning license_no, profile_id, year)
        insert into audit_log (action, target, details)
        select 'license.lapsed', 'license:' || license_no, jsonb_build_object('year', year, 'profileId', profile_id) from lapsed
        returning target as license_no`,
  );
  return rows.length;
}

interface Claimed {
  profile_id: string;
  first_name: string | null;
  license_no: string;
  valid_to: string;
  email: string | null;
  phone: string | null;
}

/**
 * From 1 November, reminds holders of this year's Active licence who have not applied for next year's (no live
 * application for it), by e-mail and SMS as they prefer. Claimed by a conditional upsert on license_reminders in the
 * same transaction as the messages, so two instances never both send one.
 */
export async function sendLicenceReminders(ctx: JobContext, now: Date = new Date()): Promise<number> {
  const day = nairobiDate(now);
  if (day.slice(5) < LICENCE_REMINDERS_FROM) return 0;
  const year = Number(day.slice(0, 4));
  const cutoff = new Date(now.getTime() - LICENCE_REMINDER_DAYS * DAY_MS).toISOString();
  const at = now.toISOString();
  const displayName = await organisationName(ctx.db);
  return runReminderBatches<Claimed>(
    ctx.db,
    sql`with due as (
          select l.profile_id from licenses l
          join profiles p on p.profile_id = l.profile_id
          left join users u on u.profile_id = p.profile_id
          where l.year = ${year} and l.status = 'Active'
            and not exists (select 1 from applications a where a.profile_id = l.profile_id and a.kind = 'Licence'
              and a.license_year = ${year + 1} and a.status <> 'Rejected' and a.submitted)
            and not exists (select 1 from license_reminders r where r.profile_id = l.profile_id and r.year = ${year}
              and (r.last_sent_at > ${cutoff}::timestamptz or r.sent >= ${LICENCE_REMINDERS_PER_YEAR}))
            and ${reminderReachable}
          group by l.profile_id
          order by l.profile_id
          limit ${REMINDER_BATCH}
        ),
        claimed as (
          insert into license_reminders (profile_id, year, last_sent_at, sent)
          select profile_id, ${year}, ${at}::timestamptz, 1 from due
          on conflict (profile_id, year) do update set last_sent_at = excluded.last_sent_at, sent = license_reminders.sent + 1
          where license_reminders.last_sent_at <= ${cutoff}::timestamptz and license_reminders.sent < ${LICENCE_REMINDERS_PER_YEAR}
          returning profile_id
        )
        select distinct on (p.profile_id) p.profile_id, p.first_name, l.license_no, l.valid_to::text as valid_to, ${reminderRecipients}
        from claimed c
        join profiles p on p.profile_id = c.profile_id
        join licenses l on l.profile_id = c.profile_id and l.year = ${year}
        left join users u on u.profile_id = p.profile_id
        order by p.profile_id`,
    (row) => reminderMessages(ctx.config.publicUrl, displayName, year, row),
  );
}

function reminderMessages(publicUrl: string, displayName: string, year: number, row: Claimed): OutgoingMessage[] {
  const link = `${publicUrl}/license`;
  const messages: OutgoingMessage[] = [];
  if (row.email) {
    messages.push({
      channel: 'email',
      to: row.email,
      subject: `${displayName}: renew your practising licence for ${year + 1}`,
      body: [
        `Dear ${row.first_name || 'member'},`,
        '',
        `Your practising licence ${row.license_no} expires on 31 Dec ${year}.`,
        `Applications for ${year + 1} are open: apply and pay at ${link} so that you can keep practising from 1 January.`,
        '',
        displayName,
      ].join('\n'),
    });
  }
  if (row.phone) {
    messages.push({
      channel: 'sms',
      to: row.phone,
      body: `${displayName}: your practising licence ${row.license_no} expires on 31 Dec ${year}. Renew at ${link}`,
    });
  }
  return messages;
}

/** Runs the lapse job and the renewal reminders every `intervalMs` (REMINDER_INTERVAL_MS, hourly by default); answers a function that stops them. */
export function startLicenceJobs(ctx: JobContext, intervalMs = ctx.config.reminderIntervalMs, hooks?: JobHooks) {
  return startPeriodic(
    intervalMs,
    async () => {
      await lapseLicences(ctx);
      await sendLicenceReminders(ctx);
    },
    (error) => console.error('Licence jobs failed', error),
    { name: 'licences', hooks },
  );
}
