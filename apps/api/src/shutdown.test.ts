/**
 * Graceful shutdown of the real server (main.ts in its own process): SIGTERM during a request lets it finish,
 * refuses new connections, and the process exits 0; a request longer than SHUTDOWN_TIMEOUT_MS is cut off and the
 * process exits 1 in bounded time. On PGlite (DATA_DIR=memory://), and on a fresh PostgreSQL database in the
 * postgres project (so the pool is closed too).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/throwaway-postgres';

const root = path.resolve(import.meta.dirname, '../../..');
const serverUrl = process.env.DB_KIND === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

async function admin(query: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(query);
  await client.end();
}

/** A fresh PostgreSQL database in the postgres project; the embedded one in memory otherwise. */
async function databaseEnv(): Promise<Record<string, string>> {
  if (!serverUrl) return { DATA_DIR: 'memory://' };
  const name = `portal_shutdown_${randomBytes(6).toString('hex')}`;
  await admin(`create database ${name}`);
  cleanups.push(() => admin(`drop database if exists ${name} with (force)`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { DATA_DIR: 'memory://', DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: '3' };
}

interface Server {
  child: ChildProcess;
  base: string;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; at: number }>;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'apps/api/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      SEED_DEMO: 'off',
      TEST_SLOW_ROUTE: '1',
      // "incoming request" (how the test knows the slow request has arrived) is a debug line (decision 056).
      LOG_LEVEL: 'debug',
      ...(await databaseEnv()),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.on('exit', (code) => resolve({ code, at: Date.now() })),
  );
  cleanups.push(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited at start-up:\n${output}`);
    const ready = await fetch(`${base}/api/health/ready`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`the server did not become ready:\n${output}`);
    await sleep(250);
  }
  return { child, base, port, output: () => output, exited };
}

/** The server's JSON log lines (LOG_LEVEL=info), parsed. */
const logLines = (server: Server) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg?: string; reqId?: string; req?: { url?: string }; level?: number });

async function until(what: string, server: Server, check: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${server.output().slice(-3000)}`);
    await sleep(20);
  }
}

/** Whether a brand-new TCP connection to the port is accepted. */
function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('graceful shutdown of the real server', () => {
  it('on SIGTERM: the request in flight completes with 200, new connections are refused, the process exits 0', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '10000' });
    const slow = fetch(`${server.base}/api/health/test-slow?ms=2500`).then(async (r) => ({
      status: r.status,
      body: await r.json(),
      at: Date.now(),
    }));
    await until('the slow request to arrive', server, () => logLines(server).some((l) => l.req?.url === '/api/health/test-slow?ms=*'));

    server.child.kill('SIGTERM');
    await until('the shutdown to begin', server, () => logLines(server).some((l) => l.msg?.startsWith('SIGTERM: shutting down')));
    // The listener closes a moment after the log line (Fastify's close runs its hooks first): new connections are
    // refused within a second, while the slow request is still being answered.
    const refusedBy = Date.now() + 1000;
    while ((await connects(server.port)) && Date.now() < refusedBy) await sleep(20);
    expect(await connects(server.port)).toBe(false);
    const refusedAt = Date.now();

    const answered = await slow;
    expect(answered.at).toBeGreaterThan(refusedAt);
    expect(answered.status).toBe(200);
    expect(answered.body).toEqual({ data: { status: 'ok', waitedMs: 2500 } });
    const exit = await server.exited;
    expect(exit.code, server.output().slice(-3000)).toBe(0);
    expect(exit.at).toBeGreaterThanOrEqual(answered.at);
    expect(logLines(server).map((l) => l.msg)).toContain('shut down cleanly');
  }, 180_000);

  it('forces after SHUTDOWN_TIMEOUT_MS: a request that outlasts it is cut off and the process exits 1 in bounded time', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '1000' });
    const slow = fetch(`${server.base}/api/health/test-slow?ms=30000`).then(
      (r) => r.status,
      (error: Error) => error.name,
    );
    await until('the slow request to arrive', server, () => logLines(server).some((l) => l.req?.url === '/api/health/test-slow?ms=*'));

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    expect(exit.code, server.output().slice(-3000)).toBe(1);
    expect(exit.at - signalled).toBeGreaterThanOrEqual(900);
    expect(exit.at - signalled).toBeLessThan(5000);
    expect(await slow).toBe('TypeError'); // fetch failed: the connection was closed under it
    expect(logLines(server).map((l) => l.msg)).toContain('shutdown timed out: remaining requests and jobs cut off');
  }, 180_000);
});
