import { BOT_CHECK_PORT } from '../playwright.config';
import { DEMO_MEMBER, expect, test, waitForMessage } from './support';

test.use({ baseURL: `http://127.0.0.1:${BOT_CHECK_PORT}` });

test('with the bot check on, the browser solves the ALTCHA challenge and the server accepts it', async ({ page, request }) => {
  // Without a solved challenge the server refuses.
  const bare = await request.post('/api/auth/password-reset', { data: { email: DEMO_MEMBER.email } });
  expect(bare.status()).toBe(400);
  expect((await bare.json()).message).toBe('Please complete the verification check');

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(DEMO_MEMBER.email);
  await expect(page.getByText('Verified')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists for this email');
  await waitForMessage(request, DEMO_MEMBER.email, /reset/);
});
