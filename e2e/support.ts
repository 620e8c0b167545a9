import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';

import { passSecondFactor } from './second-factor';

/** Specs take `test` from here: Playwright's, with every screen checked by axe (accessibility-audit.ts). */
export { test } from './accessibility-audit';
export { nextCode, remember, staffToken } from './second-factor';
export { expect };

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

/** Signs in, gives the second factor when the account has one (staff set one up first), and waits until in. */
export async function signedIn(page: Page, email: string, password: string) {
  await signIn(page, email, password);
  await expect(page).not.toHaveURL(/\/$/);
  await passSecondFactor(page, email);
}

export const DEMO_MEMBER = { email: 'jane.mwangi@example.com', password: 'Member@2026', memberNo: 'ERB1001' };
export const DEMO_INACTIVE = { memberNo: 'ERB1002', idNumber: '21876543', email: 'peter.ouma@example.com', phone: '254722000002' };
export const ADMIN = { email: 'admin@portal.test', password: 'Admin@2026' };
export const APPROVER = { email: 'approver@portal.test', password: 'Approver@2026' };

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

/** Picks an option of a select by its label: an MUI select's menu, or the browser's own select (list filters). */
export async function choose(scope: Page | import('@playwright/test').Locator, label: string, option: string) {
  // An MUI select is named by its label followed by its current value; a native one by its label.
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const select = scope.getByRole('combobox', { name: new RegExp(`^${escaped}(\\s|$)`) });
  if (await select.evaluate((el) => el.tagName === 'SELECT')) {
    await select.selectOption({ label: option });
    return;
  }
  await select.click();
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

export async function saveDialog(page: Page, title: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

/** Adds a local degree with its certificate on the qualifications tab. */
export async function addLocalQualification(page: Page) {
  await page.goto('/profile?tab=certification');
  await page.getByRole('button', { name: 'Add Qualification' }).click();
  const qualification = page.getByRole('dialog', { name: 'Add Qualification' });
  await choose(qualification, 'University', 'University of Nairobi');
  await qualification.getByLabel('Institution').fill('University of Nairobi');
  await choose(qualification, 'Certificate Awarded', 'Bachelor of Science');
  await qualification.getByLabel('Area of Specialization').fill('Civil Engineering');
  await qualification.getByLabel('Certificate No').fill('UON/2018/123');
  await qualification.getByLabel('Certification Class').fill('Second Class Upper');
  await qualification.getByLabel('Start Date').fill('2014-09-01');
  await qualification.getByLabel('End Date').fill('2018-07-31');
  await qualification.getByLabel('Graduation Date').fill('2018-12-14');
  await choose(qualification, 'Completion Year', '2018');
  await qualification.getByLabel('Certificate (PDF)').setInputFiles(pdfFile('degree.pdf'));
  await saveDialog(page, 'Add Qualification');
}

/**
 * Gives a signed-in new applicant (on /initiate-profile) every item of the GRADUATE checklist in the browser:
 * bio, personal contact, a local degree, current work and the given referees.
 */
export async function fillApplicantProfile(
  page: Page,
  applicant: { email: string },
  names: { first: string; last: string },
  referees: string[],
) {
  await expect(page).toHaveURL(/\/initiate-profile$/);
  await page.getByLabel('Profile photo (PNG or JPEG, less than 2MB)').setInputFiles(PNG_FILE);
  await page.getByLabel('Last Name').fill(names.last);
  await page.getByLabel('First Name').fill(names.first);
  await choose(page, 'Gender', 'Female');
  await page.getByLabel('Date of Birth').fill('1994-03-02');
  await page.getByLabel('Certified copy of ID/Passport, both sides (PDF)').setInputFiles(pdfFile('id.pdf'));
  await choose(page, 'County', 'Nairobi City');
  await choose(page, 'City', 'Westlands');
  await choose(page, 'Discipline', 'Civil Engineering');
  await page.getByRole('button', { name: 'Create Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  await page.goto('/profile?tab=contact');
  await page.getByRole('button', { name: 'Add Contact' }).click();
  const contact = page.getByRole('dialog', { name: 'Add Contact' });
  await choose(contact, 'Contact type', 'Personal');
  await contact.getByLabel('Email').fill(applicant.email);
  await contact.getByLabel('Phone No', { exact: true }).fill('0712345678');
  await contact.getByLabel('Postal Address').fill('P.O. Box 123');
  await contact.getByLabel('Postal Code').fill('00100');
  await contact.getByLabel('Physical Location').fill('Westlands');
  await choose(contact, 'County', 'Nairobi City');
  await choose(contact, 'City', 'Westlands');
  await saveDialog(page, 'Add Contact');

  await addLocalQualification(page);

  await page.goto('/profile?tab=work-experience');
  await page.getByRole('button', { name: 'Add Experience' }).click();
  const work = page.getByRole('dialog', { name: 'Add Experience' });
  await work.getByLabel('Position Held').fill('Graduate Engineer');
  await work.getByLabel('Name of Firm').fill('Kilima Structural Partners');
  await choose(work, 'Sector', 'Construction');
  await work.getByLabel('From Date').fill('2019-01-07');
  await work.getByLabel('Current').check();
  await work.getByLabel('Responsibilities').fill('Design of reinforced concrete structures');
  await saveDialog(page, 'Add Experience');

  await page.goto('/profile?tab=referee');
  for (const [index, memberNo] of referees.entries()) {
    await page.getByRole('button', { name: 'Add Referee' }).click();
    const referee = page.getByRole('dialog', { name: 'Add Referee' });
    await referee.getByLabel('Member No').fill(memberNo);
    await referee.getByRole('button', { name: 'Search member' }).click();
    await expect(referee.getByLabel('Name', { exact: true })).not.toHaveValue('');
    await choose(referee, 'Referee Type', index === 0 ? 'Proposer' : 'Seconder');
    await saveDialog(page, 'Add Referee');
  }
}

/** An imported member activates the portal account with the emailed code, in the browser. */
export async function activateMember(
  page: Page,
  request: APIRequestContext,
  member: { memberNo: string; idNumber: string; email: string; password: string },
) {
  await page.goto(`/activate?memberNo=${Buffer.from(member.memberNo).toString('base64')}`);
  await page.getByLabel('ID/Passport No.').fill(member.idNumber);
  await page.getByRole('button', { name: 'Request activation' }).click();
  await page.getByRole('dialog', { name: 'Consent to Share Information' }).getByRole('button', { name: 'Agree', exact: true }).click();
  const email = await waitForMessage(request, member.email, /activation code/);
  await page.goto(linkIn(email));
  const dialog = page.getByRole('dialog', { name: 'Activate your account' });
  await dialog.getByLabel('Password', { exact: true }).fill(member.password);
  await dialog.getByLabel('Confirm password').fill(member.password);
  await dialog.getByRole('button', { name: 'activate account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

// ---------------------------------------------------------------- people, each in their own browser

/** A person's own browser window: a fresh context, so no session or storage is shared with anyone else. */
export async function ownBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** The session token the web app keeps in local storage, for calls the test makes as that person. */
export function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('token') ?? '');
}

/** A short run-unique suffix of letters (names) or digits (numbers), so reruns against one server never collide. */
export function uniqueLetters(length = 6): string {
  let n = Date.now() * 100 + Math.floor(Math.random() * 100);
  let out = '';
  for (let i = 0; i < length; i++) {
    out = String.fromCharCode(97 + (n % 26)) + out;
    n = Math.floor(n / 26);
  }
  return out;
}
export function uniqueDigits(length: number): string {
  return `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-length).padStart(length, '0');
}

// ---------------------------------------------------------------- the register import

export interface RegisterRow {
  MemberNo: string;
  FirstName: string;
  SecondName: string;
  LastName: string;
  IdentificationDocumentNo: string;
  Email: string;
  PhoneNo: string;
  Category: string;
  Discipline: string;
  RegistrationDate: string;
  Status: string;
  Type: string;
}

/** The register file as the body's spreadsheet would export it. */
export function registerCsv(rows: RegisterRow[]): Buffer {
  const columns = Object.keys(rows[0]) as (keyof RegisterRow)[];
  const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const lines = [columns.join(','), ...rows.map((row) => columns.map((c) => quote(row[c])).join(','))];
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

/** An administrator imports register rows on /admin/members; the report must show every row created. */
export async function importRegister(page: Page, rows: RegisterRow[], fileName = 'register.csv') {
  await page.goto('/admin/members');
  await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible();
  await page.getByLabel('Register CSV file').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: registerCsv(rows) });
  const report = page.getByLabel('Import report');
  await expect(report).toContainText(`Import of ${fileName}`);
  await expect(report).toContainText(`Created: ${rows.length}`);
  await expect(report).toContainText('Refused: 0');
  // Each row that made or changed a member is listed (the unchanged are only counted).
  await expect(report.getByRole('table', { name: 'Created and updated rows' })).toContainText(rows[0].MemberNo);
}

// ---------------------------------------------------------------- referees

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The request email a referee got for an applicant (`applicant`: the start of the applicant's name). */
export function refereeRequestEmail(request: APIRequestContext, refereeEmail: string, applicant: string) {
  return waitForMessage(request, refereeEmail, new RegExp(`${escapeRegExp(applicant)}.* has named you as a referee`));
}

/** The review link and the one-click links of a referee request email, as paths. */
export function refereeLinksIn(message: OutboxMessage) {
  const path = (pattern: RegExp) => {
    const m = message.body.match(pattern);
    if (!m) throw new Error(`no ${pattern} in ${message.body}`);
    return new URL(m[1]).pathname + new URL(m[1]).search;
  };
  return {
    review: path(/(https?:\/\/\S+\/profile\/response\/\S+)/),
    accept: path(/Accept: (https?:\/\/\S+)/),
    reject: path(/Reject: (https?:\/\/\S+)/),
  };
}

/** The referee opens the review link, answers every question (Next … Accept) and is thanked. */
export async function acceptWithAnswers(page: Page, reviewPath: string, screenshot?: string) {
  await page.goto(reviewPath);
  await expect(page.getByRole('heading', { name: /^Dear / })).toBeVisible();
  const counter = page.getByText(/^Question \d+ of \d+$/);
  const total = Number((await counter.textContent())?.match(/of (\d+)/)?.[1]);
  expect(total).toBeGreaterThan(0);
  for (let n = 1; n <= total; n++) {
    await expect(counter).toHaveText(`Question ${n} of ${total}`);
    await page.getByLabel('Your answer').fill(`I have known the applicant for years (answer ${n}).`);
    if (n === 1 && screenshot) await page.screenshot({ path: screenshot, fullPage: true });
    await page.getByRole('button', { name: n < total ? 'Next' : 'Accept' }).click();
  }
  await expect(page.getByText('Referee Confirmed Successfully')).toBeVisible();
  await expectRefereeThanked(page);
}

/** The referee uses the one-click Accept link of the email. */
export async function acceptInOneClick(page: Page, acceptPath: string) {
  await page.goto(acceptPath);
  await expect(page.getByText('Referee Confirmed Successfully')).toBeVisible();
  await expectRefereeThanked(page);
}

/** After answering, a referee (who has no account) is thanked, not sent to the sign-in page (issue 16). */
async function expectRefereeThanked(page: Page) {
  await expect(page).toHaveURL(/\/referee-response\/thank-you$/);
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();
}

// ---------------------------------------------------------------- applications

/** Waits until the PDF viewer has drawn every page of the document. */
export async function expectPdfShown(page: Page) {
  await expect(page.getByTestId('pdf-pages').locator('canvas[data-page="1"]')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('progressbar', { name: /Loading document|Rendering document/ })).toHaveCount(0, { timeout: 20_000 });
}

/**
 * The applicant submits the pending application on /application: terms dialog, the OTP texted to `phone`, the
 * OTP dialog; lands on the application document. Returns the application code.
 */
export async function submitApplication(page: Page, request: APIRequestContext, phone: string): Promise<string> {
  await page.goto('/application');
  await expect(page.getByTestId('profile-progress')).toHaveText('100%');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const terms = page.getByRole('dialog', { name: /^Submit application/ });
  await terms.getByRole('button', { name: 'I agree, send OTP' }).click();
  const sms = await waitForMessage(request, phone, /submit application/);
  const code = sms.body.match(/submit application (\S+?)\./)?.[1] ?? '';
  const otp = page.getByRole('dialog', { name: 'Enter OTP' });
  await otp.getByLabel('OTP').fill(codeIn(sms));
  await expect(page).toHaveURL(new RegExp(`/application/document/${escapeRegExp(Buffer.from(code).toString('base64'))}$`));
  await expectPdfShown(page);
  return code;
}

/**
 * The applicant pays an application's fee from /application: Pay Now, the checkout with M-Pesa on `mpesaPhone`
 * (the built-in Daraja sandbox approves any number not ending 0000 or 1111), the waiting screen, then back on
 * /application with the receipt. Returns the receipt number.
 */
export async function payApplicationFee(page: Page, code: string, mpesaPhone: string): Promise<string> {
  await page.goto('/application');
  const row = page.getByRole('table', { name: 'Applications' }).getByRole('row').filter({ hasText: code });
  await row.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/checkout\?/);
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await page.getByRole('radio', { name: /^MPESA/ }).check();
  await page.getByLabel('M-Pesa phone number').fill(mpesaPhone);
  await page.getByRole('button', { name: /^Pay KES/ }).click();
  await expect(page.getByText('Payment received', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/application$/);
  const flash = page.getByText(/^Payment received\. Receipt \S+\.$/);
  await expect(flash).toBeVisible();
  await expect(row.getByRole('link', { name: 'Receipt' })).toBeVisible();
  return ((await flash.textContent()) ?? '').replace(/^Payment received\. Receipt (\S+)\.$/, '$1');
}

/** The back office's button for each move (what the reviewer clicks to reach the status). */
export const REVIEW_ACTIONS = {
  Verified: 'Verify',
  'Committee Review': 'Send to Committee',
  'Board Review': 'Send to Board',
  Released: 'Release',
} as const;

/** A reviewer opens the application from the queue and moves it through the given statuses, one dialog each. */
export async function reviewApplication(page: Page, code: string, statuses: (keyof typeof REVIEW_ACTIONS)[]) {
  await page.goto('/admin/applications');
  await page.getByLabel('Search applications').fill(code);
  await page.getByLabel('Search applications').press('Enter');
  const row = page.getByRole('table', { name: 'Applications' }).getByRole('row').filter({ hasText: code });
  await row.getByRole('link', { name: 'Open' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/applications/${escapeRegExp(code)}$`));
  for (const status of statuses) {
    const action = REVIEW_ACTIONS[status];
    await page.getByRole('button', { name: action, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `${action}: ${code}` });
    await dialog.getByRole('button', { name: action, exact: true }).click();
    await expect(dialog).toBeHidden();
    const toast = status === 'Released' ? /^Application released: member number \S+ assigned$/ : `Application moved to ${status}`;
    await expect(page.getByText(toast)).toBeVisible();
  }
}

/** Clicks Download in the PDF viewer and returns the suggested file name and the bytes. */
export async function downloadPdf(page: Page): Promise<{ fileName: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
  const bytes = await readFile(await download.path());
  return { fileName: download.suggestedFilename(), bytes };
}

/** The text a PDF really contains (pdf.js's Node build), pages separated by blank lines. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''));
    }
    return pages.join('\n\n');
  } finally {
    await pdf.destroy();
  }
}
