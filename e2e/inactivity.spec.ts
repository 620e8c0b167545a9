import { BOT_CHECK_PORT } from '../playwright.config';
import { ADMIN, DEMO_MEMBER, expect, signIn, staffToken, test } from './support';

// This portal runs with INACTIVITY_TIMEOUT_MS=3000 (playwright.config.ts).
test.use({ baseURL: `http://127.0.0.1:${BOT_CHECK_PORT}` });

test('with inactivity logout on, an idle session ends in the browser and on the server', async ({ page, request }) => {
  const adminToken = await staffToken(request, `http://127.0.0.1:${BOT_CHECK_PORT}`, ADMIN.email, ADMIN.password);
  const current = (await (await request.get('/api/admin/settings', { headers: { authorization: `Bearer ${adminToken}` } })).json()).data;
  const minor = { ...JSON.parse(current.minor_settings), inactivityLogout: true };
  const saved = await request.post('/api/admin/updateSettings', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: {
      id: current.id,
      site_colors: current.site_colors,
      site_installed_packages: current.site_installed_packages,
      minor_settings: minor,
    },
  });
  expect(saved.ok()).toBeTruthy();

  await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  // The sign-in page hands over with a whole-page load: the shell sets the flag once the settings have arrived.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('Inactivity'))).toBe('1');

  // Activity keeps the session alive past the timeout.
  for (let i = 0; i < 4; i++) {
    await page.mouse.move(100 + i * 10, 200);
    await page.waitForTimeout(1000);
  }
  await expect(page).toHaveURL(/\/dashboard$/);

  // Then nothing for longer than the timeout.
  await expect(page.getByText('Your session has been terminated for security reasons. Sign in again to proceed.')).toBeVisible({
    timeout: 10_000,
  });
  await expect(page).toHaveURL(/\/$/);
  const after = await request.get('/api/auth/user', { headers: { authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
});
