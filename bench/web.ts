/**
 * What a phone downloads, and how fast the pages feel (issues 14, 27): `npm run bench:web [-- --no-build]
 * [--no-lighthouse] [--lighthouse-runs N] [--only TEXT] [--reports DIR]`.
 *
 * 1. Builds the web app (`npm run build:web`: code-split chunks with build-time brotli and gzip copies).
 * 2. Starts the portal as production runs it (NODE_ENV=production, embedded database, demo data) on a free port.
 * 3. Opens EVERY route of the router (bench/web-routes.ts: a route added to the router and not to that table fails
 *    the bench), as a link from an e-mail would: a new browser context with an empty cache, the public ones signed
 *    out, the member's signed in as the demo member, the back office's signed in as the administrator (password and
 *    authenticator code on the sign-in page, bench/admin-browser.ts). Waits until the network is idle and prints
 *    every JavaScript file fetched with its gzip and brotli size (the build-time copies the server sends), the total
 *    and the target: public pages at most 100 kB gzipped, signed-in pages at most 180 kB. pdf.js, which a document
 *    page fetches once the document has arrived to draw it, is counted on a line of its own. `--only TEXT` opens only
 *    the routes whose address contains TEXT. It also checks the delivery: a hashed chunk answers with brotli and a
 *    one-year immutable Cache-Control, index.html with no-cache.
 * 4. Runs Lighthouse (the npm package, default mobile preset: a mid-range phone on slow 4G, simulated) on /, the
 *    register and the dashboard, and prints the performance, accessibility and best-practices scores with LCP
 *    and TBT against the targets (90, 95, 95). `--lighthouse-runs N` runs the dashboard N times, each scored.
 * Prints PASS/FAIL per line and exits 1 when a target is missed. Run by hand (about 8 minutes), not in CI.
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { signInThroughPage } from './admin-browser';
import { root, type StartedServer, staffAuthenticator, startServer } from './server';
import { type Audience, type BenchRoute, BUDGET_KB, benchRoutes, type DemoIds, routerPaths } from './web-routes';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : null);
/** `--reports DIR` keeps each page's whole Lighthouse report (JSON) there, to see why a score is what it is. */
const reportDir = option('--reports');
/** `--lighthouse-runs N`: the dashboard scored N times (a score moves from run to run on a busy machine). */
const lighthouseRuns = Math.max(1, Number(option('--lighthouse-runs') ?? 1));
/** `--only TEXT`: open only the routes whose address contains TEXT. */
const only = option('--only');
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** `WEB_DIST=DIR`: the web app built into DIR and served from there, so another session's build cannot change it mid-run. */
const DIST = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'apps/web/dist');
const MEMBER = { email: 'jane.mwangi@example.com', password: 'Member@2026' };
const ADMIN = { email: 'admin@portal.test', password: 'Admin@2026' };

/** The pages Lighthouse scores; the dashboard `--lighthouse-runs` times. */
const LIGHTHOUSE_PAGES = [
  { name: 'login', path: '/', signedIn: false },
  { name: 'public register', path: '/search/search-list', signedIn: false },
  { name: 'register results', path: '/search/search-list?term=mwangi&page=1', signedIn: false },
  { name: 'dashboard (signed in)', path: '/dashboard', signedIn: true },
];

const LIGHTHOUSE_TARGETS = { performance: 90, accessibility: 95, 'best-practices': 95 } as const;

