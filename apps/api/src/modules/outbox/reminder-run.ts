import { type Db, queryRows } from '@portal/db';
import { type SQL, sql } from 'drizzle-orm';
import { enqueue, type OutgoingMessage } from './outbox';

/** How many members one transaction of a reminder run claims. */
export const REMINDER_BATCH = 200;

/**
 * Whom a reminder reaches (profiles `p` left-joined to users `u`): with a portal account, the account's email and
 * phone as the member's reminder preferences allow; without one (an imported member who has not activated), the
 * profile's email and phone. Selects `email` and `phone`.
 */
export const reminderRecipients = sql`
  case when u.id is null then p.email when u.email_reminders = 1 then u.email end as email,
  case when u.id is null then p.phone_no when u.sms_reminders = 1 then u.phone_no end as phone`;

/** The member can be reached by one of the above: members with nowhere to send are never claimed. */
export const reminderReachable = sql`((u.id is null and (p.email is not null or p.phone_no is not null))
  or (u.id is not null and (u.email_reminders = 1 or (u.sms_reminders = 1 and u.phone_no is not null))))`;

/**
 * Runs a reminder job in batches: each transaction runs `claim` (one statement that claims up to REMINDER_BATCH
 * members with a conditional upsert and answers their rows) and queues each row's messages in the same transaction,
 * so a claim and its messages commit together. Stops at the first short batch; answers the members reminded.
 */
export async function runReminderBatches<Row>(db: Db, claim: SQL, messagesFor: (row: Row) => OutgoingMessage[]): Promise<number> {
  let total = 0;
  for (;;) {
    const claimed = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const rows = await queryRows<Row>(tx, claim);
      for (const row of rows) {
        for (const message of messagesFor(row)) await enqueue(tx, message);
      }
      return rows.length;
    });
    total += claimed;
    if (claimed < REMINDER_BATCH) return total;
  }
}
