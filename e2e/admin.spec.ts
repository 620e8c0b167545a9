import type { Browser, Page } from '@playwright/test';
import { ADMIN, DEMO_MEMBER, expect, signedIn, signIn, test } from './support';

async function memberPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

test('the administrator changes the primary colour and a member sees it', async ({ page, browser }) => {
  await signedIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole('heading', { name: 'Admin Settings' })).toBeVisible();
  await page.screenshot({ path: 'screenshots/admin-settings.png', fullPage: true });

  await page.getByLabel('Primary', { exact: true }).fill('#1565C0');
  await expect(page.getByLabel('Live preview').getByRole('button', { name: 'Primary' })).toHaveCSS('background-color', 'rgb(21, 101, 192)');
  await page.getByLabel('Login caption').fill('Engineers Member Portal');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Setting Saved Successfully')).toBeVisible();

  const member = await memberPage(browser);
  await expect(member.getByRole('banner')).toHaveCSS('background-color', 'rgb(21, 101, 192)');
  await member.context().close();

  const visitor = await browser.newPage();
  await visitor.goto('/');
  await expect(visitor.getByRole('heading', { name: 'Engineers Member Portal' })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Login' })).toHaveCSS('background-color', 'rgb(21, 101, 192)');
  await visitor.close();
});

test('the administrator edits a user with the spec messages', async ({ page }) => {
  await signedIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole('link', { name: 'User Settings' }).click();
  await expect(page).toHaveURL(/\/admin\/user-settings$/);
  await page.getByLabel('Search users').fill('jane');
  await page.getByLabel('Search users').press('Enter');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table).toContainText(DEMO_MEMBER.email);
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.screenshot({ path: 'screenshots/admin-users.png', fullPage: true });

  await page.getByRole('button', { name: `Edit ${DEMO_MEMBER.email}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit user' });
  await dialog.getByLabel('E-mail').fill('');
  await dialog.getByLabel('Phone').fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Required.')).toHaveCount(2);
  await dialog.getByLabel('E-mail').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('E-mail must be valid')).toBeVisible();
  await dialog.getByLabel('E-mail').fill(DEMO_MEMBER.email);
  await dialog.getByLabel('Phone').fill('254712000099');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Are you sure you want to update this user?')).toBeVisible();
  await page.getByRole('button', { name: 'Yes, update' }).click();
  await expect(page.getByText('User updated successfully')).toBeVisible();
  // Shown in the one display form (decision 040).
  await expect(table).toContainText('+254 712 000 099');
});

test('log in as a member shows the banner, returns to admin, and the audit log lists it', async ({ page }) => {
  await signedIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/user-settings');
  await page.getByLabel('Search users').fill(DEMO_MEMBER.email);
  await page.getByLabel('Search users').press('Enter');
  await expect(page.getByRole('button', { name: `Log in as ${DEMO_MEMBER.email}` })).toBeVisible();
  // Not offered for administrators.
  await expect(page.getByRole('button', { name: `Log in as ${ADMIN.email}` })).toHaveCount(0);
  await page.getByRole('button', { name: `Log in as ${DEMO_MEMBER.email}` }).click();
  await page.getByRole('dialog', { name: 'Log in as this user' }).getByRole('button', { name: 'Log in as' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Logged in as user successfully')).toBeVisible();
  const banner = page.getByRole('status').filter({ hasText: `Signed in as ${DEMO_MEMBER.email}` });
  await expect(banner).toBeVisible();
  // A change made while logged in as the member is recorded with both names.
  await page.goto('/dashboard/Settings');
  await expect(banner).toBeVisible();
  await page.getByLabel('SMS updates').click();
  await expect(page.getByText('Setting Saved Successfully')).toBeVisible();

  await banner.getByRole('button', { name: 'Return to admin' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByText(/Signed in as/)).toHaveCount(0);

  await page.getByRole('link', { name: 'Audit Log' }).click();
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log).toContainText('Log in as started');
  await expect(log).toContainText('Log in as ended');
  await expect(log.getByRole('row').filter({ hasText: 'Action while logged in as' }).first()).toContainText(DEMO_MEMBER.email);
  await page.getByLabel('Member or target').fill(DEMO_MEMBER.email);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(log.getByRole('row').filter({ hasText: 'Settings saved' })).toHaveCount(0);
  await page.screenshot({ path: 'screenshots/admin-audit.png', fullPage: true });
});

test('a member is kept out of the admin pages', async ({ page }) => {
  await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/admin/user-settings');
  await expect(page).toHaveURL(/\/dashboard$/);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get('/api/admin/users', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(403);
});

test('notification preferences default to on and keep their changes', async ({ page }) => {
  await signedIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await page.goto('/dashboard/Settings');
  await expect(page.getByLabel('Email reminders (unpaid fees, expiring documents)')).toBeChecked();
  await page.getByLabel('Email updates (application progress, news)').click();
  await expect(page.getByText('Setting Saved Successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Email updates (application progress, news)')).not.toBeChecked();
  await expect(page.getByLabel('Email reminders (unpaid fees, expiring documents)')).toBeChecked();
});

test('the main administrator edits the checklist requirements of a category', async ({ page }) => {
  await signedIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole('link', { name: 'Requirements' }).click();
  await expect(page).toHaveURL(/\/admin\/requirements$/);
  const table = page.getByRole('table', { name: 'Requirements' });
  await expect(table).toContainText('Passport-size profile photo');
  await page.getByRole('button', { name: 'Add item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add requirement' });
  await dialog.getByRole('combobox', { name: /^Item/ }).click();
  await page.getByRole('option', { name: 'ATTACHMENTS', exact: true }).click();
  await dialog.getByLabel('Description').fill('Curriculum vitae (PDF)');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(table).toContainText('Curriculum vitae (PDF)');
  await page.screenshot({ path: 'screenshots/admin-requirements.png', fullPage: true });
  await page.getByRole('button', { name: 'Remove ATTACHMENTS' }).click();
  await page.getByRole('dialog', { name: 'Remove requirement' }).getByRole('button', { name: 'Remove' }).click();
  await expect(table).not.toContainText('Curriculum vitae (PDF)');
});
