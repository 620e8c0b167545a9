import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { ADMIN, expect, signedIn, test } from './support';

/**
 * Issue 26's exports in the browser, on a phone's width: the Export menu downloads the list with the filters on
 * screen, as CSV or Excel, under the server's dated name (decision 050).
 */
test.use({ viewport: { width: 390, height: 844 } });

async function exportAs(page: Page, format: 'CSV' | 'Excel') {
  await page.getByRole('button', { name: 'Export' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: new RegExp(`^${format}`) }).click(),
  ]);
  return { fileName: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

test('the administrator exports the members and the invoices as CSV and Excel on a phone', async ({ page }) => {
  await signedIn(page, ADMIN.email, ADMIN.password);
  const day = /\d{4}-\d{2}-\d{2}/.source;

  await page.goto('/admin/members');
  await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible();
  // The button fits the phone's width beside the import.
  const box = await page.getByRole('button', { name: 'Export' }).boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  await page.getByLabel('Search members').fill('ERB1001');
  await page.getByLabel('Search members').press('Enter');
  const csv = await exportAs(page, 'CSV');
  expect(csv.fileName).toMatch(new RegExp(`^members-${day}\\.csv$`));
  const lines = csv.bytes.toString('utf8').split('\r\n');
  expect(lines[0]).toMatch(/^\uFEFFMemberNo,FirstName,SecondName,LastName,/);
  // The search applies: the demo member alone.
  expect(lines.filter((l) => l.startsWith('ERB'))).toHaveLength(1);
  expect(lines[1]).toMatch(/^ERB1001,/);

  await page.goto('/admin/billing');
  await expect(page.getByRole('heading', { name: 'Billing' })).toBeVisible();
  const xlsx = await exportAs(page, 'Excel');
  expect(xlsx.fileName).toMatch(new RegExp(`^invoices-${day}\\.xlsx$`));
  expect(xlsx.bytes.subarray(0, 2).toString()).toBe('PK');
});
