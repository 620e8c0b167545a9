/**
 * What the benches share: a free port, the API server started as a child process (`apps/api/src/main.ts` under
 * tsx, production mode), percentiles, and realistic register search terms for bulk members (bench/run.ts,
 * bench/load.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { encodeBase64 } from '@portal/contract';
import type pg from 'pg';
import { currentStep, TOTP_PERIOD_SECONDS, totpCode } from '../apps/api/src/modules/mfa/totp';
import { parseSecretKey } from '../apps/api/src/shared/secret-box';
import { type ApiCall, completeSignIn, enrolTotp } from '../apps/api/test/mfa';
import { bulkMember } from '../packages/db/src/seed/bulk';

export const root = path.resolve(import.meta.dirname, '..');

/** The p-th percentile (nearest rank) of ascending `sorted`; NaN when empty. */
export function percentile(sorted: number[], p: number) {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface StartedServer {
  url: string;
  child: ChildProcess;
  /** SIGTERM (the server's own shutdown), SIGKILL after 10 s; resolves once the process has exited. */
  stop: () => Promise<void>;
}

/**
 * Starts the API (production mode, bot check key set, no demo seed, outbox worker slowed down) on a free port and
 * waits until /api/health answers. `env` adds to or overrides those settings; `nodeArgs` go to node before tsx
 * (for example `--cpu-prof`); `entry` is the script (bench/overhead-bare.ts for the bare server).
 */
export async function startServer(
  env: Record<string, string>,
  nodeArgs: string[] = [],
  entry = 'apps/api/src/main.ts',
): Promise<StartedServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ALTCHA_HMAC_KEY: 'bench-altcha-key',
      SEED_DEMO: 'off',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      OUTBOX_POLL_MS: '60000',
      // Production refuses to start without its own key for the authenticator secrets (decision 047).
      MFA_ENCRYPTION_KEY: BENCH_MFA_KEY,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
  return { url, child, stop };
}

/**
 * A register search as people type it, for bulk member `n` of `count` (an Active individual is searched for; null
 * for a firm or a member who is not listed): names (first and last, surname alone, lower case, a prefix) or, when
 * `kind` is 'number', the member number. `style` picks the form (0–19).
 */
export function searchTerm(n: number, kind: 'name' | 'number', style: number): string | null {
  const m = bulkMember(n);
  if (m.profile.type === 'Corporate' || m.membership.status !== 'Active') return null;
  if (kind === 'number') return style % 4 === 0 ? String(m.membership.memberNo).toLowerCase() : String(m.membership.memberNo);
  const first = m.profile.firstName;
  const last = m.profile.lastName;
  const s = style % 20;
  return s < 10 ? `${first} ${last}` : s < 14 ? last : s < 17 ? `${last.toLowerCase()} ${first.toLowerCase()}` : last.slice(0, 5);
}

/** `howMany` search paths (`/api/profile/search?term=<base64>`) over bulk members 1..count. */
export function searchPaths(kind: 'name' | 'number', howMany: number, count: number): string[] {
  const paths: string[] = [];
  let i = 0;
  while (paths.length < howMany && i < howMany * 20) {
    i++;
    const term = searchTerm(1 + ((i * 7919) % count), kind, i);
    if (term !== null) paths.push(`/api/profile/search?term=${encodeURIComponent(encodeBase64(term))}`);
  }
  return paths;
}

/**
 * The URL of database `name` on the server `admin` is connected to: created afresh (dropped first if there), or
 * kept as it is with `reuse`.
 */
export async function benchDatabase(admin: pg.Client, serverUrl: string, name: string, reuse: boolean): Promise<string> {
  const [{ exists }] = (await admin.query('select exists (select 1 from pg_database where datname = $1) as exists', [name])).rows;
  if (exists && !reuse) await admin.query(`drop database ${name} with (force)`);
  if (!exists || !reuse) await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The bench servers' key for the authenticator secrets (startServer sets it). */
export const BENCH_MFA_KEY = 'b'.repeat(64);

/** How the benches call a bench server's API over HTTP, in the shape of the API test harness's `call`. */
function apiCall(url: string): ApiCall {
  return async (method, path, options = {}) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(options.body ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body ? JSON.stringify(options.body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown> } & Record<string, unknown> };
  };
}

/**
 * A staff session on a bench server: password, then the second factor (set up on the first sign-in, a computed code
 * after), as the API test harness does.
 */
export async function staffToken(url: string, db: unknown, who: { email: string; password: string }): Promise<string> {
  const call = apiCall(url);
  const login = await call('POST', '/api/auth/login', { body: who });
  if (login.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(login.body)}`);
  return completeSignIn(
    { db, call, config: { mfaKey: parseSecretKey(BENCH_MFA_KEY) } } as never,
    who.email,
    login.body.data as Record<string, unknown>,
  );
}

/**
 * Staff on a bench server whose database the bench cannot read (bench:web's lives in the server's memory): the
 * authenticator is set up through the API at the first sign-in, as the harness does, and its key kept here, as the
 * phone would. Answers a code source for signing in through the page (bench/admin-browser.ts): each call gives a code
 * of a step not used before (this one or the next; otherwise it waits for the next).
 */
export async function staffAuthenticator(url: string, who: { email: string; password: string }): Promise<() => Promise<string>> {
  const call = apiCall(url);
  const login = await call('POST', '/api/auth/login', { body: who });
  const token = login.body.data?.token;
  if (login.status !== 200 || typeof token !== 'string') {
    throw new Error(`sign-in failed (an authenticator already set up cannot be read here): ${JSON.stringify(login.body)}`);
  }
  const { secret } = await enrolTotp({ call }, token);
  let lastStep = currentStep();
  return async () => {
    while (Math.max(currentStep(), lastStep + 1) > currentStep() + 1) await new Promise((resolve) => setTimeout(resolve, 1000));
    lastStep = Math.max(currentStep(), lastStep + 1);
    return totpCode(secret, lastStep * TOTP_PERIOD_SECONDS * 1000 + 1000);
  };
}

/** autocannon's `requests`: GETs of `paths` in turn, round and round. */
export function cyclingRequests(paths: string[]) {
  let next = 0;
  return [
    {
      method: 'GET',
      setupRequest: (request: { path?: string }) => {
        next = (next + 1) % paths.length;
        return { ...request, path: paths[next] };
      },
    },
  ];
}
