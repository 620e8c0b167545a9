/**
 * What a phone downloads, and how fast the pages feel (issue 14): `npm run bench:web [-- --no-build] [--no-lighthouse] [--reports DIR]`.
 *
 * 1. Builds the web app (`npm run build:web`: code-split chunks with build-time brotli and gzip copies).
 * 2. Starts the portal as production runs it (NODE_ENV=production, embedded database, demo data) on a free port.
 * 3. For each entry route, opens it in Debian's chromium with an empty cache, waits until the network is idle and
 *    prints every JavaScript file it fetched with its gzip and brotli size (the build-time copies the server sends),
 *    the total, and the target: the public register and the login page at most 100 kB gzipped, the signed-in
 *    dashboard at most 180 kB. It also checks the delivery: a hashed chunk answers with brotli and a one-year
 *    immutable Cache-Control, index.html with no-cache.
 * 4. Runs Lighthouse (the npm package, default mobile preset: a mid-range phone on slow 4G, simulated) on /, the
 *    register and the dashboard, and prints the performance, accessibility and best-practices scores with LCP
 *    and TBT against the targets (90, 95, 95).
 * Prints PASS/FAIL per line and exits 1 when a target is missed. Run by hand (about 3 minutes), not in CI.
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { root, type StartedServer, startServer } from './server';

const args = process.argv.slice(2);
/** `--reports DIR` keeps each page's whole Lighthouse report (JSON) there, to see why a score is what it is. */
const reportDir = args.includes('--reports') ? args[args.indexOf('--reports') + 1] : null;
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const DIST = path.join(root, 'apps/web/dist');
const MEMBER = { email: 'jane.mwangi@example.com', password: 'Member@2026' };

interface EntryRoute {
  name: string;
  path: string;
  signedIn: boolean;
  /** Gzipped JavaScript allowed for the first load, in kB (1000 bytes). */
  budgetKb: number;
}

const ROUTES: EntryRoute[] = [
  { name: 'login', path: '/', signedIn: false, budgetKb: 100 },
  { name: 'public register', path: '/search/search-list', signedIn: false, budgetKb: 100 },
  { name: 'register results', path: '/search/search-list?term=mwangi&page=1', signedIn: false, budgetKb: 100 },
  { name: 'document verification', path: '/search/verify/ERB-CERT-0000', signedIn: false, budgetKb: 100 },
  { name: 'dashboard (signed in)', path: '/dashboard', signedIn: true, budgetKb: 180 },
];

const LIGHTHOUSE_TARGETS = { performance: 90, accessibility: 95, 'best-practices': 95 } as const;

let failures = 0;
function verdict(ok: boolean): string {
  if (!ok) failures += 1;
  return ok ? 'PASS' : 'FAIL';
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

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

/** Runs in the page: the session as the web app keeps it (local storage). */
function storeSession(s: Session) {
  localStorage.setItem('token', s.token);
  localStorage.setItem('user', JSON.stringify(s.user));
  localStorage.setItem('expires_at', s.expires_at);
}

async function measureRoute(browser: Browser, server: StartedServer, route: EntryRoute, session: Session) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  if (route.signedIn) await context.addInitScript(storeSession, session);
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
  });
  await page.goto(`${server.url}${route.path}`, { waitUntil: 'networkidle' });
  const landedAt = new URL(page.url());
  const landed = landedAt.pathname + landedAt.search;
  await context.close();

  const rows = await Promise.all(
    [...scripts].map(async (file) => ({ file, gz: await transferSize(server, file, 'gzip'), br: await transferSize(server, file, 'br') })),
  );
  rows.sort((a, b) => b.gz - a.gz);
  const gz = rows.reduce((sum, r) => sum + r.gz, 0);
  const br = rows.reduce((sum, r) => sum + r.br, 0);
  console.log(`\n${route.name}: ${route.path}${landed !== route.path ? ` (landed on ${landed})` : ''}`);
  for (const r of rows) console.log(`  ${kb(r.gz).padStart(7)} kB gz  ${kb(r.br).padStart(7)} kB br  ${r.file}`);
  const ok = gz <= route.budgetKb * 1000;
  console.log(
    `  ${kb(gz).padStart(7)} kB gz  ${kb(br).padStart(7)} kB br  total in ${rows.length} files; target ≤ ${route.budgetKb} kB gz: ${verdict(ok)}`,
  );
  return { route, gz, br };
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
  try {
    for (const route of ROUTES.filter((r) => r.name !== 'document verification')) {
      if (route.signedIn) {
        // Sign the member in within this browser (local storage survives: Lighthouse is told not to reset it).
        const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
        const page = await browser.contexts()[0].newPage();
        await page.goto(`${server.url}/search/search-list`);
        await page.evaluate(storeSession, session);
        await page.close();
        await browser.close();
      }
      const runner = await lighthouse(`${server.url}${route.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        disableStorageReset: route.signedIn,
      });
      if (!runner) throw new Error(`Lighthouse gave no result for ${route.path}`);
      if (reportDir) writeFileSync(path.join(reportDir, `${route.name.replace(/\W+/g, '-')}.json`), JSON.stringify(runner.lhr));
      const { categories, audits } = runner.lhr;
      results.push({
        name: route.name,
        scores: Object.fromEntries(Object.entries(categories).map(([id, c]) => [id, Math.round((c.score ?? 0) * 100)])),
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
      });
      const failed = Object.values(audits).filter((a) => a.scoreDisplayMode === 'binary' && a.score === 0);
      if (failed.length) console.log(`  ${route.name}: audits not passed: ${failed.map((a) => a.id).join(', ')}`);
    }
  } finally {
    chrome.kill();
  }
  return results;
}

async function main() {
  if (!args.includes('--no-build')) {
    console.log('building the web app…');
    execSync('npm run build:web', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error('apps/web/dist is missing: run without --no-build');
  const server = await startServer({ DATA_DIR: 'memory://bench-web', SEED_DEMO: 'on' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const session = await signInByApi(server);
    console.log('first load, gzipped JavaScript per entry route (empty cache, 390 × 844 phone viewport)');
    for (const route of ROUTES) await measureRoute(browser, server, route, session);
    await checkDelivery(server);
    if (!args.includes('--no-lighthouse')) {
      console.log('\nLighthouse, mobile preset (simulated slow 4G, 4× CPU slowdown)');
      for (const r of await runLighthouse(server, session)) {
        const scores = Object.entries(LIGHTHOUSE_TARGETS)
          .map(([id, target]) => `${id} ${r.scores[id]} (≥ ${target}: ${verdict(r.scores[id] >= target)})`)
          .join(', ');
        console.log(`  ${r.name}: ${scores}; LCP ${(r.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(r.tbtMs)} ms`);
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
