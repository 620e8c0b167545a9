/**
 * bench:admin's browser half: the time from navigation to the first row of each heavy back-office table, in Debian's
 * chromium with an empty cache each time, signed in as the administrator (the session put where the web app keeps
 * it). Median of `runs`.
 */
import { chromium } from '@playwright/test';

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

export async function timeToTable(
  url: string,
  session: { token: string; user: unknown; expires_at: string },
  runs = 3,
): Promise<{ path: string; median: number; runs: number[] }[]> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const results = [];
  try {
    for (const path of HEAVY_PAGES) {
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
        await context.addInitScript((s) => {
          localStorage.setItem('token', s.token);
          localStorage.setItem('user', JSON.stringify(s.user));
          localStorage.setItem('expires_at', s.expires_at);
        }, session);
        const page = await context.newPage();
        const started = Date.now();
        await page.goto(`${url}${path}`, { waitUntil: 'commit' });
        await page.locator('table tbody tr').first().waitFor({ timeout: 30_000 });
        times.push(Date.now() - started);
        await context.close();
      }
      const sorted = [...times].sort((a, b) => a - b);
      results.push({ path, median: sorted[Math.floor(sorted.length / 2)], runs: times });
    }
  } finally {
    await browser.close();
  }
  return results;
}
