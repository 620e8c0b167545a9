/**
 * What the API costs over the work itself (issue 27): `npm run bench:overhead [-- --members=20000] [--rounds=6]
 * [--seconds=10] [--connections=10] [--reuse] [--cpu-prof] [--api-env=K=V,…]`.
 *
 * 1. Creates (or with --reuse keeps) the PostgreSQL database `bench_overhead` with <members> bulk members.
 * 2. Starts two servers on it, each a child process under the same runtime (node --import tsx): the API as
 *    production runs it (apps/api/src/main.ts, NODE_ENV=production, logging at its production level) and the bare
 *    server (bench/overhead-bare.ts: node's http and a pg pool running the same SQL, the same JSON shape).
 * 3. Alternates rounds of autocannon (-c <connections>, <seconds> each, the public member-number look-up over
 *    2,000 different members) between them, so a machine that gets busier or quieter affects both alike, and
 *    prints each round's req/s, p50/p99 and the server's CPU per request (from /proc), then the medians and the
 *    ratio API / bare. Target: the API reaches at least 85 % of the bare server's throughput.
 * With --cpu-prof the API is profiled (node --cpu-prof) and its self time over the API rounds is printed by area
 * and function. Run by hand (about 3 minutes with a kept database), not in CI. Environment: BENCH_PG_URL.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, queryRows } from '@portal/db';
import { seed } from '@portal/db/seed';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { seedBulk } from '../packages/db/src/seed/bulk';
import { sampleCpu, summariseProfile } from './cpu';
import { benchDatabase, cyclingRequests, type StartedServer, searchPaths, startServer } from './server';

const args = process.argv.slice(2);
const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const members = Number(flag('members') ?? 20_000);
const rounds = Number(flag('rounds') ?? 6);
const seconds = Number(flag('seconds') ?? 10);
const connections = Number(flag('connections') ?? 10);
const reuse = args.includes('--reuse');
const cpuProf = args.includes('--cpu-prof');
const pgServer = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DB = 'bench_overhead';
const TARGET_RATIO = 0.85;
const POOL = '10';
/** `--api-env=LOG_LEVEL=warn,OTHER=x`: settings added to the API's environment, to measure what one costs. */
const apiEnv = Object.fromEntries(
  (flag('api-env') ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);

const log = (message: string) => console.log(`[overhead] ${message}`);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function prepareDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: pgServer });
  await admin.connect();
  const url = await benchDatabase(admin, pgServer, BENCH_DB, reuse);
  await admin.end();
  const database = await openDatabase({ url });
  try {
    await database.migrate();
    const [{ n }] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from profiles where profile_id like 'PRB%'`);
    if (n >= members) {
      log(`reusing ${BENCH_DB}: ${n.toLocaleString('en-KE')} bulk members`);
      return url;
    }
    const started = Date.now();
    await seed(database.db, { adminEmail: 'admin@portal.test', adminPassword: 'Admin@2026', demo: false });
    await seedBulk(database.db, members);
    await queryRows(database.db, sql`analyze`);
    log(`${members.toLocaleString('en-KE')} members loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return url;
  } finally {
    await database.close();
  }
}

interface Round {
  server: 'api' | 'bare';
  reqPerSec: number;
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
  non2xx: number;
  from: bigint;
  to: bigint;
}

async function round(which: 'api' | 'bare', server: StartedServer, paths: string[]): Promise<Round> {
  const before = sampleCpu(server.child.pid);
  const from = process.hrtime.bigint();
  const result = await autocannon({
    url: server.url,
    connections,
    duration: seconds,
    timeout: 10,
    requests: cyclingRequests(paths),
  });
  const to = process.hrtime.bigint();
  const after = sampleCpu(server.child.pid);
  const requests = result.requests.average * result.duration;
  const cpuSeconds = before && after ? after.serverAll - before.serverAll : Number.NaN;
  return {
    server: which,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerRequest: (cpuSeconds * 1000) / requests,
    non2xx: result.non2xx + result.errors + result.timeouts,
    from,
    to,
  };
}

