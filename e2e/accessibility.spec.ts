import { DEMO_MEMBER, expect, pdfText, test } from './support';

/**
 * The public entry pages a visitor reaches without signing in, each opened on its own so the audit of support.ts
 * (axe, decision 036) checks it once it has settled: a serious or critical violation fails the test at its end.
 */

test('the login, forgot-password, categories and 404 pages pass axe', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await page.goto('/forgot-password');
  await expect(page.getByRole('button', { name: /reset/i })).toBeVisible();
  await page.goto('/categories');
  await expect(page.getByRole('heading', { name: 'Graduate Engineer' })).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Nothing here' })).toBeVisible();
});

test('the public register search with results and a member card pass axe', async ({ page, accessibilityAudit }) => {
  // The sign-in page's Member Checker opens the server-rendered checker (a whole page, not a client route).
  await page.goto('/');
  await page.getByRole('link', { name: 'Member Checker' }).click();
  await expect(page).toHaveURL(/\/search\/search-list$/);
  await expect(page.getByRole('heading', { name: 'Member Checker', level: 1 })).toBeVisible();
  await page.getByLabel('Name or member number').fill(DEMO_MEMBER.memberNo);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const card = page.getByRole('link').filter({ hasText: DEMO_MEMBER.memberNo });
  await expect(card).toBeVisible();
  await card.click();
  await expect(page).toHaveURL(/\/search\/search-card\//);
  await expect(page.getByText(DEMO_MEMBER.memberNo, { exact: true })).toBeVisible();
  // The card opens by a client-side navigation, which the audit sees too.
  await accessibilityAudit.checkNow(page);
  const screens = accessibilityAudit.checkedScreens.map((checked) => checked.screen);
  expect(screens).toContain(`/search/search-list?term=${DEMO_MEMBER.memberNo}&page=1`);
  expect(screens.some((screen) => screen.startsWith('/search/search-card/'))).toBe(true);
});

test('the verification page of an issued document passes axe', async ({ page, request }) => {
  const login = await request.post('/api/auth/login', { data: { email: DEMO_MEMBER.email, password: DEMO_MEMBER.password } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const invoice = await request.get(`/api/billing/proforma/${DEMO_MEMBER.memberNo}`, { headers: { authorization: `Bearer ${token}` } });
  expect(invoice.ok()).toBeTruthy();
  const text = await pdfText(Buffer.from(((await invoice.json()) as { data: string }).data, 'base64'));
  const verifyPath = text.match(/https?:\/\/\S+(\/search\/verify\/[0-9A-Z-]+)/)?.[1];
  expect(verifyPath, text).toBeDefined();

  await page.goto(verifyPath as string);
  await expect(page.getByRole('heading', { name: 'Genuine document' })).toBeVisible();
  // Its Search button leaves the web app for the server-rendered checker.
  await page.getByRole('link', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Member Checker', level: 1 })).toBeVisible();
});

test('the audit reports a serious violation with its screen, rule and element', async ({ page, accessibilityAudit }) => {
  const probe =
    '<!doctype html><html lang="en"><head><title>Probe</title></head><body><main><h1>Probe</h1><input id="nameless"></main></body></html>';
  await page.route('**/axe-probe', (route) => route.fulfill({ contentType: 'text/html', body: probe }));
  await page.goto('/axe-probe');
  await accessibilityAudit.checkNow(page);
  const report = accessibilityAudit.takeReport() ?? '';
  expect(report).toContain('/axe-probe');
  expect(report).toMatch(/\[critical\] label: Form elements must have labels/);
  expect(report).toContain('#nameless');
});
