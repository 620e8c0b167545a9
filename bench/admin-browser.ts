/**
 * bench:admin's browser half: the time from navigation to the first row of each heavy back-office table, in Debian's
 * chromium, signed in as the administrator: cold (empty cache) and warm (visited before). Median of `runs`.
 */
import { type Browser, chromium, type Page } from '@playwright/test';

/** Milliseconds from navigation to the table's first row; NaN (and a screenshot) if none shows within 30 s. */
async function visit(page: Page, url: string, path: string): Promise<number> {
  const started = Date.now();
  await page.goto(`${url}${path}`, { waitUntil: 'commit' });
  try {
    await page.locator('table tbody tr').first().waitFor({ timeout: 30_000 });
    return Date.now() - started;
  } catch {
    const shot = `/tmp/bench-admin-${path.replace(/\W+/g, '-')}.png`;
    await page.screenshot({ path: shot });
    console.log(`[bench:admin] no table on ${path} after 30 s: ${page.url()} (${shot})`);
    return Number.NaN;
  }
}

export const HEAVY_PAGES = [
  '/admin/members',
  '/admin/billing',
  '/admin/billing?tab=payments',
  '/admin/billing?tab=arrears',
  '/admin/audit',
  '/admin/applications',
  '/admin/cpd',
  '/admin/cpd?tab=compliance',
  '/admin/events',
  '/admin/events/EVB000001',
];

/** A staff member as the benches sign them in: e-mail, password and a fresh authenticator code on each call. */
export interface StaffSignIn {
  email: string;
  password: string;
  code: () => Promise<string>;
}

/**
 * Signs staff in through the page, as a person would (password, then the authenticator's code), in a context of its
 * own; answers that context's storage (the session in local storage) for the contexts a bench times.
 */
export async function signInThroughPage(browser: Browser, url: string, staff: StaffSignIn) {
  const signIn = await browser.newContext();
  try {
    const first = await signIn.newPage();
    await first.goto(url);
    await first.getByLabel('Email').fill(staff.email);
    await first.getByLabel('Password', { exact: true }).fill(staff.password);
    await first.getByRole('button', { name: 'Login' }).click();
    await first.waitForURL(/\/sign-in\/code$/);
    await first.getByLabel('Authentication code').fill(await staff.code());
    await first.getByRole('button', { name: 'Verify' }).click();
    await first.waitForURL((u) => !u.pathname.startsWith('/sign-in'));
    return await signIn.storageState();
  } finally {
    await signIn.close();
  }
}

export async function timeToTable(
  url: string,
  admin: StaffSignIn,
  runs = 3,
): Promise<{ path: string; cold: number; warm: number; runs: number[] }[]> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const results = [];
  try {
    // Signed in once; each timed visit starts from that session in local storage with an empty cache.
    const storageState = await signInThroughPage(browser, url, admin);
    const median = (times: number[]) => [...times].sort((x, y) => x - y)[Math.floor(times.length / 2)];
    for (const path of HEAVY_PAGES) {
      // Cold: a new browser profile each time (nothing cached). Warm: the same profile visiting again, as staff
      // moving between back-office pages do (the scripts cached, the data fetched afresh).
      const cold: number[] = [];
      const warm: number[] = [];
      for (let i = 0; i < runs; i++) {
        const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, storageState });
        const page = await context.newPage();
        cold.push(await visit(page, url, path));
        warm.push(await visit(page, url, path));
        await context.close();
      }
      results.push({ path, cold: median(cold), warm: median(warm), runs: cold });
    }
  } finally {
    await browser.close();
  }
  return results;
}