async function main() {
  const url = await prepareDatabase();
  const profileDir = cpuProf ? mkdtempSync(path.join(tmpdir(), 'portal-overhead-prof-')) : null;
  const api = await startServer(
    { DATABASE_URL: url, DATA_DIR: 'memory://', DATABASE_POOL_SIZE: POOL, SEARCH_RATE_PER_MINUTE: '100000000', JOBS: 'off', ...apiEnv },
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  const bare = await startServer({ BARE_DATABASE_URL: url, DATABASE_POOL_SIZE: POOL }, [], 'bench/overhead-bare.ts');
  const results: Round[] = [];
  try {
    const paths = searchPaths('number', 2000, members);
    // Both answer the same member alike before anything is timed.
    const [a, b] = await Promise.all([api, bare].map((s) => fetch(s.url + paths[0]).then((r) => r.json())));
    const first = (body: unknown) => (body as { data: { profiles: { MemberNo: string }[] } }).data.profiles[0]?.MemberNo;
    if (!first(a) || first(a) !== first(b)) throw new Error(`the servers disagree: ${JSON.stringify(a)} / ${JSON.stringify(b)}`);
    log(`warming up (load average ${loadavg()[0].toFixed(2)})…`);
    for (const server of [api, bare]) await round(server === api ? 'api' : 'bare', server, paths);
    for (let i = 0; i < rounds; i++) {
      // Alternate which goes first, so neither always runs right after the other.
      const order: ['api' | 'bare', StartedServer][] =
        i % 2 === 0
          ? [
              ['api', api],
              ['bare', bare],
            ]
          : [
              ['bare', bare],
              ['api', api],
            ];
      for (const [which, server] of order) {
        const r = await round(which, server, paths);
        results.push(r);
        log(
          `round ${i + 1} ${which.padEnd(4)} ${r.reqPerSec.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  ` +
            `CPU ${r.cpuMsPerRequest.toFixed(3)} ms/request${r.non2xx ? `  ${r.non2xx} failed` : ''}  (load ${loadavg()[0].toFixed(2)})`,
        );
      }
    }
  } finally {
    await Promise.all([api.stop(), bare.stop()]);
  }
  const of = (which: 'api' | 'bare') => results.filter((r) => r.server === which);
  const summary = (which: 'api' | 'bare') => ({
    reqPerSec: median(of(which).map((r) => r.reqPerSec)),
    cpu: median(of(which).map((r) => r.cpuMsPerRequest)),
    p99: median(of(which).map((r) => r.p99)),
  });
  const apiSummary = summary('api');
  const bareSummary = summary('bare');
  const ratio = apiSummary.reqPerSec / bareSummary.reqPerSec;
  console.log('');
  console.log(`median of ${rounds} rounds, -c ${connections}, ${seconds} s each, ${members.toLocaleString('en-KE')} members`);
  console.log(`  api   ${apiSummary.reqPerSec.toFixed(0)} req/s  p99 ${apiSummary.p99} ms  CPU ${apiSummary.cpu.toFixed(3)} ms/request`);
  console.log(`  bare  ${bareSummary.reqPerSec.toFixed(0)} req/s  p99 ${bareSummary.p99} ms  CPU ${bareSummary.cpu.toFixed(3)} ms/request`);
  console.log(`  ratio ${(ratio * 100).toFixed(1)} % (target ≥ ${TARGET_RATIO * 100} %) ${ratio >= TARGET_RATIO ? 'PASS' : 'FAIL'}`);
  if (profileDir) {
    const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
    if (file) {
      const apiRounds = of('api');
      let seconds = 0;
      const areas = new Map<string, number>();
      const functions = new Map<string, number>();
      for (const r of apiRounds) {
        const p = summariseProfile(path.join(profileDir, file), Number(r.from / 1000n), Number(r.to / 1000n));
        seconds += p.seconds;
        for (const a of p.areas) areas.set(a.name, (areas.get(a.name) ?? 0) + a.share * p.seconds);
        for (const f of p.functions) functions.set(f.name, (functions.get(f.name) ?? 0) + f.share * p.seconds);
      }
      const top = (map: Map<string, number>, n: number) =>
        [...map.entries()]
          .sort((x, y) => y[1] - x[1])
          .slice(0, n)
          .map(([name, s]) => `  ${((s / seconds) * 100).toFixed(1).padStart(5)} %  ${name}`)
          .join('\n');
      console.log(`\nAPI main thread over its rounds (${seconds.toFixed(1)} s sampled), self time by area:\n${top(areas, 20)}`);
      console.log(`\nby function:\n${top(functions, 30)}`);
    }
    if (process.env.KEEP_PROFILE) console.log(`profile kept in ${profileDir}`);
    else rmSync(profileDir, { recursive: true, force: true });
  }
  process.exitCode = ratio >= TARGET_RATIO ? 0 : 1;
}

await main();
