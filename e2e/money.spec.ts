import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  ADMIN,
  DEMO_MEMBER,
  downloadPdf,
  expect,
  expectPdfShown,
  importRegister,
  ownBrowser,
  pdfText,
  type RegisterRow,
  signedIn,
  test,
  uniqueDigits,
  uniqueLetters,
} from './support';

/**
 * Issue 6 in the browser. The paying member is the demo member Jane (ERB1001): the seed leaves this year's
 * subscription overdue, and only an overdue invoice makes a member "In arrears" (a billing run's invoice is due a
 * month later at the soonest). No other spec depends on Jane's arrears. The admin flow runs first, while Jane is
 * still in arrears, and pays a member of its own.
 */

/** Today in Nairobi (YYYY-MM-DD), as the download names use it. */
const nairobiToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const thisYear = () => nairobiToday().slice(0, 4);
/** Today as every table shows a date (decision 040): '21 Jun 2018'. */
const shownToday = () => {
  const [year, month, day] = nairobiToday().split('-').map(Number);
  return `${day} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][month - 1]} ${year}`;
};

const subscriptionRow = (page: Page, year: string) =>
  page
    .getByRole('table', { name: 'My Subscriptions' })
    .getByRole('row')
    .filter({ hasText: new RegExp(`^${year}`) });

/** The drawer's link to the good-standing certificate (under Certificate), offered only to members in good standing. */
const drawerCertificate = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Certificate of Good Standing' });

/** Pay Now on this year's subscription opens the checkout; the member picks M-Pesa, gives the phone and pays. */
async function payByMpesa(page: Page, phone: string) {
  await page.goto('/subscription');
  await subscriptionRow(page, thisYear()).getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/checkout\?request=/);
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByTestId('checkout-amount')).toHaveText(/^KES 5,800\.00$/);
  await page.getByRole('radio', { name: /^MPESA/ }).check();
  await page.getByLabel('M-Pesa phone number').fill(phone);
  await page.getByRole('button', { name: /^Pay KES/ }).click();
  await expect(page.getByText('Check your phone')).toBeVisible();
}

