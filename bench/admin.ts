/**
 * The back office at a national board's size (issue 26): `npm run bench:admin [-- --reuse] [--db=bench_admin]
 * [--members=200000] [--years=5] [--repeat=20] [--browser]`.
 *
 * Loads (unless --reuse finds it loaded) 200,000 members with 5 years of history into a PostgreSQL database
 * (seed:bulk's bulk-history: ~1,000,000 invoices, a million audit entries, 20,000 bookings on one event, 50,000
 * CPD activities), starts the API on it, signs the administrator in (second factor computed here), and calls every
 * back-office list: first page, deepest page, each filter and a search, `--repeat` times each. Prints p50/p95 per
 * call. Target: p95 < 150 ms for every row. With --browser (after `npm run build:web`), also the time from
 * navigation to the table in chromium for the heaviest pages (target < 1.5 s).
 * Environment: BENCH_PG_URL (a PostgreSQL server on which the bench may create databases).
 */
import { type Db, openDatabase, queryRows } from '@portal/db';
import { seed } from '@portal/db/seed';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { parseSecretKey } from '../apps/api/src/shared/secret-box';
import { freshCode } from '../apps/api/test/mfa';
import { seedBulk } from '../packages/db/src/seed/bulk';
import { seedHistory } from '../packages/db/src/seed/bulk-history';
import { timeToTable } from './admin-browser';
import { BENCH_MFA_KEY, benchDatabase, percentile, staffToken, startServer } from './server';

const args = process.argv.slice(2);
const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const reuse = args.includes('--reuse');
const members = Number(flag('members') ?? 200_000);
const years = Number(flag('years') ?? 5);
const repeat = Number(flag('repeat') ?? 20);
const dbName = flag('db') ?? 'bench_admin';
const pgServer = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN = { email: 'admin@portal.test', password: 'Admin@2026' };
const TARGET_MS = 150;

const log = (message: string) => console.log(`[bench:admin] ${message}`);

