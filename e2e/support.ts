import { type APIRequestContext, expect, type Page } from '@playwright/test';

export interface OutboxMessage {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  body: string;
}

/** Reads the dev outbox (the newest message to `to` first), waiting for it to arrive. */
export async function waitForMessage(request: APIRequestContext, to: string, match: RegExp = /./): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const response = await request.get('/api/dev/outbox');
      const body = (await response.json()) as { data: OutboxMessage[] };
      found = body.data.find((m) => m.to === to && match.test(m.body));
      return Boolean(found);
    })
    .toBe(true);
  return found as OutboxMessage;
}

export function codeIn(message: OutboxMessage): string {
  const m = message.body.match(/\b(\d{6})\b/);
  if (!m) throw new Error(`no code in ${message.body}`);
  return m[1];
}

export function linkIn(message: OutboxMessage): string {
  const m = message.body.match(/https?:\/\/[^/\s]+(\/\S+)/);
  if (!m) throw new Error(`no link in ${message.body}`);
  return m[1];
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs in and waits until the portal has left the login page. */
export async function signedIn(page: Page, email: string, password: string) {
  await signIn(page, email, password);
  await expect(page).not.toHaveURL(/\/$/);
}

export const DEMO_MEMBER = { email: 'jane.mwangi@example.com', password: 'Member@2026', memberNo: 'ERB1001' };
export const DEMO_INACTIVE = { memberNo: 'ERB1002', idNumber: '21876543', email: 'peter.ouma@example.com', phone: '254722000002' };
export const ADMIN = { email: 'admin@portal.test', password: 'Admin@2026' };

let sequence = 0;
/** A fresh applicant registered and verified through the API, for tests that need their own account. */
export async function registeredApplicant(request: APIRequestContext) {
  sequence += 1;
  const stamp = `${Date.now()}${sequence}`;
  const email = `applicant.${stamp}@example.com`;
  const phone = `07${stamp.slice(-8)}`;
  const password = 'Appl1cant!x';
  const register = await request.post('/api/auth/register', {
    data: { email, phone, id_number: `${stamp.slice(-8)}`, password, confirmPassword: password, category: 'GRADUATE', type: 'Individual' },
  });
  expect(register.ok()).toBeTruthy();
  const ticket = ((await register.json()) as { data: { id: number; phone_no: string } }).data;
  const sms = await waitForMessage(request, ticket.phone_no, /verification code/);
  const verify = await request.post('/api/auth/verify-otp', { data: { id: ticket.id, otp_code: codeIn(sms) } });
  expect(verify.ok()).toBeTruthy();
  return { email, password, phone: ticket.phone_no };
}

/** Picks an option of an MUI select by its label. */
export async function choose(scope: Page | import('@playwright/test').Locator, label: string, option: string) {
  // An MUI select is named by its label followed by its current value.
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await scope.getByRole('combobox', { name: new RegExp(`^${escaped}(\\s|$)`) }).click();
  const page = 'page' in scope ? scope.page() : scope;
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A 1×1 PNG and a one-page PDF, made here rather than kept as fixture files. */
export const PNG_FILE = {
  name: 'photo.png',
  mimeType: 'image/png',
  buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'),
};
export function pdfFile(name = 'document.pdf') {
  const body =
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body) };
}
