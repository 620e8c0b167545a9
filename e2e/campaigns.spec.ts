import { ADMIN, expect, signedIn, test, waitForMessage } from './support';

/**
 * Campaigns (issue 29): an administrator writes an e-mail to the Professional Engineers in arrears (the demo data
 * has ERB1001's overdue subscription and ERB1005's three unpaid years), sees how many it reaches and the message as
 * the first of them gets it, sends it and watches it complete: outside production a channel without a transport
 * delivers to the development outbox (marked sent), so the campaign job's hand-over is followed by the outbox
 * worker's sending, as it would be with SMTP.
 */
test('an administrator sends an e-mail campaign to Professional Engineers in arrears', async ({ page, request }) => {
  await signedIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole('link', { name: 'Campaigns' }).click();
  await expect(page).toHaveURL(/\/admin\/campaigns$/);
  await expect(page.getByRole('heading', { name: 'Campaigns' })).toBeVisible();
  await page.getByRole('link', { name: 'New campaign' }).click();
  await expect(page).toHaveURL(/\/admin\/campaigns\/new$/);

  const name = `Arrears reminder ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Campaign name' }).fill(name);
  await page.getByRole('textbox', { name: 'Subject' }).fill('Your subscription, {{firstName}}');
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill('Dear ,\n\nYou owe {{balance}}. Please pay it in the portal.');
  // The merge field goes where the cursor is: after 'Dear '.
  await message.evaluate((el: HTMLTextAreaElement) => {
    el.focus();
    el.setSelectionRange(5, 5);
  });
  await page.getByRole('button', { name: '{{firstName}}' }).click();
  await expect(message).toHaveValue('Dear {{firstName}},\n\nYou owe {{balance}}. Please pay it in the portal.');

  await page.getByRole('checkbox', { name: 'Professional Engineer' }).check();
  await page.getByLabel('Standing').selectOption('arrears');

  const preview = page.getByRole('region', { name: 'Preview' });
  // The preview follows the segment a moment after the last change; until then it says it is busy.
  await expect(preview.getByRole('status')).toHaveAttribute('aria-busy', 'false');
  await expect(preview.getByRole('status')).toHaveText(/^\d+ members? will receive it, \d+ skipped \(opted out or no address\)\.$/);
  // The sample is the first of them by member number who receives it.
  const sampleLine = /As (\S+) .*\((ERB\d+)\) receives it, to (\S+):/;
  await expect(preview).toContainText(sampleLine);
  const [, firstName, memberNo, email] = ((await preview.textContent()) ?? '').match(sampleLine) ?? [];
  // Which member that is depends on what earlier flows did to the demo data (bills, opt-outs); the recipients table
  // below shows the same member sent.
  expect(memberNo).toMatch(/^ERB\d{4}$/);
  await expect(preview).toContainText(`Your subscription, ${firstName}`);
  await expect(preview.frameLocator('iframe').getByText(`Dear ${firstName},`)).toBeVisible();
  const [, reach, skipped] = ((await preview.getByRole('status').textContent())?.match(/^(\d+) members? .* (\d+) skipped/) ?? []).map(
    Number,
  );
  expect(reach).toBeGreaterThanOrEqual(1);
  await page.screenshot({ path: 'screenshots/campaign-editor.png', fullPage: true });

  await page.getByRole('button', { name: 'Send now' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send the campaign now?' });
  await confirm.getByRole('button', { name: 'Send now' }).click();
  await expect(page).toHaveURL(/\/admin\/campaigns\/[^/]+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('Category: Professional Engineer · in arrears')).toBeVisible();
  await expect(page.getByTestId('count-recipients')).toHaveText(String(reach + skipped));

  // The campaign job hands each recipient's message to the outbox, the worker sends it; the page reads it again.
  await expect(page.getByText('Completed', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('count-sent')).toHaveText(String(reach));
  await expect(page.getByRole('progressbar', { name: 'Sending progress' })).toHaveCount(0);
  const recipients = page.getByRole('table', { name: 'Recipients' });
  await expect(recipients.getByRole('row')).toHaveCount(reach + skipped + 1);
  await expect(recipients.getByRole('row', { name: new RegExp(memberNo) })).toContainText('Sent');
  await page.screenshot({ path: 'screenshots/campaign-completed.png', fullPage: true });

  const mail = await waitForMessage(request, email, /You owe KES [\d,]+\.\d\d\. Please pay it in the portal\./);
  expect(mail.subject).toBe(`Your subscription, ${firstName}`);
  expect(mail.body.startsWith(`Dear ${firstName},`)).toBe(true);

  await page.getByRole('link', { name: 'Campaigns' }).first().click();
  await expect(page.getByRole('table', { name: 'Campaigns' }).getByRole('row', { name: new RegExp(name) })).toContainText('Completed');
});
