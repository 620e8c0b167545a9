import type { APIRequestContext } from '@playwright/test';
import { ADMIN, DEMO_MEMBER, expect, expectPdfShown, ownBrowser, signedIn, test, tokenOf } from './support';

/**
 * Issue 14, the last spec gaps (decision 035): the subscription card, billing documents by type with live PDFs, the
 * invoice by member number, and My Projects with its access token checked by the (stubbed) projects system.
 */

const b64 = (value: string) => encodeURIComponent(Buffer.from(value).toString('base64'));
const SAMUEL = { email: 'samuel.kiptoo@example.com', password: 'Member@2026', memberNo: 'ERB1004' };
const GRACE = { email: 'grace.achieng@example.com', password: 'Member@2026' };
const PROJECTS = 'https://projects.example.test';

async function setProjectUrl(request: APIRequestContext, adminToken: string, projectURL: string) {
  const response = await request.post('/api/admin/project-url', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { projectURL },
  });
  expect(response.status()).toBe(200);
}

test('the subscription card shows a year with its actions and live invoice, and links the other years', async ({ page }) => {
  await signedIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await page.goto(`/subscription/card/${b64('2025')}`);
  const card = page.getByRole('region', { name: 'Subscription 2025' });
  await expect(card.getByRole('heading', { name: 'Subscription 2025' })).toBeVisible();
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();
  await expect(card.getByText(DEMO_MEMBER.memberNo)).toBeVisible();
  await expect(card.getByRole('link', { name: 'Receipt' })).toBeVisible();
  await expectPdfShown(page);

  await page.getByRole('navigation', { name: 'Other years' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/subscription\/card\/.+/);
  await expect(page.getByRole('region', { name: /^Subscription (?!2025)\d{4}$/ })).toBeVisible();

  await page.goto('/subscription/card/1999');
  await expect(page.getByText('Subscription not found')).toBeVisible();
  await page.getByRole('link', { name: 'Back to My Subscriptions' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
});

test('billing documents by type show the live invoice by member number and receipts; other types say so', async ({ page }) => {
  await signedIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await page.goto(`/billing/document/invoice/${b64(DEMO_MEMBER.memberNo)}`);
  await expect(page.getByRole('heading', { name: 'Invoice', exact: true })).toBeVisible();
  await expectPdfShown(page);
  await expect(page.getByRole('button', { name: 'Download' })).toBeVisible();

  await page.goto(`/billing/document/Payment/${b64('RCT000002')}`);
  await expect(page.getByRole('heading', { name: 'Receipt', exact: true })).toBeVisible();
  await expectPdfShown(page);

  await page.goto('/billing/document/credit-memo/CRN000001');
  await expect(page.getByText('There is no billing document of the type “credit-memo”')).toBeVisible();
});

test('My Projects: eligible members open the projects system with a token it can check; graduates get no link', async ({
  browser,
  request,
}) => {
  const admin = await ownBrowser(browser);
  await signedIn(admin, ADMIN.email, ADMIN.password);
  const adminToken = await tokenOf(admin);
  await setProjectUrl(request, adminToken, `${PROJECTS}/sso?token={token}`);
  try {
    const samuel = await ownBrowser(browser);
    await samuel
      .context()
      .route(`${PROJECTS}/**`, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Projects</title><h1>Projects</h1></html>' }),
      );
    await signedIn(samuel, SAMUEL.email, SAMUEL.password);
    const [projects] = await Promise.all([
      samuel.waitForEvent('popup'),
      samuel.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Projects' }).click(),
    ]);
    await projects.waitForURL(`${PROJECTS}/sso?token=*`);
    const token = new URL(projects.url()).searchParams.get('token') ?? '';

    const verified = await request.post('/api/projects/token/verify', { data: { token } });
    expect(verified.status()).toBe(200);
    const member = (await verified.json()).data;
    expect(member.memberNo).toBe(SAMUEL.memberNo);
    expect(Date.parse(member.expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const altered = await request.post('/api/projects/token/verify', {
      data: { token: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}` },
    });
    expect(altered.status()).toBe(401);

    const grace = await ownBrowser(browser);
    await signedIn(grace, GRACE.email, GRACE.password);
    await expect(grace.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(grace.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Projects' })).toHaveCount(0);
    await grace.goto('/my-projects');
    await expect(grace.getByText('My Projects is not available to members of the Graduate category')).toBeVisible();
  } finally {
    await setProjectUrl(request, adminToken, '');
  }
});
