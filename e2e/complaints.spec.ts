import {
  ADMIN,
  downloadPdf,
  expect,
  expectPdfShown,
  linkIn,
  ownBrowser,
  pdfFile,
  pdfText,
  signedIn,
  test,
  waitForMessage,
} from './support';

/**
 * Complaints and discipline (issue 30, decision 060): a visitor files a complaint with a PDF from a phone; staff admit
 * it and give notice; the engineer answers in the portal; staff hold the hearing and decide a 30-day suspension; the
 * register and the licence's QR page then show the engineer suspended, and the complainant's link shows the outcome.
 * The demo data's Mercy Odhiambo (ERB1006) holds this year's practising licence; no other flow uses her.
 */
const MERCY = { email: 'mercy.odhiambo@example.com', password: 'Member@2026', memberNo: 'ERB1006' };

const nairobiDay = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date(Date.now() + offsetDays * 86_400_000));
const longDate = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

test('a complaint goes from the public form to a suspension the register and the licence show', async ({ browser, request }) => {
  const complainantEmail = `grace.njeri.${Date.now()}@example.com`;
  let reference = '';
  let trackPath = '';

  await test.step('a visitor files a complaint with a PDF from a 390 px phone', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await phone.goto('/search/search-list?term=ERB1006');
    await phone.getByRole('link', { name: /Mercy/ }).first().click();
    await phone.getByRole('link', { name: 'Report a concern about this engineer' }).click();
    await expect(phone).toHaveURL(/\/complaints\/new\?memberNo=ERB1006$/);
    await expect(phone.getByText('Mercy Akinyi Odhiambo')).toBeVisible();
    await phone.getByRole('textbox', { name: 'Your name' }).fill('Grace Njeri');
    await phone.getByRole('textbox', { name: 'Your e-mail' }).fill(complainantEmail);
    await phone.getByRole('textbox', { name: 'Your phone' }).fill('0722 123 456');
    await phone
      .getByRole('textbox', { name: 'What happened' })
      .fill('The footbridge she certified in Kisumu cracked within two months of opening.');
    await phone.getByRole('textbox', { name: 'Where it happened' }).fill('Kondele, Kisumu');
    await phone.getByLabel('Date it happened').fill(nairobiDay(-40));
    await phone.getByLabel('Withhold my identity from the engineer').check();
    await phone.locator('input[type="file"]').setInputFiles(pdfFile('site-photos.pdf'));
    await expect(phone.getByRole('list', { name: 'Chosen files' })).toContainText('site-photos.pdf');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.getByRole('button', { name: 'Submit complaint' }).click();
    await expect(phone.getByTestId('complaint-reference')).toHaveText(/^CMP-\d{4}-\d+$/);
    reference = (await phone.getByTestId('complaint-reference').textContent()) ?? '';
    await phone.screenshot({ path: 'screenshots/complaint-filed.png', fullPage: true });
    const mail = await waitForMessage(request, complainantEmail, /complaints\/track\//);
    trackPath = linkIn(mail);
    expect(trackPath).toContain(`/complaints/track/${reference}?token=`);
    await phone.close();
  });

  const mercy = await ownBrowser(browser);
  let documentNo = '';
  await test.step("Mercy's licence certificate carries its QR code's document number", async () => {
    await signedIn(mercy, MERCY.email, MERCY.password);
    await mercy.goto('/license');
    const row = mercy.getByRole('table', { name: 'License Applications' }).getByRole('row').filter({ hasText: 'PL-' });
    await row.getByRole('link', { name: 'License', exact: true }).click();
    await expect(mercy).toHaveURL(/\/license\/certificate\//);
    await expectPdfShown(mercy);
    const licence = (await pdfText((await downloadPdf(mercy)).bytes)).replace(/\s+/g, ' ');
    documentNo = licence.match(/LIC-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/)?.[0] ?? '';
    expect(documentNo).not.toBe('');
  });

  const staff = await ownBrowser(browser);
  const caseAction = (name: string) => staff.getByRole('region', { name: 'Actions' }).getByRole('button', { name });
  await test.step('staff admit the complaint and give notice', async () => {
    await signedIn(staff, ADMIN.email, ADMIN.password);
    await staff.getByRole('link', { name: 'Complaints' }).first().click();
    await expect(staff).toHaveURL(/\/admin\/complaints$/);
    await staff.getByRole('link', { name: reference }).first().click();
    await expect(staff).toHaveURL(new RegExp(`/admin/complaints/${reference}$`));
    await caseAction('Start preliminary review').click();
    await expect(caseAction('Admit and give notice')).toBeVisible();
    await caseAction('Admit and give notice').click();
    await expect(staff.getByText('Answer due')).toBeVisible();
    const files = staff.getByRole('region', { name: 'Files' });
    await files.locator('input[type="file"]').setInputFiles(pdfFile('inspection-report.pdf'));
    await files.getByRole('button', { name: 'Add to the case' }).click();
    await expect(files.getByRole('button', { name: 'Download inspection-report.pdf' })).toBeVisible();
    await staff.screenshot({ path: 'screenshots/complaint-notice.png', fullPage: true });
  });

  await test.step('the engineer answers in the portal, without seeing who complained', async () => {
    await mercy.goto('/dashboard');
    await mercy.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Complaints' }).click();
    const complaint = mercy.getByRole('article', { name: `Complaint ${reference}` });
    await expect(complaint).toContainText('Identity withheld');
    await expect(complaint).not.toContainText('Grace Njeri');
    await expect(complaint).not.toContainText('inspection-report.pdf');
    await complaint
      .getByRole('textbox', { name: 'Your statement' })
      .fill('The bridge was built with a cheaper deck than the one I designed.');
    await complaint.getByRole('button', { name: 'Send answer' }).click();
    await expect(complaint.getByText('The bridge was built with a cheaper deck than the one I designed.')).toBeVisible();
    await mercy.screenshot({ path: 'screenshots/complaint-answered.png', fullPage: true });
  });

  const from = nairobiDay();
  const to = nairobiDay(29);
  await test.step('staff hold the hearing and decide a 30-day suspension', async () => {
    await staff.reload();
    await expect(staff.getByText('The bridge was built with a cheaper deck')).toBeVisible();
    await caseAction('Start investigation').click();
    const hearing = staff.getByRole('form', { name: 'Hearing' });
    await hearing.getByLabel('Hearing date and time').fill(`${nairobiDay(1)}T10:00`);
    await hearing.getByRole('textbox', { name: 'Panel' }).fill('Eng. A. Otieno (chair), Eng. B. Wafula, Eng. C. Chebet');
    await hearing.getByRole('button', { name: 'Save hearing' }).click();
    await expect(caseAction('Schedule hearing')).toBeEnabled();
    await caseAction('Schedule hearing').click();
    const decision = staff.getByRole('form', { name: 'Decision' });
    await decision.getByLabel('Outcome').selectOption('suspension');
    await decision.getByLabel('Suspended from').fill(from);
    await decision.getByLabel('Suspended to').fill(to);
    await decision.getByRole('textbox', { name: 'Reason for the decision' }).fill('Certified a deck she had not inspected.');
    await decision.getByRole('button', { name: 'Record decision' }).click();
    await expect(staff.getByText(/appeal window until/)).toBeVisible();
    await staff.screenshot({ path: 'screenshots/complaint-decided.png', fullPage: true });
  });

  await test.step('the register and the licence QR page show her suspended', async () => {
    const visitor = await ownBrowser(browser);
    await visitor.goto('/search/search-list?term=ERB1006');
    await expect(visitor.getByText('Suspended', { exact: true }).first()).toBeVisible();
    await expect(visitor.getByText(`Suspension from ${longDate(from)} to ${longDate(to)}`, { exact: false }).first()).toBeVisible();
    await visitor.screenshot({ path: 'screenshots/register-suspended.png', fullPage: true });
    await visitor.goto(`/search/verify/${documentNo}`);
    await expect(
      visitor.getByText(`The licence has been suspended: Suspended by disciplinary decision ${reference}`, { exact: false }),
    ).toBeVisible();
    await visitor.screenshot({ path: 'screenshots/licence-suspended.png', fullPage: true });
  });

  await test.step("the complainant's link shows the outcome", async () => {
    const complainant = await ownBrowser(browser);
    await complainant.goto(trackPath);
    await expect(complainant.getByRole('heading', { name: reference, exact: false })).toBeVisible();
    await expect(complainant.getByText('Suspension', { exact: false }).first()).toBeVisible();
    await expect(complainant.getByText(longDate(to), { exact: false }).first()).toBeVisible();
    await complainant.screenshot({ path: 'screenshots/complaint-tracked.png', fullPage: true });
  });
});
