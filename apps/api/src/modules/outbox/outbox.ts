import { type Db, schema } from '@portal/db';
import { desc } from 'drizzle-orm';

export type Channel = 'email' | 'sms';

export interface OutgoingMessage {
  channel: Channel;
  to: string;
  subject?: string;
  body: string;
  /** An HTML part beside the text (campaign e-mails). */
  html?: string;
  /** Extra mail headers (a campaign's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

/** Queues a message; the worker sends it when a transport is configured. Pass a transaction to queue atomically. */
export async function enqueue(db: Db, message: OutgoingMessage) {
  await db.insert(schema.outbox).values({
    channel: message.channel,
    to: message.to,
    subject: message.subject ?? null,
    body: message.body,
    html: message.html ?? null,
    headers: message.headers ?? null,
  });
}

export async function listOutbox(db: Db, limit = 100) {
  const rows = await db.select().from(schema.outbox).orderBy(desc(schema.outbox.id)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel as Channel,
    to: r.to,
    subject: r.subject,
    body: r.body,
    status: r.status,
    attempts: r.attempts,
    created_at: r.createdAt.toISOString(),
    sent_at: r.sentAt?.toISOString() ?? null,
  }));
}