test('the administrator bills a year, records a bank payment and sees who is in arrears', async ({ browser }) => {
  const run = uniqueDigits(6);
  const member: RegisterRow = {
    MemberNo: `MNY${run}`,
    FirstName: 'Otieno',
    SecondName: '',
    LastName: `Billed${uniqueLetters(5)}`,
    IdentificationDocumentNo: `4${run}`,
    Email: `billed.${run}@example.com`,
    PhoneNo: `0733${run}`,
    Category: 'PROFESSIONAL',
    Discipline: 'Civil Engineering',
    RegistrationDate: '2016-04-12',
    Status: 'Active',
    Type: 'Individual',
  };
  const admin = await ownBrowser(browser);
  await signedIn(admin, ADMIN.email, ADMIN.password);
  await importRegister(admin, [member], 'billing-register.csv');

  await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Billing', exact: true }).click();
  await expect(admin).toHaveURL(/\/admin\/billing$/);
  await expect(admin.getByRole('heading', { name: 'Billing' })).toBeVisible();

  // Run billing twice for this year: the new member is billed once, the second run bills nobody.
  const runBilling = async () => {
    await admin.getByRole('button', { name: 'Run billing' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Run yearly billing' });
    await expect(dialog.getByLabel('Period (year)')).toHaveValue(thisYear());
    await dialog.getByRole('button', { name: 'Continue' }).click();
    const confirm = admin.getByRole('dialog', { name: `Bill ${thisYear()} subscriptions?` });
    await confirm.getByRole('button', { name: 'Yes, run billing' }).click();
    await expect(confirm).toBeHidden();
    const result = admin.getByRole('status').filter({ hasText: 'Billing run finished' });
    const text = (await result.textContent()) ?? '';
    await result.getByRole('button', { name: 'Close' }).click();
    return Number(text.match(/finished: (\d+) members? billed/)?.[1]);
  };
  expect(await runBilling()).toBeGreaterThanOrEqual(1);
  expect(await runBilling()).toBe(0);
  await expect(admin.getByText(new RegExp(`^Last run: ${thisYear()} on .* — 0 billed,`))).toBeVisible();
  // The runs' history, a page at a time (issue 26): this year's runs, the newest (billing nobody) first.
  await admin.getByRole('tab', { name: 'Runs' }).click();
  await admin.getByLabel('Period').fill(thisYear());
  const history = admin.getByRole('table', { name: 'Billing runs' });
  await expect(history.getByRole('row').nth(2)).toContainText(thisYear());
  await expect(history.getByRole('row').nth(1)).toContainText('Finished');
  await expect(history.getByRole('row').nth(1)).toContainText('KES 0.00');
  await admin.getByRole('tab', { name: 'Invoices' }).click();

  // The new member's invoice, open, at the PROFESSIONAL fee.
  await admin.getByLabel('Member, name or invoice').fill(member.MemberNo);
  const invoices = admin.getByRole('table', { name: 'Invoices' });
  const invoice = invoices.getByRole('row').filter({ hasText: member.MemberNo });
  // The search is debounced: wait until the list holds only that member's invoice.
  await expect(invoices.getByRole('row').filter({ hasText: /^Total \(1 invoices?\)/ })).toBeVisible();
  await expect(invoice).toHaveCount(1);
  await expect(invoice.getByText('Open', { exact: true })).toBeVisible();
  await expect(invoice).toContainText('5,800.00');
  const recordButton = invoice.getByRole('button', { name: /^Record payment for INV/ });
  const invoiceNo = ((await recordButton.getAttribute('aria-label')) ?? '').replace('Record payment for ', '');
  expect(invoiceNo).toMatch(/^INV\S+$/);
  await admin.screenshot({ path: 'screenshots/money-admin-invoices.png', fullPage: true });

  // A bank payment recorded from the invoice row settles it.
  await recordButton.click();
  const dialog = admin.getByRole('dialog', { name: 'Record a payment' });
  await expect(dialog.getByLabel('Member number')).toHaveValue(member.MemberNo);
  await expect(dialog.getByLabel('Amount (KES)')).toHaveValue('5800.00');
  const reference = `BNK${run}`;
  await dialog.getByLabel('Reference').fill(reference);
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText(/^Payment recorded: receipt RCT\S+$/)).toBeVisible();
  await expect(invoice.getByText('Paid', { exact: true })).toBeVisible();

  await admin.getByRole('tab', { name: 'Payments' }).click();
  await admin.getByLabel('Member, name, receipt or reference').fill(reference);
  const payments = admin.getByRole('table', { name: 'Payments' });
  await expect(payments.getByRole('row').filter({ hasText: /^Total \(1 payments?\)/ })).toBeVisible();
  const payment = payments.getByRole('row').filter({ hasText: reference });
  await expect(payment).toContainText('BANK');
  await expect(payment).toContainText(member.MemberNo);
  await expect(payment).toContainText(`${invoiceNo}: KES `);

  // The arrears: Jane's overdue subscription, with the totals over every member in arrears.
  await admin.getByRole('tab', { name: 'Arrears' }).click();
  const arrears = admin.getByRole('table', { name: 'Arrears' });
  await expect(arrears.getByRole('row').filter({ hasText: DEMO_MEMBER.memberNo })).toContainText('5,800.00');
  await expect(arrears.getByRole('row').filter({ hasText: member.MemberNo })).toHaveCount(0);
  await expect(arrears.getByRole('row').filter({ hasText: /^Total \(\d+ members? in arrears\)/ })).toContainText('KES ');
  await admin.screenshot({ path: 'screenshots/money-admin-arrears.png', fullPage: true });
  await admin.context().close();
});

test('a member pays the subscription by M-Pesa and gets the receipt and the good-standing certificate', async ({ browser }) => {
  test.setTimeout(120_000);
  const me = await ownBrowser(browser);
  await signedIn(me, DEMO_MEMBER.email, DEMO_MEMBER.password);
  const year = thisYear();

  await test.step('the dashboard shows the arrears', async () => {
    await me.goto('/dashboard');
    await expect(me.getByTestId('tile-status')).toHaveText('In arrears');
    await expect(me.getByTestId('tile-arrears')).toHaveText(/^KES 5,800\.00$/);
    await me.getByRole('button', { name: 'Account menu' }).click();
    await expect(me.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await expect(me.getByRole('menuitem', { name: 'Certificate of Good Standing' })).toHaveCount(0);
    await me.keyboard.press('Escape');
    await expect(drawerCertificate(me)).toHaveCount(0);
    await me.screenshot({ path: 'screenshots/money-dashboard-arrears.png', fullPage: true });
  });

  await test.step('a declined M-Pesa push posts nothing', async () => {
    await payByMpesa(me, '254712340000');
    await expect(me.getByText('Payment not completed')).toBeVisible({ timeout: 20_000 });
    await expect(me.getByRole('alert')).not.toBeEmpty();
    await expect(me.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(me.getByRole('button', { name: 'Change payment method' })).toBeVisible();
    await me.screenshot({ path: 'screenshots/money-checkout-declined.png', fullPage: true });
    // Change payment method goes back to the choice; Cancel returns to the subscriptions, unpaid.
    await me.getByRole('button', { name: 'Change payment method' }).click();
    await expect(me.getByRole('radio', { name: /^MPESA/ })).toBeVisible();
    await me.getByRole('button', { name: 'Cancel' }).click();
    await expect(me).toHaveURL(/\/subscription$/);
    const row = subscriptionRow(me, year);
    await expect(row.getByRole('button', { name: 'Pay Now' })).toBeVisible();
    await expect(row.getByRole('link', { name: 'Receipt' })).toHaveCount(0);
    await me.goto('/dashboard');
    await expect(me.getByTestId('tile-arrears')).toHaveText(/^KES 5,800\.00$/);
    await expect(me.getByTestId('tile-status')).toHaveText('In arrears');
  });

  let receiptNo = '';
  await test.step('the member pays by M-Pesa and sees the receipt', async () => {
    await payByMpesa(me, '0712345678');
    await me.screenshot({ path: 'screenshots/money-checkout-waiting.png', fullPage: true });
    await expect(me.getByText('Payment received', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(me).toHaveURL(/\/subscription$/);
    const flash = me.getByText(/^Payment received\. Receipt RCT\S+\.$/);
    await expect(flash).toBeVisible();
    receiptNo = ((await flash.textContent()) ?? '').replace(/^Payment received\. Receipt (\S+)\.$/, '$1');
    const row = subscriptionRow(me, year);
    await expect(row.getByText('Paid', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
    await me.screenshot({ path: 'screenshots/money-subscriptions-paid.png', fullPage: true });

    await row.getByRole('link', { name: 'Receipt' }).click();
    await expect(me).toHaveURL(/\/subscription\/receipt\//);
    await expect(me.getByText(receiptNo, { exact: true })).toBeVisible();
    await expectPdfShown(me);
    await me.screenshot({ path: 'screenshots/money-receipt.png', fullPage: true });
    const receipt = await downloadPdf(me);
    expect(receipt.fileName).toBe(`RECEIPT-${nairobiToday()}.pdf`);
    expect(receipt.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(receipt.bytes);
    expect(text).toContain(receiptNo);
    expect(text).toContain('5,800.00');
  });

  await test.step('the dashboard turns to In Good Standing', async () => {
    await me.goto('/dashboard');
    await expect(me.getByTestId('tile-status')).toHaveText('In Good Standing');
    await expect(me.getByTestId('tile-arrears')).toHaveText(/^KES 0\.00$/);
    await expect(drawerCertificate(me)).toHaveAttribute('href', /\/dashboard\/goodStanding\/[^/]+$/);
    await me.screenshot({ path: 'screenshots/money-dashboard-good-standing.png', fullPage: true });
  });

  let verifyUrl = '';
  await test.step('the member downloads the good-standing certificate', async () => {
    await me.getByRole('button', { name: 'Account menu' }).click();
    await me.getByRole('menuitem', { name: 'Certificate of Good Standing' }).click();
    await expect(me).toHaveURL(/\/dashboard\/goodStanding\/[^/]+$/);
    await expect(me.getByRole('heading', { name: 'Certificate of Good Standing' })).toBeVisible();
    await expectPdfShown(me);
    await me.screenshot({ path: 'screenshots/money-good-standing.png', fullPage: true });
    const certificate = await downloadPdf(me);
    expect(certificate.fileName).toBe(`GOOD-STANDING-${DEMO_MEMBER.memberNo}.pdf`);
    expect(certificate.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(certificate.bytes);
    expect(text).toContain(DEMO_MEMBER.memberNo);
    verifyUrl = text.match(/https?:\/\/\S+\/search\/verify\/CGS-[0-9A-Z-]+/)?.[0] ?? '';
    expect(verifyUrl, text).not.toBe('');
  });

  await test.step('the certificate verifies', async () => {
    const visitor = await ownBrowser(browser);
    await visitor.goto(verifyUrl);
    await expect(visitor.getByRole('heading', { name: 'Genuine document' })).toBeVisible();
    await expect(visitor.getByText('Valid', { exact: true })).toHaveCount(1); // the chip: no Status row repeating it (issue 16)
    await expect(visitor.getByText(/is a member in good standing of/)).toContainText(`member number ${DEMO_MEMBER.memberNo}`);
    await visitor.screenshot({ path: 'screenshots/money-good-standing-verified.png', fullPage: true });
    await visitor.context().close();
  });

  await test.step('the member exports the payment history', async () => {
    await me.goto('/subscription');
    await expect(me.getByRole('table', { name: 'My Payment History' })).toBeVisible();
    const [download] = await Promise.all([me.waitForEvent('download'), me.getByRole('button', { name: 'Export to Excel' }).click()]);
    expect(download.suggestedFilename()).toBe(`payment-history-${DEMO_MEMBER.memberNo}.csv`);
    const lines = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'PaymentCode,DateOfPayment,PaymentOrigin,PaymentRecepient,amount,PaymentID,PaymentType,YearOfSubscription,email,name,no',
    );
    const line = lines.find((l) => l.startsWith(`${receiptNo},`)) ?? '';
    expect(line, lines.join('\n')).not.toBe('');
    const [, date, origin, , amount, paymentId, type, subscriptionYear, email, , no] = line.split(',');
    expect({ date, origin, amount, type, subscriptionYear, email, no }).toEqual({
      date: nairobiToday(),
      origin: '254712345678',
      amount: '5800.00',
      type: 'MPESA',
      subscriptionYear: year,
      email: DEMO_MEMBER.email,
      no: '1',
    });
    expect(paymentId).toMatch(/^[A-Z0-9]{10}$/);
    // Last year's seeded subscription payment is there too.
    expect(lines.filter((l) => /^RCT/.test(l)).length).toBeGreaterThanOrEqual(2);

    // The same payment in the table under the subscriptions and on /payment-history.
    for (const path of ['/subscription', '/payment-history']) {
      await me.goto(path);
      const row = me.getByRole('table', { name: 'My Payment History' }).getByRole('row').filter({ hasText: paymentId });
      await expect(row.getByRole('cell').nth(1)).toHaveText(shownToday());
      await expect(row).toContainText('MPESA');
      await expect(row).toContainText(year);
    }
    await me.screenshot({ path: 'screenshots/money-payment-history.png', fullPage: true });
  });

  await me.context().close();
});
