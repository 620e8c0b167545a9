/**
 * The back office's exports at a national board's size (issue 26, decision 050):
 * `npx tsx bench/exports.ts [--invoices=200000] [--members=50000] [--db=exports_bench] [--keep]`.
 *
 * Loads a PostgreSQL database (created afresh, dropped at the end unless --keep) with `--members` members and
 * `--invoices` invoices (a third of them paid, some overdue), starts the API on it as its own process, signs the
 * administrator in, and downloads the invoices as CSV and as Excel, then the members and the arrears, end to end over
 * HTTP. Prints per export the time to the first byte, the whole time, the size and rows, and the server process's
 * resident memory before and at its peak during the download (sampled from /proc every 20 ms): streamed, the peak
 * stays near the idle process whatever the rows.
 * Environment: BENCH_PG_URL (a PostgreSQL server on which the bench may create databases).
 */
import { readFileSync } from 'node:fs';
import { openDatabase } from '@portal/db';
import { seed } from '@portal/db/seed';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { benchDatabase, staffToken, startServer } from './server';

const args = process.argv.slice(2);
const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const invoices = Number(flag('invoices') ?? 200_000);
const members = Number(flag('members') ?? 50_000);
const dbName = flag('db') ?? 'exports_bench';
const keep = args.includes('--keep');
const pgServer = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN = { email: 'admin@portal.test', password: 'Admin@2026' };

const log = (message: string) => console.log(`[bench:exports] ${message}`);
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

/** The process's resident memory in kB (VmRSS). */
function rssKb(pid: number): number {
  const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : 0;
}

async function load(url: string) {
  const database = await openDatabase({ url });
  const started = Date.now();
  await database.migrate();
  await seed(database.db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password, demo: false });
  const db = database.db;
  await db.execute(sql`
    insert into profiles (profile_id, first_name, second_name, last_name, identification_document_no, email, phone_no, member_no,
      membership_type, discipline)
    select 'PRX' || lpad(g::text, 7, '0'), (array['Wanjikũ', 'Otieno', 'Achieng', 'Kamau', 'Njeri', 'Mutua'])[1 + g % 6],
      'Bench', 'Member' || g, (20000000 + g)::text, 'member' || g || '@example.com', '2547' || lpad(g::text, 8, '0'),
      'EXB' || lpad(g::text, 6, '0'), 'PROFESSIONAL', 'CIVIL'
    from generate_series(1, ${members}) g`);
  await db.execute(sql`
    insert into memberships (profile_id, member_no, category_code, status, registration_date)
    select 'PRX' || lpad(g::text, 7, '0'), 'EXB' || lpad(g::text, 6, '0'), case when g % 5 = 0 then 'GRADUATE' else 'PROFESSIONAL' end,
      case when g % 10 = 0 then 'Lapsed' else 'Active' end, date '2010-01-01' + (g % 5000)
    from generate_series(1, ${members}) g`);
  // Every third invoice paid, the rest open; due dates spread over the last two years, so many are overdue.
  await db.execute(sql`
    insert into ledger_entries (profile_id, document_no, document_type, purpose, description, amount_cents, remaining_cents,
      external_document_no, document_date, posting_date, due_date)
    select 'PRX' || lpad((1 + g % ${members})::text, 7, '0'), 'INVB' || lpad(g::text, 8, '0'), 'Invoice',
      (array['subscription', 'event', 'license', 'upgrade'])[1 + g % 4], 'Bench invoice ' || g || ', "annual"',
      580000 + g % 1000, case when g % 3 = 0 then 0 else 580000 + g % 1000 end, 'SRC-' || g,
      current_date - (g % 730), current_date - (g % 730), current_date - (g % 730) + 60
    from generate_series(1, ${invoices}) g`);
  await db.execute(sql`analyze`);
  await database.close();
  log(
    `${members.toLocaleString('en-KE')} members and ${invoices.toLocaleString('en-KE')} invoices loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}

interface Measured {
  what: string;
  status: number;
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  lines: number;
  rssBeforeKb: number;
  rssPeakKb: number;
}

async function measure(baseUrl: string, pid: number, token: string, what: string, path: string): Promise<Measured> {
  const rssBeforeKb = rssKb(pid);
  let rssPeakKb = rssBeforeKb;
  const sampler = setInterval(() => {
    rssPeakKb = Math.max(rssPeakKb, rssKb(pid));
  }, 20);
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
  const firstByteMs = performance.now() - started;
  let bytes = 0;
  let lines = 0;
  const reader = response.body?.getReader();
  for (;;) {
    const chunk = await reader?.read();
    if (!chunk || chunk.done) break;
    bytes += chunk.value.length;
    for (const byte of chunk.value) if (byte === 10) lines++;
  }
  const totalMs = performance.now() - started;
  clearInterval(sampler);
  rssPeakKb = Math.max(rssPeakKb, rssKb(pid));
  return { what, status: response.status, firstByteMs, totalMs, bytes, lines, rssBeforeKb, rssPeakKb };
}

const admin = new pg.Client({ connectionString: pgServer });
await admin.connect();
const dbUrl = await benchDatabase(admin, pgServer, dbName, false);
try {
  await load(dbUrl);
  const server = await startServer({ DATABASE_URL: dbUrl, JOBS: 'off', AUTH_RATE_PER_MINUTE: '100000' });
  const database = await openDatabase({ url: dbUrl });
  try {
    const pid = server.child.pid as number;
    const token = await staffToken(server.url, database.db, ADMIN);
    log(`server pid ${pid}, idle RSS ${mb(rssKb(pid))}`);
    const runs: [string, string][] = [
      ['invoices csv (warm-up)', 'admin/billing/invoices/export?format=csv&status=paid'],
      ['invoices csv, status=paid', 'admin/billing/invoices/export?format=csv&status=paid'],
      ['invoices csv, all', 'admin/billing/invoices/export?format=csv'],
      ['invoices xlsx, status=paid', 'admin/billing/invoices/export?format=xlsx&status=paid'],
      ['invoices xlsx, all', 'admin/billing/invoices/export?format=xlsx'],
      ['members csv', 'admin/members/export?format=csv'],
      ['members xlsx', 'admin/members/export?format=xlsx'],
      ['arrears csv', 'admin/billing/arrears/export?format=csv'],
      ['arrears xlsx', 'admin/billing/arrears/export?format=xlsx'],
    ];
    for (const [what, path] of runs) {
      const m = await measure(server.url, pid, token, what, path);
      log(
        `${m.what.padEnd(28)} HTTP ${m.status}  first byte ${m.firstByteMs.toFixed(0).padStart(5)} ms  total ${(m.totalMs / 1000).toFixed(2).padStart(6)} s  ${(m.bytes / 1024 / 1024).toFixed(1).padStart(6)} MB${m.what.includes('csv') ? `  ${(m.lines - 1).toLocaleString('en-KE')} rows` : ''}  RSS ${mb(m.rssBeforeKb)} -> peak ${mb(m.rssPeakKb)}`,
      );
    }
  } finally {
    await database.close();
    await server.stop();
  }
} finally {
  if (!keep) await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  log(keep ? `kept ${dbName}` : `dropped ${dbName}`);
}
