import type { AddressInfo } from 'node:net';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/harness';
import { enqueue, type OutgoingMessage } from './outbox';
import { smtpTransport, type Transport } from './transports';
import { drainOutbox, startOutboxWorker } from './worker';

const database = await openTestDatabase();
await database.migrate();
const db = database.db;

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** A real SMTP server in this process, on a random port. It offers STARTTLS (with a self-signed certificate). */
const received: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  logger: false,
  onData(stream, session, callback) {
    let raw = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      raw += chunk;
    });
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
        to: session.envelope.rcptTo.map((r) => r.address),
        raw,
      });
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
const port = (smtp.server.address() as AddressInfo).port;

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await database.close();
});

beforeEach(async () => {
  received.length = 0;
  await db.delete(schema.outbox);
});

const FROM = 'Member Portal <no-reply@portal.test>';
// ignoreTLS: the test server's certificate is self-signed; the URL form is what SMTP_URL takes.
const email = () => smtpTransport(`smtp://127.0.0.1:${port}?ignoreTLS=true`, FROM);

async function rows() {
  return db.select().from(schema.outbox).orderBy(schema.outbox.id);
}

/** A transport that records what it was asked to send. */
function recording(): Transport & { sent: OutgoingMessage[] } {
  const sent: OutgoingMessage[] = [];
  const transport = async (message: OutgoingMessage) => {
    sent.push(message);
  };
  return Object.assign(transport, { sent });
}

const failing: Transport = async () => {
  throw new Error('mail server said no');
};

describe('drainOutbox with SMTP', () => {
  it('delivers a queued email to the SMTP server and marks the row sent', async () => {
    await enqueue(db, {
      channel: 'email',
      to: 'amina@example.com',
      subject: 'Reset your portal password',
      body: 'Hello,\nOpen this link to choose a new password.',
    });
    const sent = await drainOutbox(db, { email: email() });
    expect(sent).toBe(1);

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail.from).toBe('no-reply@portal.test');
    expect(mail.to).toEqual(['amina@example.com']);
    expect(mail.raw).toMatch(/^Subject: Reset your portal password\r?$/m);
    expect(mail.raw).toMatch(/^To: amina@example\.com\r?$/m);
    expect(mail.raw).toMatch(/^From: Member Portal <no-reply@portal\.test>\r?$/m);
    expect(mail.raw).toContain('Hello,\r\nOpen this link to choose a new password.');

    const [row] = await rows();
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(1);
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.lastError).toBeNull();
  });

  it('sends each message once: a second drain finds nothing to do', async () => {
    await enqueue(db, { channel: 'email', to: 'once@example.com', subject: 'Once', body: 'Only once.' });
    expect(await drainOutbox(db, { email: email() })).toBe(1);
    expect(await drainOutbox(db, { email: email() })).toBe(0);
    expect(received).toHaveLength(1);
  });

  it('leaves a message pending with attempts 1 and a later retry when the SMTP server cannot be reached', async () => {
    await enqueue(db, { channel: 'email', to: 'retry@example.com', subject: 'Retry', body: 'Later.' });
    const before = Date.now();
    // port 1 on localhost: connection refused
    const sent = await drainOutbox(db, { email: smtpTransport('smtp://127.0.0.1:1?ignoreTLS=true&connectionTimeout=2000', FROM) });
    expect(sent).toBe(0);
    const [row] = await rows();
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.sentAt).toBeNull();
    expect(row.lastError).toEqual(expect.any(String));
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(before + 20_000);
  });
});