async function load(db: Db) {
  const [loaded] = await queryRows<{ members: number; invoices: number }>(
    db,
    sql`select (select count(*)::int from profiles where profile_id like 'PRB%') as members,
               (select count(*)::int from subscriptions) as invoices`,
  );
  if (reuse && Number(loaded.members) >= members && Number(loaded.invoices) > 0) {
    log(
      `reusing ${dbName}: ${Number(loaded.members).toLocaleString('en-KE')} members, ${Number(loaded.invoices).toLocaleString('en-KE')} subscriptions`,
    );
    return;
  }
  const started = Date.now();
  await seed(db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password, demo: false });
  await seedBulk(db, members);
  log(`${members.toLocaleString('en-KE')} members in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const endYear = new Date().getFullYear();
  await seedHistory(db, { years, members, endYear, onStep: (step, ms) => log(`  ${step}: ${(ms / 1000).toFixed(1)} s`) });
  log(`loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

interface Case {
  list: string;
  what: string;
  path: string;
}

/** Every list, first page, then deepest page (from the first page's total), filters and searches. */
function cases(ids: { memberNo: string; idNo: string; email: string; invoiceNo: string; period: string }): Case[] {
  const list = (name: string, base: string, variants: Record<string, string>): Case[] =>
    Object.entries(variants).map(([what, query]) => ({ list: name, what, path: `${base}${query ? `?${query}` : ''}` }));
  return [
    ...list('members', '/api/admin/members', {
      'page 1': '',
      'last page': 'page=LAST',
      'member no': `search=${ids.memberNo}`,
      'ID no': `search=${ids.idNo}`,
      'e-mail': `search=${encodeURIComponent(ids.email)}`,
      'name search': 'search=kamau',
      category: 'category=CONSULTING',
      'status page 50': 'status=Lapsed&page=50',
    }),
    ...list('invoices', '/api/admin/billing/invoices', {
      'page 1': '',
      'page 2000': 'page=2000',
      'last page': 'page=LAST',
      open: 'status=open',
      'open page 500': 'status=open&page=500',
      period: `period=${ids.period}`,
      'invoice no': `search=${ids.invoiceNo}`,
      'member no': `search=${ids.memberNo}`,
    }),
    ...list('payments', '/api/admin/billing/payments', {
      'page 1': '',
      'last page': 'page=LAST',
      'M-Pesa': 'method=MPESA',
      'one month': `from=${ids.period}-02-01&to=${ids.period}-02-28`,
      'member no': `search=${ids.memberNo}`,
    }),
    ...list('arrears', '/api/admin/billing/arrears', {
      'page 1': '',
      'page 2000': 'page=2000',
      'last page': 'page=LAST',
      category: 'category=PROFESSIONAL',
      'member no': `search=${ids.memberNo}`,
    }),
    ...list('audit', '/api/admin/audit', {
      'page 1': '',
      'last page': 'page=LAST',
      subject: `subject=${ids.email}`,
      action: 'action=settings.saved',
      actor: 'actor=bulk.officer',
    }),
    ...list('applications', '/api/admin/applications', {
      'needing action': '',
      all: 'status=all',
      'all last page': 'status=all&page=LAST',
      search: `status=all&search=${ids.memberNo}`,
      'name search': 'status=all&search=kamau',
      'licence kind': 'status=all&kind=Licence',
      category: 'status=Released&category=CONSULTING',
      'category last': 'status=Released&category=CONSULTING&page=LAST',
    }),
    ...list('licences', '/api/admin/licenses', {
      'page 1': '',
      'last page': 'page=LAST',
      search: `search=${ids.memberNo}`,
      'name search': 'search=kamau',
      year: `year=${new Date().getFullYear()}`,
      suspended: 'status=Suspended',
    }),
    ...list('CPD compliance', '/api/admin/cpd/compliance', {
      'page 1': `year=${ids.period}`,
      'page 900': `year=${ids.period}&page=900`,
      'last page': `year=${ids.period}&page=LAST`,
      'below target': `year=${ids.period}&status=below`,
    }),
    ...list('CPD activities', '/api/admin/cpd/activities', { 'page 1': '', pending: 'status=Pending', 'last page': 'page=LAST' }),
    ...list('events', '/api/admin/events', { 'page 1': '', 'last page': 'page=LAST' }),
    ...list('bookings (20,000)', '/api/admin/events/EVB000001/bookings', {
      'page 1': '',
      'last page': 'page=LAST',
      search: `search=${ids.memberNo}`,
    }),
    ...list('billing runs', '/api/admin/billing/runs', { 'page 1': '' }),
    ...list('users', '/api/admin/users', { 'page 1': '' }),
  ];
}

interface Row {
  list: string;
  what: string;
  status: number;
  p50: number;
  p95: number;
  total?: number;
}

/** A list and its filters without the page: the deepest page is looked up by it. */
const listKey = (path: string) => path.replace(/[?&]page=[^&]*/, '');

async function measure(url: string, token: string, c: Case, lastPage: Map<string, number>): Promise<Row> {
  const path = c.path.replace('page=LAST', `page=${lastPage.get(listKey(c.path)) ?? 1}`);
  const times: number[] = [];
  let status = 0;
  let total: number | undefined;
  for (let i = 0; i < repeat + 2; i++) {
    const started = performance.now();
    const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { data?: { total?: number; pageSize?: number } };
    const elapsed = performance.now() - started;
    status = response.status;
    if (i >= 2) times.push(elapsed); // the first two warm the plan cache and the connection
    if (body.data?.total !== undefined && body.data.pageSize) {
      total = body.data.total;
      if (!c.path.includes('page=')) lastPage.set(listKey(c.path), Math.max(1, Math.ceil(body.data.total / body.data.pageSize)));
    }
  }
  times.sort((a, b) => a - b);
  return { list: c.list, what: c.what, status, p50: percentile(times, 50), p95: percentile(times, 95), total };
}

async function main() {
  const admin = new pg.Client({ connectionString: pgServer });
  await admin.connect();
  const dbUrl = await benchDatabase(admin, pgServer, dbName, reuse);
  await admin.end();
  const database = await openDatabase({ url: dbUrl });
  await database.migrate();
  await load(database.db);
  const [ids] = await queryRows<{ member_no: string; id_no: string; email: string; invoice_no: string }>(
    database.db,
    sql`select p.member_no, p.identification_document_no as id_no, p.email, s.invoice_no
        from profiles p join subscriptions s on s.profile_id = p.profile_id
        where p.profile_id = 'PRB0123457' order by s.period limit 1`,
  );
  const server = await startServer({ DATABASE_URL: dbUrl, AUTH_RATE_PER_MINUTE: '100000' });
  try {
    const token = await staffToken(server.url, database.db, ADMIN);
    const period = String(new Date().getFullYear() - 2);
    const rows: Row[] = [];
    const lastPage = new Map<string, number>();
    for (const c of cases({ memberNo: ids.member_no, idNo: ids.id_no, email: ids.email, invoiceNo: ids.invoice_no, period })) {
      const row = await measure(server.url, token, c, lastPage);
      rows.push(row);
      const flagged = row.status !== 200 ? ` (HTTP ${row.status})` : row.p95 > TARGET_MS ? '  <-- over target' : '';
      log(
        `${row.list.padEnd(18)} ${row.what.padEnd(16)} p50 ${row.p50.toFixed(1).padStart(6)} ms  p95 ${row.p95.toFixed(1).padStart(6)} ms${row.total !== undefined ? `  (${row.total.toLocaleString('en-KE')} rows)` : ''}${flagged}`,
      );
    }
    const over = rows.filter((r) => r.status !== 200 || r.p95 > TARGET_MS);
    log(
      `${rows.length} calls; ${over.length ? `${over.length} over ${TARGET_MS} ms at p95 or failing` : `all under ${TARGET_MS} ms at p95`}`,
    );
    if (args.includes('--browser')) {
      const [user] = await queryRows<{ id: number }>(database.db, sql`select id from users where email = ${ADMIN.email}`);
      const code = () => freshCode({ db: database.db, config: { mfaKey: parseSecretKey(BENCH_MFA_KEY) } } as never, user.id);
      for (const page of await timeToTable(server.url, { ...ADMIN, code })) {
        log(
          `chromium ${page.path.padEnd(34)} cold ${page.cold.toFixed(0).padStart(5)} ms (${page.runs.map((r) => r.toFixed(0)).join(', ')})  warm ${page.warm.toFixed(0).padStart(5)} ms${page.cold > 1500 || page.warm > 1500 ? '  <-- over 1.5 s' : ''}`,
        );
      }
    }
  } finally {
    await server.stop();
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
