import { expect, test } from './support';

test('screenshots of the login, categories and 404 screens', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await page.screenshot({ path: 'screenshots/login.png', fullPage: true });
  await page.goto('/categories');
  await expect(page.getByRole('heading', { name: 'Graduate Engineer' })).toBeVisible();
  await page.screenshot({ path: 'screenshots/categories.png', fullPage: true });
});
