/**
 * The portal as an operator runs it, against a PostgreSQL cluster of this test's own: connections terminated,
 * then the server crashed and restarted, all under a write load. The process must stay up, answer 503 (never a
 * 500, never a hang) while the database is away, come back by itself, keep every write it acknowledged, and its
 * background jobs must carry on. Runs in the "postgres" Vitest project only (it needs PostgreSQL's binaries).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { messages } from '@portal/contract';
import { type Database, openDatabase, queryRows } from '@portal/db';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, STRONG_PASSWORD } from '../test/harness';
import { sectionSample } from '../test/profile';
import { freePort, startThrowawayPostgres } from '../test/throwaway-postgres';

const root = path.resolve(import.meta.dirname, '../../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let cluster: Awaited<ReturnType<typeof startThrowawayPostgres>>;
let server: ChildProcess;
let serverOutput = '';
let base = '';
let database: Database;
const mailTo: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  logger: false,
  onData(stream, session, callback) {
    stream.resume();
    stream.on('end', () => {
      mailTo.push(...session.envelope.rcptTo.map((r) => r.address));
      callback();
    });
  },
});

async function request(method: 'GET' | 'POST', url: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    const response = await fetch(`${base}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  } catch (error) {
    // A hang (no answer in 10 s) or a dropped connection: both are failures of the portal.
    return { status: 0, body: { error: String(error) } };
  }
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return Date.now();
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}\n${serverOutput.slice(-3000)}`);
}

beforeAll(async () => {
  cluster = await startThrowawayPostgres();
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'apps/api/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: 'memory://',
      DATABASE_URL: cluster.url,
      DATABASE_POOL_SIZE: '4',
      SEED_DEMO: 'off',
      // ignoreTLS: the test server offers STARTTLS with a self-signed certificate.
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}?ignoreTLS=true`,
      OUTBOX_POLL_MS: '200',
      MPESA_QUERY_INTERVAL_MS: '500',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => {
    serverOutput += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    serverOutput += chunk;
  });
  await until('the portal to start', async () => (await request('GET', '/api/health')).status === 200, 90_000);
  database = await openDatabase({ url: cluster.url, poolSize: 2, onConnectionError: () => {} });
}, 120_000);

afterAll(async () => {
  server?.kill('SIGKILL');
  await database?.close().catch(() => {});
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  cluster?.destroy();
});

describe('the database going away under load', () => {
  it('keeps the process alive, answers 503 in the gap, recovers by itself and loses no acknowledged write', async () => {
    const { user } = await createMember(database.db, { withUser: true });
    const login = await request('POST', '/api/auth/login', { email: user?.email, password: STRONG_PASSWORD });
    expect(login.status).toBe(200);
    const token = login.body.data.token as string;

    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    let writing = true;
    let lastFailure = '';
    let counter = 0;
    const writer = async (lane: number) => {
      while (writing) {
        const marker = `w${lane}-${counter++}`;
        const response = await request(
          'POST',
          '/api/profile/work-experience',
          { ...sectionSample('work-experience'), NameOfFirm: marker },
          token,
        );
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status === 200) acknowledged.push(marker);
        else {
          lastFailure = `${response.status} ${JSON.stringify(response.body)}`;
          await sleep(50);
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);

    await sleep(1500);
    const terminated = await cluster.terminateConnections();
    expect(terminated).toBeGreaterThan(0);
    await sleep(1500);
    expect(server.exitCode, serverOutput.slice(-3000)).toBeNull();

    cluster.crash();
    const down = Date.now();
    await until('the health check to report the database down', async () => (await request('GET', '/api/health')).status === 503);
    const health = await request('GET', '/api/health');
    expect(health.body.data).toEqual({ status: 'unavailable', database: 'postgres' });
    // Readiness says why (decision 038); liveness does not depend on the database: no restart while it is away.
    const ready = await request('GET', '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.data).toEqual({ status: 'unavailable', database: 'postgres', reason: 'the database is unavailable' });
    expect((await request('GET', '/api/health/live')).status).toBe(200);
    // A server-rendered page says so as a page, not a JSON error (decision 042).
    const page = await fetch(`${base}/search/search-list?term=mwangi`, { signal: AbortSignal.timeout(10_000) });
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('5');
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain(messages.serviceUnavailable);
    await sleep(Math.max(0, 3000 - (Date.now() - down)));
    expect(server.exitCode).toBeNull();

    cluster.start();
    const back = Date.now();
    const healthy = await until('the portal to answer again', async () => (await request('GET', '/api/health')).status === 200, 20_000);
    const writesBefore = acknowledged.length;
    await until(`writes to succeed again (last failure: ${lastFailure})`, async () => acknowledged.length > writesBefore + 5, 20_000).catch(
      (error) => {
        throw new Error(`${error.message}\nlast failure: ${lastFailure}; statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
      },
    );
    writing = false;
    await Promise.all(writers);

    expect(server.exitCode, serverOutput.slice(-3000)).toBeNull();
    console.log(`[faults] statuses ${JSON.stringify(Object.fromEntries(statuses))}; healthy ${healthy - back} ms after the restart`);
    // Only successes and 503s: no 500, no other error, no request left hanging (status 0).
    expect([...statuses.keys()].sort()).toEqual([200, 503]);
    expect(healthy - back).toBeLessThan(10_000);

    const stored = await queryRows<{ marker: string }>(
      database.db,
      sql`select data->>'NameOfFirm' as marker from profile_entries where section = 'work-experience'`,
    );
    const kept = new Set(stored.map((r) => r.marker));
    expect(acknowledged.filter((m) => !kept.has(m))).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(20);
  }, 120_000);

  it('keeps its background jobs running: the outbox sends mail queued after the outage', async () => {
    const { user } = await createMember(database.db, { withUser: true });
    const reset = await request('POST', '/api/auth/password-reset', { email: user?.email });
    expect(reset.status).toBe(200);
    await until('the reset mail to be sent', async () => mailTo.includes(user?.email ?? ''), 20_000);
    expect(server.exitCode).toBeNull();
  }, 60_000);
});
