/**
 * Load test of the public register and of certificate rendering: `npm run bench [-- <members>] [--only=postgres|pglite]
 * [--duration=10] [--rate=200] [--reuse]`.
 *
 * For each database (PostgreSQL on a fresh database `bench_portal`, and PGlite in a temporary DATA_DIR) it:
 *   1. migrates, seeds and bulk-loads <members> realistic members (default 200,000) in this process;
 *   2. prints EXPLAIN (ANALYZE, BUFFERS) of name searches (common, rare, a word start, apostrophes, no match: decision 055),
 *      each level the server would read, and the database's time per search one at a time by kind of term;
 *   3. renders a membership certificate, an invoice and a receipt ~100 times each in this process (median and p99);
 *   4. starts the API server as a child process on that database and drives GET /api/profile/search from this
 *      process, with names and with member numbers, twice each: at a steady rate (open loop, bench/steady-load.ts:
 *      the load the target describes) and with autocannon at the same overall rate (bursts; decision 027). The
 *      target must hold for both.
 * Then it prints one table. Targets (PostgreSQL): search p99 under 50 ms at 200 req/s; a certificate under 50 ms
 * at the median. Run by hand only (not in CI). Environment: BENCH_PG_URL (a PostgreSQL server URL on which the
 * bench may create databases; default postgres://postgres@127.0.0.1:5432/postgres), BENCH_COUNT.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { decodeBase64, SEARCH_PAGE_SIZE } from '@portal/contract';
import { type Db, openDatabase, queryRows, schema } from '@portal/db';
import { seed } from '@portal/db/seed';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config';
import { issueDocument, renderDocument } from '../apps/api/src/modules/documents/index';
import { searchLevels } from '../apps/api/src/modules/register/name-candidates';
import { nameSearchQuery } from '../apps/api/src/modules/register/search';
import type { AppContext } from '../apps/api/src/shared/context';
import { queryRowsPrepared } from '../apps/api/src/shared/prepared';
import { createStorage } from '../apps/api/src/shared/storage';
import { seedBulk } from '../packages/db/src/seed/bulk';
import { benchDatabase, cyclingRequests, percentile, searchPaths, startServer } from './server';
import { steadyLoad } from './steady-load';

const args = process.argv.slice(2);
const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const count = Number(args.find((a) => /^\d+$/.test(a)) ?? process.env.BENCH_COUNT ?? 200_000);
const duration = Number(flag('duration') ?? 10);
const rate = Number(flag('rate') ?? 200);
const only = flag('only');
const reuse = args.includes('--reuse');
const pgServer = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DB = 'bench_portal';
const CERTIFICATE_RENDERS = 100;
/** The indexes a name search should read (decision 055). */
const REGISTER_INDEXES = [
  'profiles_register_search_idx',
  'register_words_word_name_length_name_profile_id_pk',
  'register_pairs_first_second_name_length_name_profile_id_pk',
];
// The bench sends everything from one address: the per-address limit is raised, not switched off,
// so its database round trip is part of what is measured (decision 021).
const searchLimitRaised = { SEARCH_RATE_PER_MINUTE: '100000000' };

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)}`;
const log = (message: string) => console.log(`[bench] ${message}`);

interface SearchResult {
  database: string;
  query: string;
  /** steady: one request every 1000/rate ms, open loop; burst: autocannon's per-second quotas. The target holds for both. */
  load: 'steady' | 'burst';
  p50: number;
  p99: number;
  max: number;
  reqPerSec: number;
  bytesPerSec: number;
  non2xx: number;
  errors: number;
}
interface CertificateResult {
  database: string;
  /** certificate, invoice or receipt. */
  document: string;
  median: number;
  p99: number;
  note?: string;
}

// ---------------------------------------------------------------- helpers

async function prepare(db: Db, label: string) {
  const started = Date.now();
  await seed(db, { adminEmail: 'admin@portal.test', adminPassword: 'Admin@2026', demo: true });
  let last = 0;
  const inserted = await seedBulk(db, count, {
    onProgress: (done) => {
      if (done - last >= 50_000 || done === count) {
        last = done;
        log(`${label}: ${done.toLocaleString('en-KE')} / ${count.toLocaleString('en-KE')} members`);
      }
    },
    onStep: (step, ms) => log(`${label}: load step ${step}: ${(ms / 1000).toFixed(1)} s`),
  });
  log(`${label}: ${inserted.toLocaleString('en-KE')} new members loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the name search as the server runs it: a common first and last name, a common
 * surname, a word start, a name with apostrophes, a rare name (three names that few members share) and a misspelt one
 * that matches nobody (every tier read to the end). BENCH_VERBOSE prints the plans.
 */
