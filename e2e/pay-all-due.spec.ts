import type { Page } from '@playwright/test';
import { expect, signedIn, test } from './support';

/**
 * Issue 28 in the browser, on a phone: David (ERB1005, seeded with three years of subscriptions unpaid) sees what he
 * owes and what it is made of, pays it all with one sandbox M-Pesa prompt, and every screen shows it paid without
 * a reload. No other spec signs in as David.
 */
const DAVID = { email: 'david.mutua@example.com', password: 'Member@2026' };
const thisYear = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi', year: 'numeric' }).format(new Date()));
const periods = [thisYear - 2, thisYear - 1, thisYear].map(String);

test.use({ viewport: { width: 390, height: 844 } });

/** Moves inside the app as a member does (the drawer's links), never by reloading. */
async function openFromMenu(page: Page, title: string) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: title, exact: true }).click();
}

test('a member owing three documents pays everything due with one M-Pesa payment, and every screen shows it at once', async ({ page }) => {
  await signedIn(page, DAVID.email, DAVID.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const pending = page
    .getByRole('region', { name: 'Pending Payments' })
    .or(page.locator('.lt-card').filter({ hasText: 'Pending Payments' }));
  for (const period of periods) await expect(pending.getByText(`Annual subscription ${period}`)).toBeVisible();
  await expect(pending.getByText('Everything due: KES 17,400.00 for 3 documents')).toBeVisible();
  await pending.getByRole('button', { name: 'Pay everything due' }).click();

  await expect(page).toHaveURL(/\/checkout\?request=/);
  const documents = page.getByRole('list', { name: 'Documents being paid' });
  await expect(documents.getByRole('listitem')).toHaveCount(3);
  // Oldest first, each with what its amount is made of.
  await expect(documents.getByRole('listitem').first()).toContainText(`Annual subscription ${periods[0]}`);
  await expect(documents.getByRole('listitem').first()).toContainText('FeeKES 5,000.00VAT 16%KES 800.00');
  await expect(page.getByTestId('checkout-amount')).toHaveText('KES 17,400.00');
  await page.screenshot({ path: 'test-results/pay-all-due-checkout-390.png', fullPage: true });

  const pay = page.getByRole('button', { name: /^Pay KES/ });
  await expect(pay).toHaveText('Pay KES 17,400.00 by M-Pesa to +254 755 000 005');
  await pay.click();
  await expect(page.getByText('Check your phone')).toBeVisible();
  await expect(page.getByText('Payment received', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('list', { name: 'What the payment settled' }).getByRole('listitem')).toHaveCount(3);

  // Back on the dashboard with the receipt, and nothing left to pay, without a reload.
  await expect(page).toHaveURL(/\/dashboard$/);
  const flash = page.getByText(/^Payment received\. Receipt (RCT\d+) settled INV\d+, INV\d+ and INV\d+\.$/);
  await expect(flash).toBeVisible();
  const receiptNo = ((await flash.textContent()) ?? '').replace(/^Payment received\. Receipt (RCT\d+).*$/, '$1');
  await expect(pending.getByText('Nothing to pay.')).toBeVisible();
  await expect(page.getByText('In Good Standing').first()).toBeVisible();

  await openFromMenu(page, 'Subscription');
  await expect(page).toHaveURL(/\/subscription$/);
  for (const period of periods) {
    const card = page.getByRole('article', { name: `Subscription ${period}` });
    await expect(card).toBeVisible();
    await expect(card.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  }

  await openFromMenu(page, 'Billing');
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByRole('article', { name: `Payment ${receiptNo}` })).toBeVisible();
  await expect(page.getByText('Unpaid', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/pay-all-due-billing-390.png', fullPage: true });
});
