import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/**
 * Staff sign in with a second factor (issue 25): the first sign-in of the demo administrator and approver sets up
 * an authenticator, as a person would, and the test keeps its key, as the phone would, in a file of this run
 * (test-results is emptied when a run starts, and the portals' databases are new each run). Codes are computed
 * here; each is used once, so a sign-in within the same 30 seconds takes the next step's code, or waits for it.
 */
const STORE = 'test-results/e2e-mfa-secrets.json';

interface Kept {
  secret: string;
  lastStep: number;
}

function readStore(): Record<string, Kept> {
  return existsSync(STORE) ? (JSON.parse(readFileSync(STORE, 'utf8')) as Record<string, Kept>) : {};
}

function keep(key: string, kept: Kept): void {
  mkdirSync('test-results', { recursive: true });
  writeFileSync(STORE, JSON.stringify({ ...readStore(), [key]: kept }));
}

const keyOf = (origin: string, email: string) => `${new URL(origin).port}/${email.toLowerCase()}`;
const step = (now = Date.now()) => Math.floor(now / 30_000);
const codeAt = (secret: string, at: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at * 30_000 + 1000 });

/** A code not used before: this step's, else the next one (the server takes one step either side), else wait. */
export async function nextCode(origin: string, email: string): Promise<string> {
  const key = keyOf(origin, email);
  const kept = readStore()[key];
  if (!kept) throw new Error(`no authenticator kept for ${key}`);
  let at = Math.max(step(), kept.lastStep + 1);
  while (at > step() + 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    at = Math.max(step(), kept.lastStep + 1);
  }
  keep(key, { ...kept, lastStep: at });
  return codeAt(kept.secret, at);
}

/** Keeps a key shown on the set-up page, as the phone's app would. */
export function remember(origin: string, email: string, secret: string): void {
  keep(keyOf(origin, email), { secret: secret.replace(/\s+/g, ''), lastStep: step() });
}

/**
 * After the password on the sign-in page: the code page gets a code; the set-up page (staff with no second factor
 * yet) is gone through as a person would. Nothing for anyone else.
 */
export async function passSecondFactor(page: Page, email: string): Promise<void> {
  const origin = new URL(page.url()).origin;
  await page.waitForURL((url) => url.pathname !== '/');
  if (new URL(page.url()).pathname === '/sign-in/code') {
    await page.getByLabel('Authentication code').fill(await nextCode(origin, email));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).not.toHaveURL(/\/sign-in\/code$/);
    return;
  }
  if (new URL(page.url()).pathname !== '/security') return;
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  remember(origin, email, secret);
  await page.getByLabel('Code from the app').fill(codeAt(secret.replace(/\s+/g, ''), step()));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page).not.toHaveURL(/\/security$/);
}

/** A staff session through the API (for set-up steps a test does not drive in the browser), second factor included. */
export async function staffToken(request: APIRequestContext, origin: string, email: string, password: string): Promise<string> {
  const login = await request.post(`${origin}/api/auth/login`, { data: { email, password } });
  const data = (await login.json()).data as { token?: string; mfaRequired?: boolean; mfaToken?: string };
  if (data.mfaRequired) {
    const verified = await request.post(`${origin}/api/auth/mfa/verify`, {
      data: { mfaToken: data.mfaToken, code: await nextCode(origin, email) },
    });
    return (await verified.json()).data.token as string;
  }
  const token = data.token as string;
  const headers = { authorization: `Bearer ${token}` };
  const setup = (await (await request.post(`${origin}/api/auth/mfa/totp/setup`, { headers })).json()).data as { secret: string };
  remember(origin, email, setup.secret);
  const enabled = await request.post(`${origin}/api/auth/mfa/totp/enable`, { headers, data: { code: codeAt(setup.secret, step()) } });
  expect(enabled.ok()).toBeTruthy();
  return token;
}