/** The kind of a bench search term (bench/server.ts searchTerm): what the table of one-at-a-time times groups by. */
const termKind = (term: string) =>
  term.includes(' ') ? (term === term.toLowerCase() ? 'last first' : 'first last') : term.length === 5 ? 'start of a surname' : 'surname';

/**
 * The database's part of a name search, one at a time: the bench's first 600 name terms twice (the second pass
 * timed), each through every level the server would read, as the server runs them (named prepared statements).
 * Prints the mean and p50/p90 per kind of term: the cost that 200 req/s multiplies.
 */
async function oneAtATime(db: Db, label: string) {
  const terms = searchPaths('name', 600, count).map((p) => decodeBase64(decodeURIComponent(p.slice(p.indexOf('term=') + 5))) ?? '');
  const times = new Map<string, number[]>();
  for (let pass = 0; pass < 2; pass++) {
    for (const term of terms) {
      const cleaned = term.trim().replace(/\s+/g, ' ');
      const started = performance.now();
      for (const level of searchLevels(cleaned)) {
        const [first] = await queryRowsPrepared<{ total: string }>(db, nameSearchQuery(cleaned, 1, true, false, level));
        if (Number(first?.total ?? 0) >= SEARCH_PAGE_SIZE) break;
      }
      if (pass === 1) times.set(termKind(term), [...(times.get(termKind(term)) ?? []), performance.now() - started]);
    }
  }
  for (const [kind, unsorted] of times) {
    const list = [...unsorted].sort((a, b) => a - b);
    const mean = list.reduce((a, b) => a + b, 0) / list.length;
    log(
      `${label}: name search one at a time, ${kind} (${list.length}): mean ${ms(mean)} ms, p50 ${ms(percentile(list, 50))} ms, p90 ${ms(percentile(list, 90))} ms`,
    );
  }
}

async function explain(db: Db, label: string) {
  for (const term of ['John Mwangi', 'Otieno', 'Mwang', "Ng'ang'a", 'Zawadi Chebet Lokwawi', 'Wekesaa Otienoo']) {
    // Each level the server would read, as it would: the next only while less than a page is found.
    for (const level of searchLevels(term)) {
      const plan = await queryRows<{ 'QUERY PLAN': string }>(
        db,
        sql`explain (analyze, buffers, costs off, timing on) ${nameSearchQuery(term, 1, true, false, level)}`,
      );
      const text = plan.map((r) => r['QUERY PLAN']).join('\n');
      const usesIndex = REGISTER_INDEXES.some((index) => text.includes(index));
      const time = text.match(/Execution Time: ([\d.]+) ms/)?.[1];
      const planning = text.match(/Planning Time: ([\d.]+) ms/)?.[1];
      const buffers = text.match(/Buffers: ([^\n]+)/)?.[1];
      log(
        `${label}: EXPLAIN ANALYZE name search "${term}" (${level}): ${usesIndex ? 'uses the register indexes' : 'does NOT use the register indexes'}, ${time} ms (planning ${planning} ms), buffers ${buffers}`,
      );
      if (process.env.BENCH_VERBOSE || !usesIndex) console.log(text.replace(/^/gm, '    '));
      const [found] = await queryRows<{ total: string }>(db, nameSearchQuery(term, 1, true, false, level));
      if (Number(found?.total ?? 0) >= SEARCH_PAGE_SIZE) break;
    }
  }
}

/** Median and p99 of rendering one issued document again and again (after a few warm-up renders). */
async function timeRenders(ctx: AppContext, label: string, document: string, documentNo: string): Promise<CertificateResult> {
  for (let i = 0; i < 5; i++) await renderDocument(ctx, documentNo);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < CERTIFICATE_RENDERS; i++) {
    const started = performance.now();
    const pdf = await renderDocument(ctx, documentNo);
    times.push(performance.now() - started);
    bytes = pdf.length;
  }
  times.sort((a, b) => a - b);
  log(`${label}: ${document} ${documentNo}, ${bytes.toLocaleString('en-KE')} bytes, ${CERTIFICATE_RENDERS} renders`);
  return { database: label, document, median: percentile(times, 50), p99: percentile(times, 99) };
}

