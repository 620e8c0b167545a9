import { type Db, queryRows } from '@portal/db';
import { sql } from 'drizzle-orm';
import { type JobHooks, startPeriodic } from '../../shared/periodic';
import type { Channel } from './outbox';
import { PermanentFailure, type Transport } from './transports';

const MAX_ATTEMPTS = 8;

interface ClaimedRow {
  id: number;
  channel: Channel;
  to: string;
  subject: string | null;
  body: string;
  html: string | null;
  headers: Record<string, string> | null;
  campaign_id: number | null;
  attempts: number;
}

/**
 * Sends due messages for the channels that have a transport. Rows are claimed with
 * FOR UPDATE SKIP LOCKED so several workers never send one message twice.
 * Returns how many messages were sent.
 */
export async function drainOutbox(db: Db, transports: Partial<Record<Channel, Transport>>, batch = 20): Promise<number> {
  const channels = Object.keys(transports);
  if (channels.length === 0) return 0;
  let sent = 0;
  await db.transaction(async (tx) => {
    const claimed = await queryRows<ClaimedRow>(
      tx,
      sql`
      select id, channel, "to", subject, body, html, headers, campaign_id, attempts from outbox
      where status = 'pending' and next_attempt_at <= now() and channel in (${sql.join(
        channels.map((c) => sql`${c}`),
        sql`, `,
      )})
      order by campaign_id is not null, id limit ${batch} for update skip locked`,
    );
    for (const row of claimed) {
      const transport = transports[row.channel];
      if (!transport) continue;
      try {
        const result = await transport({
          channel: row.channel,
          to: row.to,
          subject: row.subject ?? undefined,
          body: row.body,
          html: row.html ?? undefined,
          headers: row.headers ?? undefined,
        });
        await tx.execute(
          sql`update outbox set status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = null where id = ${row.id}`,
        );
        if (row.campaign_id !== null) {
          await tx.execute(sql`update campaign_recipients set status = 'sent', provider_id = ${result?.providerId ?? null},
            updated_at = now() where outbox_id = ${row.id}`);
        }
        sent++;
      } catch (error) {
        const attempts = row.attempts + 1;
        const backoffSeconds = Math.min(2 ** attempts * 15, 3600);
        const permanent = error instanceof PermanentFailure;
        const status = permanent || attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
        const reason = String((error as Error).message).slice(0, 500);
        await tx.execute(sql`
          update outbox set attempts = ${attempts}, status = ${status}, last_error = ${reason},
            next_attempt_at = now() + make_interval(secs => ${backoffSeconds})
          where id = ${row.id}`);
        if (row.campaign_id !== null && status === 'failed') {
          await tx.execute(sql`update campaign_recipients set status = ${permanent ? 'bounced' : 'failed'}, reason = ${reason},
            updated_at = now() where outbox_id = ${row.id}`);
        }
      }
    }
  });
  return sent;
}

export function startOutboxWorker(db: Db, transports: Partial<Record<Channel, Transport>>, intervalMs: number, hooks?: JobHooks) {
  if (Object.keys(transports).length === 0) return async () => {};
  return startPeriodic(
    intervalMs,
    () => drainOutbox(db, transports),
    // The next tick retries; failures are recorded per row.
    () => {},
    { name: 'outbox', hooks },
  );
}
