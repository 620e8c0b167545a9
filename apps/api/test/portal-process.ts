import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';

const root = path.resolve(import.meta.dirname, '../../..');
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it answers true; throws with `what` (and `detail()`) after `timeoutMs`. Answers the time taken. */
export async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000, detail = () => ''): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started;
    await sleep(100);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}\n${detail()}`);
}

/**
 * A new, empty database on the PostgreSQL server of TEST_DATABASE_URL (the "postgres" Vitest project), for tests
 * that hand its URL to other processes or tools (pg_dump, pg_restore). `drop` removes it, closing what is left.
 */
export async function freshPostgresDatabase(prefix = 'portal_test') {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export interface Mail {
  /** The envelope's sender: which instance sent it, when each has its own MAIL_FROM. */
  from: string;
  to: string[];
  subject: string;
  /** The message as received (headers and body). */
  raw: string;
}

/**
 * A real SMTP server in this process on a random port that keeps what it receives; `refuse` names the mailboxes it
 * refuses at the door with 550 (a bounce).
 */
export async function smtpSink(options: { refuse?: (address: string) => boolean } = {}) {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) callback(Object.assign(new Error('5.1.1 No such user here'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        const headers = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: /^Subject: (.*)$/im.exec(headers)?.[1] ?? '',
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    mails,
    // ignoreTLS: the sink offers STARTTLS with a self-signed certificate.
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    to: (address: string) => mails.filter((m) => m.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface PortalProcess {
  name: string;
  base: string;
  process: ChildProcess;
  output(): string;
  /** SIGKILL (the test is over; a graceful stop is not what it measures). */
  kill(): void;
}

/** Starts `npx tsx apps/api/src/main.ts` as its own process on `port` with `env` on top of this one's environment. */
export function startPortal(name: string, port: number, env: Record<string, string>): PortalProcess {
  let output = '';
  const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'apps/api/src/main.ts'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = `${output}${chunk}`.slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return {
    name,
    base: `http://127.0.0.1:${port}`,
    process: child,
    output: () => output,
    kill: () => {
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies
  body: any;
}

/** A JSON call to a portal process; a dropped connection or no answer in 30 s is status 0. */
export async function call(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; token?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  try {
    const response = await fetch(`${base}${url}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, body };
  } catch (error) {
    return { status: 0, body: { error: String(error) } };
  }
}