/** The demo member's membership certificate, and the invoice and receipt of the application fee (demo seed). */
async function timeCertificates(db: Db, label: string): Promise<CertificateResult[]> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', PUBLIC_URL: 'https://portal.example', ALTCHA_HMAC_KEY: 'bench' });
  const ctx: AppContext = { db, config, storage: createStorage(config) };
  const [application] = await db.select().from(schema.applications).where(eq(schema.applications.assignedMemberNo, 'ERB1001')).limit(1);
  const failed = (note: string) =>
    ['certificate', 'invoice', 'receipt'].map((document) => ({ database: label, document, median: Number.NaN, p99: Number.NaN, note }));
  if (!application?.invoiceNo || !application.postedReceiptNo) return failed('no released, paid application (demo data missing)');
  const member = { profileId: application.profileId, holderName: 'Jane Wanjiru Mwangi', memberNo: 'ERB1001' };
  try {
    const certificate = await issueDocument(ctx, {
      ...member,
      kind: 'certificate',
      applicationCode: application.code,
      categoryCode: application.appliedCategory,
    });
    const invoice = await issueDocument(ctx, { ...member, kind: 'invoice', subjectKey: application.invoiceNo });
    const receipt = await issueDocument(ctx, { ...member, kind: 'receipt', subjectKey: application.postedReceiptNo });
    return [
      await timeRenders(ctx, label, 'certificate', certificate.documentNo),
      await timeRenders(ctx, label, 'invoice', invoice.documentNo),
      await timeRenders(ctx, label, 'receipt', receipt.documentNo),
    ];
  } catch (error) {
    return failed(`render failed: ${(error as Error).message}`);
  }
}

/**
 * Waits until the server has worked through requests still queued from the last run (a server slower than the
 * rate keeps answering after autocannon stops), so one run's backlog does not land in the next run's numbers.
 */
async function settle(url: string, label: string) {
  const started = Date.now();
  let quick = 0;
  while (quick < 3 && Date.now() - started < 600_000) {
    const t0 = performance.now();
    await fetch(`${url}/api/health`).then((r) => r.arrayBuffer());
    quick = performance.now() - t0 < 50 ? quick + 1 : 0;
    if (quick === 0) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const waited = (Date.now() - started) / 1000;
  if (waited > 2) log(`${label}: waited ${waited.toFixed(0)} s for the server to finish the requests still queued`);
}

const queryLabel = { name: 'name', number: 'member number', health: 'baseline: /api/health' } as const;

/**
 * The same requests twice: at a steady rate (open loop, timed from when each request was due: what "200 req/s"
 * means), then with autocannon at the same overall rate, which sends each
 * connection's quota back to back at the start of every second (bursts of `rate` requests, 20 at a time).
 */
async function load(url: string, database: string, kind: 'name' | 'number' | 'health'): Promise<SearchResult[]> {
  await settle(url, database);
  const paths = kind === 'health' ? ['/api/health'] : searchPaths(kind, 2000, count);
  // Warm-up: every path once, four at a time (plans, each connection's prepared statements, the pages of the
  // million rows the searches read), as a server that has been running meets them.
  const lanes = 4;
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      for (let i = lane; i < paths.length; i += lanes) await fetch(url + paths[i]).then((r) => r.arrayBuffer());
    }),
  );
  const steady = await steadyLoad(url, paths, rate, duration);
  await settle(url, database);
  const burst = await autocannon({
    url,
    connections: 20,
    overallRate: rate,
    duration,
    timeout: 10,
    requests: cyclingRequests(paths),
  });
  return [
    { database, query: queryLabel[kind], load: 'steady', ...steady },
    {
      database,
      query: queryLabel[kind],
      load: 'burst',
      p50: burst.latency.p50,
      p99: burst.latency.p99,
      max: burst.latency.max,
      reqPerSec: burst.requests.average,
      bytesPerSec: burst.throughput.average,
      non2xx: burst.non2xx,
      errors: burst.errors + burst.timeouts,
    },
  ];
}

// ---------------------------------------------------------------- the two databases

async function benchPostgres(): Promise<{ search: SearchResult[]; certificate: CertificateResult[] } | null> {
  const admin = new pg.Client({ connectionString: pgServer });
  try {
    await admin.connect();
  } catch (error) {
    log(`PostgreSQL: skipped, cannot connect to ${pgServer} (${(error as Error).message})`);
    return null;
  }
  const benchUrl = await benchDatabase(admin, pgServer, BENCH_DB, reuse);
  await admin.end();
  const database = await openDatabase({ url: benchUrl });
  let certificate: CertificateResult[];
  try {
    await database.migrate();
    await prepare(database.db, 'PostgreSQL');
    await explain(database.db, 'PostgreSQL');
    await oneAtATime(database.db, 'PostgreSQL');
    certificate = await timeCertificates(database.db, 'PostgreSQL');
  } finally {
    await database.close();
  }
  const server = await startServer({ DATABASE_URL: benchUrl, DATA_DIR: 'memory://', ...searchLimitRaised });
  try {
    log('PostgreSQL: server up, searching by name…');
    const byName = await load(server.url, 'PostgreSQL', 'name');
    log('PostgreSQL: searching by member number…');
    const byNumber = await load(server.url, 'PostgreSQL', 'number');
    log('PostgreSQL: baseline (GET /api/health, one trivial query)…');
    const baseline = await load(server.url, 'PostgreSQL', 'health');
    return { search: [...byName, ...byNumber, ...baseline], certificate };
  } finally {
    await server.stop();
  }
}

