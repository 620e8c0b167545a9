/**
 * The real server (main.ts in its own process, on a fresh PostgreSQL database) under the upload burst of issue 24:
 * 12 simultaneous requests from one member, each with 10 files of 9.9 MB. Its resident memory may grow by at most
 * 300 MB, /api/health answers within 2 s throughout, and memory is back near its level within a minute.
 * PostgreSQL project only: one run is the measurement, and the deployment it stands for is on PostgreSQL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@portal/contract';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD } from '../test/harness';
import { multipartBody, type PartValue } from '../test/multipart';
import { freshPostgresDatabase, sleep, until } from '../test/portal-process';
import { bioFields, pdf, pdfBytes, photoBytes, sectionSample } from '../test/profile';
import { freePort } from '../test/throwaway-postgres';

const root = path.resolve(import.meta.dirname, '../../..');
const MB = 1024 * 1024;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** The server itself as this process's child (node --import tsx), so its pid is the server's. */
async function startServer() {
  const database = await freshPostgresDatabase('portal_uploads');
  cleanups.push(database.drop);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-upload-memory-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      SEED_DEMO: 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = `${output}${chunk}`.slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  cleanups.push(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  await until(
    'the server to be ready',
    () =>
      fetch(`${base}/api/health/ready`).then(
        (r) => r.status === 200,
        () => false,
      ),
    120_000,
    () => output,
  );
  return { base, pid: child.pid as number, databaseUrl: database.url, output: () => output };
}

type Server = Awaited<ReturnType<typeof startServer>>;

async function post(server: Server, url: string, body: unknown, token?: string) {
  const response = await fetch(`${server.base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies
  return { status: response.status, body: (await response.json()) as any };
}

/** Form data to the server; a connection closed before an answer is status 0. */
async function postForm(server: Server, url: string, form: { payload: Buffer; contentType: string }, token: string) {
  try {
    const response = await fetch(`${server.base}${url}`, {
      method: 'POST',
      headers: { 'content-type': form.contentType, authorization: `Bearer ${token}` },
      body: form.payload,
      signal: AbortSignal.timeout(120_000),
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies
    return { status: response.status, body: (await response.json().catch(() => null)) as any };
  } catch {
    return { status: 0, body: null };
  }
}

/** A member signed in through the API: registered, verified by the OTP from the outbox, with a saved bio. */
async function signedInMember(server: Server) {
  const phone = '0712345678';
  const registered = await post(server, '/api/auth/register', {
    email: 'uploader@example.com',
    phone,
    id_number: '29876543',
    password: STRONG_PASSWORD,
    confirmPassword: STRONG_PASSWORD,
    category: 'GRADUATE',
    type: 'Individual',
  });
  expect(registered.status).toBe(200);
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ body: string }>(`select body from outbox where "to" = $1 order by id desc limit 1`, [
    registered.body.data.phone_no,
  ]);
  await client.end();
  const code = /\b(\d{6})\b/.exec(rows[0].body)?.[1];
  const verified = await post(server, '/api/auth/verify-otp', { id: registered.body.data.id, otp_code: code });
  expect(verified.status).toBe(200);
  const token = verified.body.data.token as string;
  const photo = { filename: 'me.jpg', contentType: 'image/jpeg', content: await photoBytes(400, 400) };
  const bio = await postForm(server, '/api/profile', multipartBody({ ...bioFields(), Image: photo, ID: pdf('id.pdf') }), token);
  expect(bio.status).toBe(200);
  return token;
}

/** The certification form with a certificate and nine transcripts: ten files, every one checked by the server. */
function certificationForm(file: Buffer) {
  const parts: Record<string, PartValue> = {
    ...sectionSample('certification'),
    File: pdf('certificate.pdf', file),
    transcriptDescriptions: Array.from({ length: 9 }, (_, i) => `Year ${i + 1}`).join('\n'),
    transcripts: Array.from({ length: 9 }, (_, i) => pdf(`transcript-${i + 1}.pdf`, file)),
  };
  return multipartBody(parts);
}

/** Asks GET /api/health every 250 ms from a child process until stopped; answers the slowest and the failures. */
function healthProber(base: string) {
  const script = `
    let slowest = 0, failures = 0, probes = 0, running = true;
    process.on('SIGTERM', () => { running = false; });
    (async () => {
      while (running) {
        const started = Date.now();
        const ok = await fetch(${JSON.stringify(`${base}/api/health`)}, { signal: AbortSignal.timeout(5000) }).then((r) => r.status === 200, () => false);
        slowest = Math.max(slowest, Date.now() - started); probes++;
        if (!ok) failures++;
        await new Promise((r) => setTimeout(r, 250));
      }
      process.stdout.write(JSON.stringify({ slowest, failures, probes }));
    })();`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let printed = '';
  child.stdout?.on('data', (chunk) => {
    printed += chunk;
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    async stop() {
      child.kill('SIGTERM');
      await exited;
      const { slowest, failures, probes } = JSON.parse(printed) as { slowest: number; failures: number; probes: number };
      return { slowestHealth: slowest, healthFailures: failures, probes };
    },
  };
}

describe('uploads on the real server (issue 24)', () => {
  it('12 simultaneous requests of 10 × 9.9 MB from one member: memory bounded, health answering, memory given back', async () => {
    const server = await startServer();
    const token = await signedInMember(server);
    // Warm up what a first upload loads (pdf.js, sharp), then take the level.
    const warm = await postForm(server, '/api/profile/certification', certificationForm(pdfBytes()), token);
    expect([200, 400]).toContain(warm.status);
    await sleep(2000);
    const before = await residentBytes(server.pid);

    // Zero-filled after a PDF signature, as found: every file is received, and refused only once it is checked.
    const heavy = certificationForm(Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(9_900_000 - 9)]));
    expect(heavy.payload.length).toBeGreaterThan(99_000_000);

    let peak = before;
    let running = true;
    const sampler = (async () => {
      while (running) {
        peak = Math.max(peak, await residentBytes(server.pid));
        await sleep(100);
      }
    })();
    // /api/health is asked from a process of its own: this one is busy sending 1.2 GB.
    const prober = healthProber(server.base);
    const answers = await Promise.all(Array.from({ length: 12 }, () => postForm(server, '/api/profile/certification', heavy, token)));
    running = false;
    await sampler;
    const { slowestHealth, healthFailures, probes } = await prober.stop();

    const statuses = answers.map((a) => a.status);
    console.log(
      `upload burst: statuses ${JSON.stringify(statuses)}; resident ${Math.round(before / MB)} MB before, peak +${Math.round((peak - before) / MB)} MB; slowest /api/health ${slowestHealth} ms of ${probes}`,
    );
    // Two checked and refused (400); the rest refused at once, their bodies read and dropped, with the reason (429).
    expect(statuses.filter((s) => s === 400)).toHaveLength(2);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(answers.find((a) => a.status === 429)?.body.message).toBe(messages.uploadsInProgress);
    expect(answers.find((a) => a.status === 400)?.body.errors.File).toBeDefined();
    expect(peak - before).toBeLessThanOrEqual(300 * MB);
    expect(probes).toBeGreaterThan(5);
    expect(healthFailures).toBe(0);
    expect(slowestHealth).toBeLessThan(2000);

    const settled = await until(
      'resident memory back near its level',
      async () => (await residentBytes(server.pid)) <= before + 64 * MB,
      60_000,
    );
    console.log(`upload burst: memory back within ${settled} ms`);
  }, 300_000);
});