let failures = 0;
function verdict(ok: boolean): string {
  if (!ok) failures += 1;
  return ok ? 'PASS' : 'FAIL';
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

/** The bytes the server sends for a path when the browser accepts only `encoding`: what a phone downloads. */
function transferSize(server: StartedServer, pathname: string, encoding: 'gzip' | 'br'): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.url}${pathname}`, { headers: { 'accept-encoding': encoding } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve(bytes));
      })
      .on('error', reject);
  });
}

interface Session {
  token: string;
  user: unknown;
  expires_at: string;
}

async function api<T>(server: StartedServer, pathname: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}/api/${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { data?: T; message?: string };
  if (!response.ok || json.data === undefined) throw new Error(`${pathname}: ${response.status} ${json.message ?? ''}`);
  return json.data;
}

async function signInByApi(server: StartedServer): Promise<Session> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(MEMBER),
  });
  const body = (await response.json()) as { data?: Session; message?: string };
  if (!response.ok || !body.data?.token) throw new Error(`sign-in failed: ${response.status} ${body.message ?? ''}`);
  return body.data;
}

/**
 * The demo data's records the routes with parameters open: the member's statement, subscriptions, application and
 * CPD, an event, and a booking the bench makes on a free event (the database is the server's, in memory, for this run).
 */
async function demoIds(server: StartedServer, token: string): Promise<DemoIds> {
  const ledger = await api<{ documentNo: string; documentType: string }[]>(server, 'profile/ledger', token);
  const subs = await api<{ subsPeriod: string; documentNo: string; recieptNo: string | null }[]>(server, 'subs', token);
  const applications = await api<{ Code: string }[]>(server, 'application', token);
  const events = await api<{ no: string; fee: number; bookable: boolean }[]>(server, 'events/all_events', token);
  const free = events.find((e) => e.bookable && e.fee === 0) ?? events[0];
  const bookingNo = (await api<{ booking: { bookingNo: string } }>(server, `events/${free.no}/book`, token, {})).booking.bookingNo;
  const paid = subs.find((s) => s.recieptNo);
  const find = (type: string) => ledger.find((e) => e.documentType === type)?.documentNo;
  const invoiceNo = find('Invoice');
  const receiptNo = find('Payment');
  if (!invoiceNo || !receiptNo || !paid?.recieptNo || !applications[0] || !bookingNo) {
    throw new Error(`the demo data lacks a record a route needs: ${JSON.stringify({ invoiceNo, receiptNo, paid, bookingNo })}`);
  }
  return {
    memberNo: MEMBER_NO,
    invoiceNo,
    receiptNo,
    paidSubscription: { period: paid.subsPeriod, invoiceNo: paid.documentNo, receiptNo: paid.recieptNo },
    applicationCode: applications[0].Code,
    bookingNo,
    eventNo: free.no,
    cpdYear: String(new Date().getFullYear()),
  };
}
const MEMBER_NO = 'ERB1001';

/** Runs in the page: the session as the web app keeps it (local storage). */
function storeSession(s: Session) {
  localStorage.setItem('token', s.token);
  localStorage.setItem('user', JSON.stringify(s.user));
  localStorage.setItem('expires_at', s.expires_at);
}

type StorageState = Awaited<ReturnType<typeof signInThroughPage>>;

/** The built files of pdf.js (the library and its worker), which a document page fetches to draw the document. */
function pdfJsFiles(): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  return new Set(
    Object.entries(manifest)
      .filter(([source]) => source.includes('node_modules/pdfjs-dist/build/'))
      .map(([, entry]) => `/${entry.file}`),
  );
}

interface Measured {
  route: BenchRoute;
  gz: number;
  br: number;
  pdfGz: number;
  landed: string;
}

async function measureRoute(
  browser: Browser,
  server: StartedServer,
  route: BenchRoute,
  sessions: { member: Session; staff: StorageState },
  pdfJs: Set<string>,
): Promise<Measured> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    ...(route.audience === 'staff' ? { storageState: sessions.staff } : {}),
  });
  if (route.audience === 'member') await context.addInitScript(storeSession, sessions.member);
  const page = await context.newPage();
  const scripts = new Set<string>();
  // Scripts from the portal (not blob: URLs a page makes itself).
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.url().startsWith(server.url)) {
      scripts.add(new URL(response.url()).pathname);
    }
  });
  // A document's worker is fetched by the worker, not the page: watched on the context.
  context.on('request', (request) => {
    const pathname = new URL(request.url()).pathname;
    if (pdfJs.has(pathname)) scripts.add(pathname);
  });
  // Settled: the page's code has arrived and been drawn (no page spinner) and nothing has been fetched for a second.
  // Playwright's networkidle alone (half a second) can come while a busy CPU is still running the entry script.
  let inFlight = 0;
  let lastActivity = Date.now();
  page.on('request', () => {
    inFlight += 1;
    lastActivity = Date.now();
  });
  const done = () => {
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  await page.goto(`${server.url}${route.url}`, { waitUntil: 'networkidle' });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const loading = await page.getByRole('progressbar', { name: 'Loading page' }).count();
    if ((!loading && inFlight <= 0 && Date.now() - lastActivity >= 1000) || Date.now() > deadline) break;
    await page.waitForTimeout(200);
  }
  const landedAt = new URL(page.url());
  const landed = landedAt.pathname + landedAt.search;
  await context.close();

  const rows = await Promise.all(
    [...scripts].map(async (file) => ({
      file,
      pdf: pdfJs.has(file),
      gz: await transferSize(server, file, 'gzip'),
      br: await transferSize(server, file, 'br'),
    })),
  );
  rows.sort((a, b) => b.gz - a.gz);
  const page_ = rows.filter((r) => !r.pdf);
  const gz = page_.reduce((sum, r) => sum + r.gz, 0);
  const br = page_.reduce((sum, r) => sum + r.br, 0);
  const pdfGz = rows.filter((r) => r.pdf).reduce((sum, r) => sum + r.gz, 0);
  const budget = BUDGET_KB[route.audience];
  console.log(
    `\n${route.url} (${route.audience}${route.pattern && route.pattern !== route.url ? `, ${route.pattern}` : ''})${landed !== route.url ? ` landed on ${landed}` : ''}${route.note ? ` [${route.note}]` : ''}`,
  );
  for (const r of rows)
    console.log(`  ${kb(r.gz).padStart(7)} kB gz  ${kb(r.br).padStart(7)} kB br  ${r.file}${r.pdf ? '  (pdf.js)' : ''}`);
  const ok = gz <= budget * 1000;
  console.log(
    `  ${kb(gz).padStart(7)} kB gz  ${kb(br).padStart(7)} kB br  total in ${page_.length} files; target ≤ ${budget} kB gz: ${verdict(ok)}`,
  );
  if (pdfGz) console.log(`  ${kb(pdfGz).padStart(7)} kB gz  more for pdf.js, fetched once the document has arrived to draw it`);
  return { route, gz, br, pdfGz, landed };
}

/** Routes in the router the bench does not open, and bench routes no longer in the router: each a failure. */
function checkCoverage(routes: BenchRoute[]) {
  const inRouter = new Set(routerPaths(root));
  const inBench = new Set(routes.map((r) => r.pattern).filter((p): p is string => p !== null));
  const missing = [...inRouter].filter((p) => !inBench.has(p));
  const gone = [...inBench].filter((p) => !inRouter.has(p));
  console.log(`\nroutes: ${inRouter.size} in the router, ${inBench.size} opened: ${verdict(!missing.length && !gone.length)}`);
  for (const p of missing) console.log(`  not opened by the bench (add it to bench/web-routes.ts): ${p}`);
  for (const p of gone) console.log(`  opened by the bench but not in the router: ${p}`);
}

function summary(measured: Measured[]) {
  console.log('\nsummary: gzipped JavaScript of each first load (kB), against its target');
  const order: Audience[] = ['public', 'member', 'staff'];
  for (const audience of order) {
    const rows = measured.filter((m) => m.route.audience === audience).sort((a, b) => b.gz - a.gz);
    if (!rows.length) continue;
    console.log(`  ${audience} (≤ ${BUDGET_KB[audience]} kB): largest ${kb(rows[0].gz)} kB (${rows[0].route.url})`);
    for (const m of rows) {
      const over = m.gz > BUDGET_KB[audience] * 1000 ? '  <-- over' : '';
      const pdf = m.pdfGz ? ` + pdf.js ${kb(m.pdfGz)}` : '';
      console.log(`    ${kb(m.gz).padStart(6)}${pdf}  ${m.route.pattern ?? m.route.url}${over}`);
    }
  }
}

async function checkDelivery(server: StartedServer) {
  const html = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'br, gzip' } });
  const entry = (await html.text()).match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  console.log('\ndelivery');
  console.log(
    `  / (the sign-in page) cache-control: ${html.headers.get('cache-control')}: ${verdict(html.headers.get('cache-control') === 'no-cache')}`,
  );
  if (!entry) {
    console.log(`  sign-in script not found in the page: ${verdict(false)}`);
    return;
  }
  const asset = await fetch(`${server.url}${entry}`, { headers: { 'accept-encoding': 'br, gzip' } });
  await asset.arrayBuffer();
  const raw = statSync(path.join(DIST, entry)).size;
  const encoding = asset.headers.get('content-encoding');
  console.log(`  ${entry}: content-encoding ${encoding}, ${kb(raw)} kB on disk: ${verdict(encoding === 'br')}`);
  console.log(
    `  cache-control: ${asset.headers.get('cache-control')}: ${verdict(asset.headers.get('cache-control') === 'public, max-age=31536000, immutable')}`,
  );
}

interface LighthouseResult {
  name: string;
  scores: Record<string, number>;
  lcpMs: number;
  tbtMs: number;
}

async function runLighthouse(server: StartedServer, session: Session): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  const results: LighthouseResult[] = [];
  const runs = LIGHTHOUSE_PAGES.flatMap((page) =>
    page.signedIn ? Array.from({ length: lighthouseRuns }, (_, i) => ({ ...page, run: i + 1 })) : [{ ...page, run: 0 }],
  );
  try {
    for (const route of runs) {
      if (route.signedIn) {
        // Sign the member in within this browser (local storage survives: Lighthouse is told not to reset it).
        const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
        const page = await browser.contexts()[0].newPage();
        await page.goto(`${server.url}/search/search-list`);
        await page.evaluate(storeSession, session);
        await page.close();
        await browser.close();
      }
      // Lighthouse now and then fails to record the trace (NO_NAVSTART): that run is made again, at most twice.
      let runner: Awaited<ReturnType<typeof lighthouse>>;
      for (let attempt = 1; ; attempt++) {
        runner = await lighthouse(`${server.url}${route.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          disableStorageReset: route.signedIn,
        });
        if (!runner?.lhr.runtimeError || attempt === 3) break;
        console.log(`  ${route.name}: Lighthouse could not measure (${runner.lhr.runtimeError.code}); again`);
      }
      if (!runner) throw new Error(`Lighthouse gave no result for ${route.path}`);
      const name = route.run && lighthouseRuns > 1 ? `${route.name} run ${route.run}` : route.name;
      if (reportDir) writeFileSync(path.join(reportDir, `${name.replace(/\W+/g, '-')}.json`), JSON.stringify(runner.lhr));
      const { categories, audits } = runner.lhr;
      results.push({
        name,
        scores: Object.fromEntries(Object.entries(categories).map(([id, c]) => [id, Math.round((c.score ?? 0) * 100)])),
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
      });
      const failed = Object.values(audits).filter((a) => a.scoreDisplayMode === 'binary' && a.score === 0);
      if (failed.length) console.log(`  ${name}: audits not passed: ${failed.map((a) => a.id).join(', ')}`);
    }
  } finally {
    chrome.kill();
  }
  return results;
}