async function benchPglite(): Promise<{ search: SearchResult[]; certificate: CertificateResult[] }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  try {
    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    let certificate: CertificateResult[];
    try {
      await database.migrate();
      await prepare(database.db, 'PGlite');
      await explain(database.db, 'PGlite');
      certificate = await timeCertificates(database.db, 'PGlite');
    } finally {
      // PGlite is single-process: the server opens the files once this process has closed them.
      await database.close();
    }
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', ...searchLimitRaised });
    try {
      log('PGlite: server up, searching by name…');
      const byName = await load(server.url, 'PGlite', 'name');
      log('PGlite: searching by member number…');
      const byNumber = await load(server.url, 'PGlite', 'number');
      log('PGlite: baseline (GET /api/health, one trivial query)…');
      const baseline = await load(server.url, 'PGlite', 'health');
      return { search: [...byName, ...byNumber, ...baseline], certificate };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- report

function table(headers: string[], rows: string[][]) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 3 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

async function main() {
  const started = Date.now();
  log(`${count.toLocaleString('en-KE')} members; search at ${rate} req/s for ${duration} s per run; node ${process.version}`);
  log(
    `machine: ${cpus().length} CPUs, load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  const results: { search: SearchResult[]; certificate: CertificateResult[] }[] = [];
  if (only !== 'pglite') {
    const r = await benchPostgres();
    if (r) results.push(r);
  }
  if (only !== 'postgres') results.push(await benchPglite());

  console.log('');
  console.log(`GET /api/profile/search, ${count.toLocaleString('en-KE')} members, ${rate} req/s for ${duration} s per row`);
  table(
    ['database', 'query', 'load', 'p50 ms', 'p99 ms', 'max ms', 'req/s', 'KB/s', 'non-2xx', 'errors'],
    results.flatMap((r) =>
      r.search.map((s) => [
        s.database,
        s.query,
        s.load,
        ms(s.p50),
        ms(s.p99),
        ms(s.max),
        s.reqPerSec.toFixed(1),
        (s.bytesPerSec / 1024).toFixed(0),
        String(s.non2xx),
        String(s.errors),
      ]),
    ),
  );
  console.log(`steady: a request every ${(1000 / rate).toFixed(1)} ms whatever the server does, each timed from when it was due.`);
  console.log(`burst: autocannon at overallRate ${rate} (20 connections each send their share at the start of every second).`);
  console.log("The baseline rows are the same loads on an endpoint that runs one trivial query: the machine's own floor.");
  console.log('');
  console.log(`Document PDFs (renderDocument in process, ${CERTIFICATE_RENDERS} renders each)`);
  table(
    ['database', 'document', 'note', 'median ms', 'p99 ms'],
    results.flatMap((r) => r.certificate.map((c) => [c.database, c.document, c.note ?? '', ms(c.median), ms(c.p99)])),
  );
  const postgres = results.find((r) => r.certificate[0]?.database === 'PostgreSQL');
  console.log('');
  if (postgres) {
    const searchOk = postgres.search
      .filter((s) => !s.query.startsWith('baseline'))
      .every((s) => s.p99 < 50 && s.non2xx === 0 && s.errors === 0 && s.reqPerSec >= rate * 0.95);
    const certificateOk = (postgres.certificate.find((c) => c.document === 'certificate')?.median ?? Number.NaN) < 50;
    console.log(`Target, PostgreSQL search p99 < 50 ms at ${rate} req/s, steady and in bursts: ${searchOk ? 'met' : 'NOT met'}`);
    console.log(`Target, PostgreSQL certificate median < 50 ms: ${certificateOk ? 'met' : 'NOT met'}`);
  } else {
    console.log('Targets are for PostgreSQL, which was not measured.');
  }
  log(
    `finished in ${((Date.now() - started) / 1000).toFixed(0)} s; load average now ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
