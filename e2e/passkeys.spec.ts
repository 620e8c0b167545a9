import type { Page } from '@playwright/test';
import {
  ADMIN,
  activateMember,
  expect,
  importRegister,
  ownBrowser,
  type RegisterRow,
  signedIn,
  test,
  uniqueDigits,
  uniqueLetters,
} from './support';

/**
 * Issue 25 on a phone: a member adds a passkey (Chromium's virtual authenticator, through the DevTools protocol,
 * plays the phone's fingerprint sensor), signs out, and signs in with the passkey alone at 390 px: no e-mail, no
 * password. Then the password sign-in asks for the passkey as its second step, and the member removes it.
 */
async function fingerprintSensor(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
}

test('a member adds a passkey, then signs in with it alone on a phone', async ({ browser, request }) => {
  const run = uniqueDigits(6);
  const member: RegisterRow = {
    MemberNo: `PK${run}`,
    FirstName: 'Wanjiru',
    SecondName: '',
    LastName: `Passkey${uniqueLetters(5)}`,
    IdentificationDocumentNo: `7${run}`,
    Email: `passkey.${run}@example.com`,
    PhoneNo: `0745${run}`,
    Category: 'PROFESSIONAL',
    Discipline: 'Electrical Engineering',
    RegistrationDate: '2019-05-01',
    Status: 'Active',
    Type: 'Individual',
  };
  const admin = await ownBrowser(browser);
  await signedIn(admin, ADMIN.email, ADMIN.password);
  await importRegister(admin, [member], 'passkey-register.csv');

  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
  await fingerprintSensor(phone);
  const password = 'Passkey44!x';
  await activateMember(phone, request, {
    memberNo: member.MemberNo,
    idNumber: member.IdentificationDocumentNo,
    email: member.Email,
    password,
  });

  await test.step('adds a passkey from Security, with the password; the first factor shows the recovery codes', async () => {
    await phone.getByRole('button', { name: 'Account menu' }).click();
    await phone.getByRole('menuitem', { name: 'Two-step sign-in' }).click();
    await expect(phone).toHaveURL(/\/security$/);
    await phone.getByRole('button', { name: 'Add a passkey' }).click();
    await phone.getByLabel('Password', { exact: true }).fill('not my password');
    await phone.getByRole('button', { name: 'Continue' }).click();
    await expect(phone.getByText('The password is not right')).toBeVisible();
    await phone.getByLabel('Password', { exact: true }).fill(password);
    await phone.getByRole('button', { name: 'Continue' }).click();
    await expect(phone.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await phone.getByRole('button', { name: 'I have saved them' }).click();
    const passkeys = phone.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');
    await expect(passkeys).toHaveCount(1);
    await expect(passkeys.first()).toContainText('Passkey on');
    await expect(passkeys.first()).toContainText('Not used yet');
    await phone.screenshot({ path: 'screenshots/passkeys-added-390.png', fullPage: true });
  });

  await test.step('signs out, and signs in with the passkey alone', async () => {
    await signOut(phone);
    await phone.screenshot({ path: 'screenshots/passkeys-sign-in-390.png', fullPage: true });
    await phone.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(phone).toHaveURL(/\/dashboard$/);
    const fits = await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(fits).toBe(true);
    await phone.goto('/security');
    await expect(phone.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem').first()).toContainText('Last used');
  });

  await test.step('the password now asks for the passkey as its second step', async () => {
    await signOut(phone);
    await phone.getByLabel('Email').fill(member.Email);
    await phone.getByLabel('Password', { exact: true }).fill(password);
    await phone.getByRole('button', { name: 'Login' }).click();
    await expect(phone).toHaveURL(/\/sign-in\/code$/);
    await phone.screenshot({ path: 'screenshots/passkeys-second-step-390.png', fullPage: true });
    await phone.getByRole('button', { name: 'Use your passkey' }).click();
    await expect(phone).toHaveURL(/\/dashboard$/);
  });

  await test.step('removes it with the password; it no longer signs in', async () => {
    await phone.goto('/security');
    await phone.getByRole('button', { name: 'Remove', exact: true }).click();
    await phone.getByLabel('Password', { exact: true }).fill(password);
    await phone.getByRole('button', { name: 'Remove passkey' }).click();
    await expect(phone.getByText('Passkey removed.')).toBeVisible();
    await expect(phone.getByRole('list', { name: 'Your passkeys' })).toHaveCount(0);
    await signOut(phone);
    // The phone still holds it; the portal no longer knows it.
    await phone.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(phone.getByRole('alert')).toContainText('not registered with this portal');
  });
});
