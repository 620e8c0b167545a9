import {
  ADMIN,
  codeIn,
  DEMO_INACTIVE,
  DEMO_MEMBER,
  expect,
  linkIn,
  registeredApplicant,
  signedIn,
  signIn,
  test,
  waitForMessage,
} from './support';

test('the demo member signs in, sees the dashboard and logs out', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('E-mail is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  await signIn(page, DEMO_MEMBER.email, 'Wrong!Pass1');
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');

  await page.getByLabel('Password', { exact: true }).fill(DEMO_MEMBER.password);
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('General Information')).toBeVisible();
  await expect(page.getByText('Eng. Jane Wanjiru Mwangi')).toBeVisible();
  await expect(page.getByText(DEMO_MEMBER.memberNo)).toBeVisible();
  const table = page.getByRole('table', { name: 'My Membership Applications' });
  await expect(table).toContainText('Professional Engineer');
  await expect(table).toContainText('Accepted');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const link of ['Dashboard', 'Profile', 'CPD', 'Upgrade', 'License', 'Billing', 'Events']) {
    await expect(nav.getByRole('link', { name: link, exact: true })).toBeVisible();
  }
  // This year's CPD against the requirement: at least the demo member's accepted 12-hour course (the CPD flow may add more).
  await expect(page.getByTestId('tile-cpd')).toHaveText(/^(1[2-9]|[2-9]\d)(\.\d)? of 50$/);
  await page.screenshot({ path: 'screenshots/dashboard.png', fullPage: true });

  // A signed-in member who opens the login page is sent back to the dashboard.
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
});

test('after ten wrong passwords the right one still signs in, through the bot check, and the member is told', async ({ page, request }) => {
  const applicant = await registeredApplicant(request);
  for (let i = 0; i < 10; i++) {
    const wrong = await request.post('/api/auth/login', { data: { email: applicant.email, password: `Wrong!Pass${i}` } });
    expect(wrong.status()).toBe(401);
  }
  // The site's bot check is off here; the account's is not. The form shows the widget, which solves, and signs in.
  await signIn(page, applicant.email, applicant.password);
  await expect(page.getByText('There have been too many failed sign-ins to this account')).toBeVisible();
  await expect(page).toHaveURL(/\/initiate-profile$/, { timeout: 30_000 });
  const warning = await waitForMessage(request, applicant.email, /guess your password/);
  expect(warning.subject).toMatch(/Failed sign-ins/);
});

test('the main administrator lands on Admin Settings', async ({ page }) => {
  await signedIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Settings' })).toBeVisible();
});

test('a member who never used the portal activates the account', async ({ page, request }) => {
  await page.goto(`/activate?memberNo=${Buffer.from(DEMO_INACTIVE.memberNo).toString('base64')}`);
  await expect(page.getByLabel('First Name')).toHaveValue('Peter');
  await expect(page.getByLabel('Last Name')).toHaveValue('Ouma');
  await expect(page.getByLabel('Email Address')).toHaveValue(/^p\*+@example\.com$/);

  await page.getByLabel('ID/Passport No.').fill('00000000');
  await page.getByRole('button', { name: 'Request activation' }).click();
  await page.getByRole('dialog', { name: 'Consent to Share Information' }).getByRole('button', { name: 'Agree', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('does not match our records');

  await page.getByLabel('ID/Passport No.').fill(DEMO_INACTIVE.idNumber);
  await page.getByRole('button', { name: 'Request activation' }).click();
  await page.getByRole('dialog', { name: 'Consent to Share Information' }).getByRole('button', { name: 'Agree', exact: true }).click();

  // The code dialog opens once the code is on its way.
  await expect(page.getByRole('dialog', { name: 'Activate your account' })).toBeVisible();
  const email = await waitForMessage(request, DEMO_INACTIVE.email, /activation code/);
  await waitForMessage(request, DEMO_INACTIVE.phone, /activation code/);

  // The link in the email carries the code: the dialog opens prefilled.
  await page.goto(linkIn(email));
  const dialog = page.getByRole('dialog', { name: 'Activate your account' });
  await expect(dialog.getByLabel('Email')).toHaveValue(DEMO_INACTIVE.email);
  await expect(dialog.getByLabel('Activation code')).toHaveValue(codeIn(email));
  await dialog.getByLabel('Password', { exact: true }).fill('Pet3r!Ouma');
  await dialog.getByLabel('Confirm password').fill('Pet3r!Ouma');
  await dialog.getByRole('button', { name: 'activate account' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Account activated Successfully')).toBeVisible();
  await expect(page.getByText('Peter Otieno Ouma')).toBeVisible();
  await expect(page.getByText(DEMO_INACTIVE.memberNo)).toBeVisible();
});

test('forgot password: the reset link sets a new password once', async ({ page, request }) => {
  const applicant = await registeredApplicant(request);
  await page.goto('/');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(applicant.email);
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists for this email');

  const message = await waitForMessage(request, applicant.email, /reset/);
  const link = linkIn(message);
  await page.goto(link);
  await page.getByLabel('New password').fill('N3w!Passw0rd');
  await page.getByLabel('Confirm password').fill('N3w!Passw0rd');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Password Changed Successful')).toBeVisible();

  await signIn(page, applicant.email, 'N3w!Passw0rd');
  await expect(page).toHaveURL(/\/initiate-profile$/);

  // The link works once.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await page.goto(link);
  await page.getByLabel('New password').fill('An0ther!Pass');
  await page.getByLabel('Confirm password').fill('An0ther!Pass');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByRole('alert')).toContainText('This password reset link is invalid or has expired');
});

test('a signed-in member changes the password under Settings', async ({ page, request }) => {
  const applicant = await registeredApplicant(request);
  await signIn(page, applicant.email, applicant.password);
  await expect(page).toHaveURL(/\/initiate-profile$/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/dashboard\/Settings$/);
  await page.getByLabel('New password').fill('Ch4nged!Pass');
  await page.getByLabel('Confirm password').fill('Different!1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password does not match')).toBeVisible();
  await page.getByLabel('Confirm password').fill('Ch4nged!Pass');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password Changed Successful')).toBeVisible();
});

test('the activation link from the registration email verifies the account', async ({ page, request }) => {
  const stamp = Date.now();
  const email = `link.${stamp}@example.com`;
  await request.post('/api/auth/register', {
    data: {
      email,
      phone: `0733${String(stamp).slice(-6)}`,
      id_number: `7${String(stamp).slice(-7)}`,
      password: 'L1nk!User',
      confirmPassword: 'L1nk!User',
      category: 'GRADUATE',
      type: 'Individual',
    },
  });
  const message = await waitForMessage(request, email, /activate/);
  await page.goto(linkIn(message));
  await expect(page.getByText('Account activated Successfully')).toBeVisible();
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/initiate-profile$/);
});

test('unknown paths show the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Nothing here' })).toBeVisible();
  await page.getByRole('link', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/$/);
  const api = await page.request.get('/api/no/such/thing');
  expect(api.status()).toBe(404);
  expect((await api.json()).message).toContain('Not found');
});