async function main() {
  if (!args.includes('--no-build')) {
    console.log('building the web app…');
    const build = process.env.WEB_DIST
      ? `npm run build --workspace @portal/web -- --outDir ${JSON.stringify(DIST)} --emptyOutDir`
      : 'npm run build:web';
    execSync(build, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error(`${DIST} is missing: run without --no-build`);
  const server = await startServer({ DATA_DIR: 'memory://bench-web', SEED_DEMO: 'on' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const session = await signInByApi(server);
    const routes = benchRoutes(await demoIds(server, session.token));
    checkCoverage(routes);
    const chosen = routes.filter((r) => !only || r.url.includes(only));
    const staff = chosen.some((r) => r.audience === 'staff')
      ? await signInThroughPage(browser, server.url, { ...ADMIN, code: await staffAuthenticator(server.url, ADMIN) })
      : { cookies: [], origins: [] };
    const pdfJs = pdfJsFiles();
    console.log(`\nfirst load, gzipped JavaScript per route (${chosen.length} routes; empty cache, 390 × 844 phone viewport)`);
    const measured: Measured[] = [];
    for (const route of chosen) measured.push(await measureRoute(browser, server, route, { member: session, staff }, pdfJs));
    summary(measured);
    await checkDelivery(server);
    if (!args.includes('--no-lighthouse')) {
      console.log(`\nLighthouse, mobile preset (simulated slow 4G, 4× CPU slowdown); load average ${loadAverage()}`);
      const results = await runLighthouse(server, session);
      for (const r of results) {
        const scores = Object.entries(LIGHTHOUSE_TARGETS)
          .map(([id, target]) => `${id} ${r.scores[id]} (≥ ${target}: ${verdict(r.scores[id] >= target)})`)
          .join(', ');
        console.log(`  ${r.name}: ${scores}; LCP ${(r.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(r.tbtMs)} ms`);
      }
      const dashboard = results.filter((r) => r.name.startsWith('dashboard')).map((r) => r.scores.performance);
      if (dashboard.length > 1) {
        const passed = dashboard.filter((score) => score >= LIGHTHOUSE_TARGETS.performance).length;
        console.log(
          `  dashboard performance over ${dashboard.length} runs: ${dashboard.join(', ')} (${passed} of ${dashboard.length} ≥ 90); load average ${loadAverage()}`,
        );
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const version = JSON.parse(readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string };
  console.log(`\n${failures === 0 ? 'all targets met' : `${failures} target(s) missed`} (lighthouse ${version.version}, ${CHROMIUM})`);
  process.exit(failures === 0 ? 0 : 1);
}

await main();
