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

async function saveDialog(page: Page, title: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
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
  await qualification.getByLabel('Certificate (PDF)').setInputFiles(pdfFile('degree.pdf'));
  await saveDialog(page, 'Add Qualification');

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
