import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness';
import { loadConfig } from './config';
import { startBackgroundJobs } from './jobs';
import { enqueue, type OutgoingMessage } from './modules/outbox/outbox';

const t = await createTestApp({ outboxPollMs: 20 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function statusOf(to: string) {
  const [row] = await t.db.select().from(schema.outbox).where(eq(schema.outbox.to, to));
  return row.status;
}

describe('JOBS=off', () => {
  it('is read from the environment; jobs are on by default', () => {
    expect(loadConfig({ JOBS: 'off' }).jobs).toBe(false);
    expect(loadConfig({}).jobs).toBe(true);
    expect(loadConfig({ JOBS: 'on' }).jobs).toBe(true);
  });

  it('an instance with JOBS=off never sends the outbox; one with jobs on does, and records the run', async () => {
    const sent: OutgoingMessage[] = [];
    const transports = {
      email: async (message: OutgoingMessage) => {
        sent.push(message);
      },
    };
    await enqueue(t.db, { channel: 'email', to: 'jobs-off@example.com', subject: 'Hello', body: 'Queued while the worker is off' });

    const off = startBackgroundJobs(
      { db: t.db, config: { ...t.config, jobs: false } },
      { transports, succeeded: t.app.metrics.jobSucceeded },
    );
    await sleep(300);
    await off.stop();
    expect(sent).toEqual([]);
    expect(await statusOf('jobs-off@example.com')).toBe('pending');

    const succeeded: string[] = [];
    const on = startBackgroundJobs(
      { db: t.db, config: { ...t.config, jobs: true } },
      {
        transports,
        succeeded: (job, at) => {
          succeeded.push(job);
          t.app.metrics.jobSucceeded(job, at);
        },
      },
    );
    for (let i = 0; i < 100 && sent.length === 0; i++) await sleep(20);
    await on.stop();
    expect(sent.map((m) => m.to)).toEqual(['jobs-off@example.com']);
    expect(await statusOf('jobs-off@example.com')).toBe('sent');
    expect(succeeded).toContain('outbox');
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/portal_job_last_success_timestamp_seconds\{job="outbox"\} \d+/);
  });
});
