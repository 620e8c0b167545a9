import { BOT_CHECK_PORT } from '../playwright.config';
import { APPROVER, expect, nextCode, remember, signIn, test } from './support';

/**
 * Issue 25 in the browser, on the second portal (nobody else signs its approver in): the demo approver sets up an
 * authenticator on the first sign-in (the test computes the app's codes from the key shown), keeps the recovery
 * codes, signs out, and signs in again with password and code. The password alone opens nothing.
 */
const origin = `http://127.0.0.1:${BOT_CHECK_PORT}`;
test.use({ baseURL: origin });

test('the approver sets up two-step sign-in on the first sign-in, then signs in with password and code', async ({ page, request }) => {
  await signIn(page, APPROVER.email, APPROVER.password);
  await expect(page).toHaveURL(/\/security$/);
  await expect(page.getByText('Staff accounts need a second factor')).toBeVisible();
  // Nothing else opens yet, even typed in.
  await page.goto('/admin/applications');
  await expect(page).toHaveURL(/\/security$/);

  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code to scan with the authenticator app' })).toBeVisible();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Code from the app').fill('000000');
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByText(/That code is not right/)).toBeVisible();

  // The helpers keep the key as the phone would, and compute its codes.
  remember(origin, APPROVER.email, secret);
  await page.getByLabel('Code from the app').fill(await nextCode(origin, APPROVER.email));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('recovery-codes.txt');
  await page.screenshot({ path: 'test-results/two-step-recovery-codes.png', fullPage: true });
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page).toHaveURL(/\/admin\/applications$/);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The password alone: no session, only the ticket for the second step.
  const login = await request.post(`${origin}/api/auth/login`, { data: { email: APPROVER.email, password: APPROVER.password } });
  expect((await login.json()).data).toMatchObject({ mfaRequired: true, methods: ['totp', 'recovery'] });

  await signIn(page, APPROVER.email, APPROVER.password);
  await expect(page).toHaveURL(/\/sign-in\/code$/);
  await page.getByLabel('Authentication code').fill(await nextCode(origin, APPROVER.email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/applications$/);
});