describe('drainOutbox retries', () => {
  it('backs off after a failure and does not retry before the time comes', async () => {
    await enqueue(db, { channel: 'email', to: 'backoff@example.com', subject: 'B', body: 'b' });
    const before = Date.now();
    expect(await drainOutbox(db, { email: failing })).toBe(0);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'mail server said no' });
    // 2^1 × 15 s
    expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 29_000);
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 31_000);

    const transport = recording();
    expect(await drainOutbox(db, { email: transport })).toBe(0);
    expect(transport.sent).toHaveLength(0);

    // once due, it is sent and the error is cleared
    await db
      .update(schema.outbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(schema.outbox.id, row.id));
    expect(await drainOutbox(db, { email: transport })).toBe(1);
    expect(transport.sent.map((m) => m.to)).toEqual(['backoff@example.com']);
    const [after] = await rows();
    expect(after).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('waits longer after each failure', async () => {
    await enqueue(db, { channel: 'sms', to: '254700000010', body: 'x' });
    await db.update(schema.outbox).set({ attempts: 3 });
    const before = Date.now();
    await drainOutbox(db, { sms: failing });
    const [row] = await rows();
    expect(row.attempts).toBe(4);
    // 2^4 × 15 s = 240 s
    expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 239_000);
  });

  it('gives up after the eighth failure', async () => {
    await enqueue(db, { channel: 'email', to: 'never@example.com', subject: 'N', body: 'n' });
    await db.update(schema.outbox).set({ attempts: 7 });
    await drainOutbox(db, { email: failing });
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: 8 });
    const transport = recording();
    await db.update(schema.outbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    expect(await drainOutbox(db, { email: transport })).toBe(0);
    expect(transport.sent).toHaveLength(0);
  });
});

describe('drainOutbox channels and batches', () => {
  it('leaves channels without a transport in the outbox', async () => {
    await enqueue(db, { channel: 'email', to: 'mail@example.com', subject: 'S', body: 'mail' });
    await enqueue(db, { channel: 'sms', to: '254700000011', body: 'text' });
    const transport = recording();
    expect(await drainOutbox(db, { email: transport })).toBe(1);
    expect(transport.sent.map((m) => m.channel)).toEqual(['email']);
    const [mail, sms] = await rows();
    expect(mail.status).toBe('sent');
    expect(sms).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('does nothing without any transport', async () => {
    await enqueue(db, { channel: 'email', to: 'idle@example.com', subject: 'S', body: 'b' });
    expect(await drainOutbox(db, {})).toBe(0);
    expect((await rows())[0]).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('sends oldest first, at most one batch at a time, and one failure does not stop the rest', async () => {
    for (let i = 1; i <= 5; i++) await enqueue(db, { channel: 'sms', to: `25470000010${i}`, body: `message ${i}` });
    const order: string[] = [];
    const flaky: Transport = async (m) => {
      order.push(m.to);
      if (m.to.endsWith('2')) throw new Error('refused');
    };
    expect(await drainOutbox(db, { sms: flaky }, 3)).toBe(2);
    expect(order).toEqual(['254700000101', '254700000102', '254700000103']);
    expect((await rows()).map((r) => r.status)).toEqual(['sent', 'pending', 'sent', 'pending', 'pending']);
    expect(await drainOutbox(db, { sms: flaky }, 3)).toBe(2);
    expect((await rows()).map((r) => r.status)).toEqual(['sent', 'pending', 'sent', 'sent', 'sent']);
  });

  it('never sends a message twice when two workers drain at once', async () => {
    for (let i = 0; i < 6; i++) await enqueue(db, { channel: 'sms', to: `25470000020${i}`, body: `m${i}` });
    const sent: string[] = [];
    const slow: Transport = async (m) => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      sent.push(m.to);
    };
    const counts = await Promise.all([drainOutbox(db, { sms: slow }), drainOutbox(db, { sms: slow })]);
    expect(counts[0] + counts[1]).toBe(6);
    expect(sent).toHaveLength(6);
    expect(new Set(sent).size).toBe(6);
    expect((await rows()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});

describe('startOutboxWorker', () => {
  it('drains the outbox on its own until stopped', async () => {
    await enqueue(db, { channel: 'email', to: 'worker@example.com', subject: 'From the worker', body: 'Sent in the background.' });
    const stop = startOutboxWorker(db, { email: email() }, 20);
    try {
      await expect.poll(async () => (await rows())[0].status, { timeout: 5000, interval: 25 }).toBe('sent');
    } finally {
      stop();
    }
    expect(received.map((m) => m.to)).toEqual([['worker@example.com']]);
  });

  it('does not start without transports', () => {
    const stop = startOutboxWorker(db, {}, 10);
    expect(typeof stop).toBe('function');
    stop();
  });
});
