/**
 * What each signed-in read costs, one route at a time (issue 27): `npm run bench:routes [-- --seconds=5]
 * [--routes=/api/profile,/api/subs] [--cpu-prof]`, on bench:load's database (`npm run bench:load -- --reuse` makes and
 * keeps it). Starts the API as production runs it, signs one bench member in, then sends each route with autocannon
 * (-c 10, after a second of warm-up) and prints its req/s, the queries one request makes, and the CPU per request of
 * the API (all threads, and the main thread) and of PostgreSQL, from /proc. PostgreSQL's figure counts every
 * PostgreSQL process: on a machine where other work uses the database it is not this route's alone.
 * With --cpu-prof the API's main thread is profiled over the timed windows and its self time printed by area and
 * function. Run by hand, not in CI. Environment: BENCH_DB_URL (default bench:load's database).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { bulkMember } from '../packages/db/src/seed/bulk';
import { sampleCpu, summariseProfile } from './cpu';
import { root, startServer } from './server';

const args = process.argv.slice(2);
const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const seconds = Number(flag('seconds') ?? 5);
const cpuProf = args.includes('--cpu-prof');
const databaseUrl = process.env.BENCH_DB_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_load';
/** bench:load's member 1 and the password every bench account has. */
const MEMBER = { email: String(bulkMember(1).profile.email).toLowerCase(), password: 'Load-bench-2026!' };
const ROUTES = (
  flag('routes') ??
  [
    '/api/health',
    '/api/settings',
    '/api/company',
    '/api/auth/user',
    '/api/profile',
    '/api/application',
    '/api/billing/balance',
    '/api/billing/alerts',
    '/api/billing/pending',
    '/api/profile/contact',
    '/api/profile/ledger',
    '/api/subs',
    '/api/billing/history',
  ].join(',')
).split(',');

const countFile = path.join(mkdtempSync(path.join(tmpdir(), 'portal-routes-')), 'queries');
const profileDir = cpuProf ? mkdtempSync(path.join(tmpdir(), 'portal-routes-prof-')) : null;
const server = await startServer({ DATABASE_URL: databaseUrl, DATA_DIR: 'memory://', JOBS: 'off', QUERY_COUNT_FILE: countFile }, [
  '--import',
  path.join(root, 'bench/count-queries.mjs'),
  ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
]);
/** The server's running count of queries, once it has stopped moving (the server writes it every 20 ms). */
const queriesSoFar = async () => {
  let last = -1;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = Number(readFileSync(countFile, 'utf8'));
    if (now === last) return now;
    last = now;
  }
};
const windows: [number, number][] = [];
try {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(MEMBER),
  });
  const token = ((await login.json()) as { data?: { token?: string } }).data?.token;
  if (!token) throw new Error(`sign-in failed (${login.status}): run npm run bench:load -- --reuse first`);
  const headers = { authorization: `Bearer ${token}` };
  console.log(`route                      req/s  queries  API ms (main)    PostgreSQL ms  load`);
  for (const route of ROUTES) {
    // One request alone, for its queries (statements are prepared by then: the warm-up below runs after).
    const before = await queriesSoFar();
    await fetch(server.url + route, { headers }).then((r) => r.arrayBuffer());
    const queries = (await queriesSoFar()) - before;
    await autocannon({ url: server.url + route, connections: 10, duration: 1, headers });
    const a = sampleCpu(server.child.pid);
    const from = Number(process.hrtime.bigint() / 1000n);
    const result = await autocannon({ url: server.url + route, connections: 10, duration: seconds, headers });
    windows.push([from, Number(process.hrtime.bigint() / 1000n)]);
    const b = sampleCpu(server.child.pid);
    if (!a || !b) continue;
    const n = result.requests.average * result.duration;
    const per = (x: number) => ((x * 1000) / n).toFixed(3);
    console.log(
      `${route.padEnd(24)} ${result.requests.average.toFixed(0).padStart(7)}  ${String(queries).padStart(7)}  ` +
        `${per(b.serverAll - a.serverAll)} (${per(b.serverMain - a.serverMain)})  ${per(b.postgres - a.postgres).padStart(13)}  ` +
        `${loadavg()[0].toFixed(1)}${result.non2xx ? `  ${result.non2xx} non-2xx` : ''}`,
    );
  }
} finally {
  await server.stop();
  rmSync(path.dirname(countFile), { recursive: true, force: true });
}
if (profileDir) {
  const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  if (file && windows.length) {
    const summary = summariseProfile(path.join(profileDir, file), windows[0][0], windows[windows.length - 1][1]);
    console.log(`\nAPI main thread over the timed windows (${summary.seconds.toFixed(1)} s sampled), self time:`);
    for (const x of [...summary.areas, ...summary.functions]) console.log(`${(x.share * 100).toFixed(1).padStart(5)} %  ${x.name}`);
  }
  rmSync(profileDir, { recursive: true, force: true });
}
