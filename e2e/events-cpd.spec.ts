import type { Page } from '@playwright/test';
import {
  ADMIN,
  APPROVER,
  activateMember,
  choose,
  DEMO_MEMBER,
  downloadPdf,
  expect,
  expectPdfShown,
  importRegister,
  ownBrowser,
  pdfFile,
  pdfText,
  type RegisterRow,
  signedIn,
  test,
  uniqueDigits,
  uniqueLetters,
} from './support';

/**
 * Issue 12 in the browser: an event published, booked, paid by M-Pesa, attended and closed becomes CPD points with
 * a certificate anyone can verify; an outside course recorded with evidence counts once an approver accepts it.
 */

const nairobiDay = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );
const thisYear = () => nairobiDay().slice(0, 4);

/** The total of the CPD list for the chosen year (the list's total row). */
async function cpdTotal(page: Page): Promise<number> {
  const total = page.getByTestId('cpd-total').first();
  await expect(total).toBeVisible();
  return Number(((await total.textContent()) ?? '').replace(/[^\d.]/g, ''));
}

test('an administrator runs a paid event; the member books, pays by M-Pesa, attends and gets 5 verifiable CPD points', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const run = uniqueDigits(6);
  const member: RegisterRow = {
    MemberNo: `CPD${run}`,
    FirstName: 'Achieng',
    SecondName: '',
    LastName: `Attendee${uniqueLetters(5)}`,
    IdentificationDocumentNo: `5${run}`,
    Email: `attendee.${run}@example.com`,
    PhoneNo: `0744${run}`,
    Category: 'PROFESSIONAL',
    Discipline: 'Civil Engineering',
    RegistrationDate: '2017-03-01',
    Status: 'Active',
    Type: 'Individual',
  };
  const title = `Slope Stability Workshop ${run}`;
  const admin = await ownBrowser(browser);
  await signedIn(admin, ADMIN.email, ADMIN.password);
  await importRegister(admin, [member], 'event-register.csv');

  let eventNo = '';
  await test.step('the administrator creates a paid event with 5 CPD points and publishes it', async () => {
    await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events', exact: true }).click();
    await expect(admin).toHaveURL(/\/admin\/events$/);
    await admin.getByRole('link', { name: 'New Event' }).click();
    await expect(admin).toHaveURL(/\/admin\/events\/new$/);
    // Submitting the empty form shows the contract's messages at once, and keeps what was typed.
    await admin.getByRole('button', { name: 'Create event' }).click();
    await expect(admin.getByText('Description is required')).toBeVisible();
    await expect(admin.getByText('Location is required')).toBeVisible();
    await admin.getByLabel('Description', { exact: false }).first().fill(title);
    await admin.getByLabel('Location').fill('IEK Centre, Nairobi');
    await choose(admin, 'Event type', 'Workshop');
    await admin.getByLabel('CPD points').fill('5');
    await admin.getByLabel('Start date').fill(nairobiDay(7));
    await admin.getByLabel('Start time').fill('09:00');
    await admin.getByLabel('End date').fill(nairobiDay(7));
    await admin.getByLabel('End time').fill('16:00');
    await admin.getByLabel('Capacity').fill('30');
    await admin.getByLabel('Professional Engineer').fill('1500');
    await admin.screenshot({ path: 'screenshots/events-admin-form.png', fullPage: true });
    await admin.getByRole('button', { name: 'Create event' }).click();
    await expect(admin).toHaveURL(/\/admin\/events$/);
    const created = admin.getByText(/^EVT\d+ is created as a draft/);
    await expect(created).toBeVisible();
    eventNo = ((await created.textContent()) ?? '').split(' ')[0];
    // The list is paged (issue 26): the search finds the new event on the first page, whatever else is listed.
    await admin.getByLabel('Search events').fill(eventNo);
    const events = admin.getByRole('table', { name: 'Events' });
    await expect(events.getByRole('row')).toHaveCount(2);
    const row = events.getByRole('row').filter({ hasText: title });
    await row.getByRole('button', { name: 'Publish' }).click();
    const dialog = admin.getByRole('dialog', { name: `Publish ${eventNo}?` });
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Published')).toBeVisible();
    await admin.screenshot({ path: 'screenshots/events-admin-list.png', fullPage: true });
  });

  const me = await ownBrowser(browser);
  const password = 'Attend33!x';
  await activateMember(me, request, {
    memberNo: member.MemberNo,
    idNumber: member.IdentificationDocumentNo,
    email: member.Email,
    password,
  });

  let bookingNo = '';
  await test.step('the member books it on the portal’s own booking page and pays by M-Pesa', async () => {
    await me.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events', exact: true }).click();
    await expect(me).toHaveURL(/\/events/);
    await expect(me.getByRole('tab', { name: 'Upcoming Events' })).toHaveAttribute('aria-selected', 'true');
    const card = me.getByRole('article').filter({ hasText: title });
    await expect(card).toContainText('5 CPD');
    await expect(card).toContainText('1,500.00');
    await me.screenshot({ path: 'screenshots/events-upcoming.png', fullPage: true });
    await card.getByRole('link', { name: 'Book Now' }).click();
    await expect(me).toHaveURL(new RegExp(`/events/${eventNo}$`));
    await me.getByRole('button', { name: 'Book Now' }).click();
    await me.getByRole('dialog', { name: 'Book this event?' }).getByRole('button', { name: 'Book and raise invoice' }).click();
    // The booking's own message once it is made (the panel's 'An invoice … is raised when you book' was before it).
    await expect(me.getByRole('status').filter({ hasText: 'Your seat is reserved. Pay the invoice to confirm it.' })).toBeVisible();
    await expect(me.getByText('Billed', { exact: true })).toBeVisible();
    bookingNo = (
      (await me
        .getByText(/^BKG\d+$/)
        .first()
        .textContent()) ?? ''
    ).trim();
    expect(bookingNo).toMatch(/^BKG\d+$/);
    await me.screenshot({ path: 'screenshots/events-booked-billed.png', fullPage: true });

    await me.getByRole('button', { name: 'Pay Now' }).first().click();
    await expect(me).toHaveURL(/\/checkout\?request=/);
    await expect(me.getByTestId('checkout-amount')).toHaveText(/^KES 1,500\.00$/);
    await me.getByRole('radio', { name: /^MPESA/ }).check();
    await me.getByLabel('M-Pesa phone number').fill('0712345678');
    await me.getByRole('button', { name: /^Pay KES/ }).click();
    await expect(me.getByText('Payment received', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(me).toHaveURL(/\/events\?tab=booked$/);
    const booked = me.getByRole('table', { name: 'Booked Events' }).getByRole('row').filter({ hasText: bookingNo });
    await expect(booked).toContainText('Yes');
    await expect(booked.getByText('open', { exact: false })).toBeVisible();
    await expect(booked.getByRole('link', { name: 'Receipt' })).toBeVisible();
    await me.screenshot({ path: 'screenshots/events-booked-paid.png', fullPage: true });

    await booked.getByRole('link', { name: 'Ticket' }).click();
    await expect(me).toHaveURL(new RegExp(`/events/ticket/${bookingNo}$`));
    await expectPdfShown(me);
    const ticket = await downloadPdf(me);
    const text = await pdfText(ticket.bytes);
    expect(text).toContain(bookingNo);
    expect(text).toContain(title);
    expect(text).toContain('/search/verify/TKT-');
  });

  await test.step('the event moves to today; the administrator checks the member in and closes it', async () => {
    await admin.goto(`/admin/events/${eventNo}/edit`);
    await admin.getByLabel('Start date').fill(nairobiDay(0));
    await admin.getByLabel('Start time').fill('00:01');
    await admin.getByLabel('End date').fill(nairobiDay(1));
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await expect(admin).toHaveURL(/\/admin\/events$/);

    await admin.goto(`/admin/events/${eventNo}/attendance`);
    await admin.getByLabel('Booking number').fill(bookingNo);
    await admin.getByRole('button', { name: 'Check in' }).click();
    const results = admin.getByRole('list', { name: 'Attendance results' });
    await expect(results).toContainText(bookingNo);
    await expect(results).toContainText('Checked in');
    await expect(admin.getByTestId('checked-in-count')).toHaveText('1');
    // The same ticket again is reported, not counted twice.
    await admin.getByLabel('Booking number').fill(bookingNo);
    await admin.getByRole('button', { name: 'Check in' }).click();
    await expect(results).toContainText('Already checked in');
    await admin.screenshot({ path: 'screenshots/events-attendance.png', fullPage: true });

    await admin.getByRole('button', { name: 'Close event' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Award 1 attendee their CPD points?' });
    await dialog.getByRole('button', { name: 'Close and award' }).click();
    await expect(dialog).toBeHidden();
    await expect(admin.getByText(/1 attendee.* awarded|awarded 1/i).first()).toBeVisible();

    // The event's bookings, a page at a time: searched by member number, filtered by attendance.
    await admin.goto(`/admin/events/${eventNo}`);
    const bookingsTable = admin.getByRole('table', { name: 'Bookings' });
    await admin.getByLabel('Booking, member no, name or e-mail').fill(member.MemberNo);
    await admin.getByRole('button', { name: 'Search' }).click();
    await expect(bookingsTable.getByRole('row').filter({ hasText: bookingNo })).toBeVisible();
    await expect(bookingsTable.getByRole('row')).toHaveCount(2);
    await choose(admin, 'Attended', 'No');
    await expect(admin.getByText('No bookings match.')).toBeVisible();
    await choose(admin, 'Attended', 'Yes');
    await expect(bookingsTable.getByRole('row').filter({ hasText: bookingNo })).toContainText('CPD-');
    await admin.screenshot({ path: 'screenshots/events-admin-bookings.png', fullPage: true });
  });

  await test.step('the member sees 5 points this year and the certificate verifies as genuine', async () => {
    await me.goto('/cpd');
    await expect(me.getByRole('heading', { name: 'My Cpd' })).toBeVisible();
    await expect(me.getByTestId('cpd-points')).toContainText('5');
    await expect(me.getByTestId('cpd-progress')).toContainText('5 of 50');
    expect(await cpdTotal(me)).toBe(5);
    await me.screenshot({ path: 'screenshots/cpd-dashboard.png', fullPage: true });
    const view = me.getByRole('link', { name: /^View certificate CPD-/ }).first();
    const certificateNo = ((await view.getAttribute('aria-label')) ?? '').replace('View certificate ', '');
    await expect(view).toHaveAttribute('target', '_blank');
    const [tab] = await Promise.all([me.context().waitForEvent('page'), view.click()]);
    await expect(tab).toHaveURL(new RegExp(`/cpd/certificate/${certificateNo}$`));
    await expectPdfShown(tab);
    const certificate = await downloadPdf(tab);
    const text = await pdfText(certificate.bytes);
    expect(text).toContain(title);
    expect(text).toContain(`5 CPD points for ${thisYear()}`);
    await tab.screenshot({ path: 'screenshots/cpd-certificate.png', fullPage: true });

    const stranger = await ownBrowser(browser);
    await stranger.goto(`/search/verify/${certificateNo}`);
    await expect(stranger.getByText('Genuine document')).toBeVisible();
    await expect(stranger.getByText('Valid', { exact: true })).toHaveCount(1); // the chip: no Status row repeating it (issue 16)
    await expect(stranger.getByText(`awarded 5 CPD points for ${thisYear()}`, { exact: false })).toBeVisible();
    await stranger.screenshot({ path: 'screenshots/cpd-certificate-verified.png', fullPage: true });
  });
});

test('a member records an outside course with evidence; an approver accepts it and the total rises', async ({ browser }) => {
  test.setTimeout(120_000);
  const course = `Tunnelling short course ${uniqueLetters(6)}`;
  const me = await ownBrowser(browser);
  await signedIn(me, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await me.goto('/cpd');
  const before = await cpdTotal(me);

  await test.step('the member records the course with its certificate as evidence', async () => {
    await me.getByRole('button', { name: 'Record an activity' }).click();
    const dialog = me.getByRole('dialog');
    await choose(dialog, 'Activity type', 'Course or training');
    await dialog.getByLabel('Description').fill(course);
    await dialog.getByLabel('Provider').fill('Kenya School of Government');
    await dialog.getByLabel('Start date').fill(nairobiDay(-10));
    await dialog.getByLabel('End date').fill(nairobiDay(-8));
    await dialog.getByLabel('Hours').fill('6');
    await dialog.getByLabel('Evidence').setInputFiles(pdfFile('course-certificate.pdf'));
    await dialog.getByRole('button', { name: 'Record activity' }).click();
    await expect(dialog).toBeHidden();
    await expect(me.getByText(course).first()).toBeVisible();
    await expect(me.getByTestId('cpd-pending')).toContainText('6');
    await me.screenshot({ path: 'screenshots/cpd-activity-pending.png', fullPage: true });
  });

  await test.step('an approver accepts it in the back office', async () => {
    const approver = await ownBrowser(browser);
    await signedIn(approver, APPROVER.email, APPROVER.password);
    await approver.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'CPD', exact: true }).click();
    await expect(approver).toHaveURL(/\/admin\/cpd/);
    // The queue is paged (issue 26): the search finds the course whatever else waits.
    await approver.getByLabel('Search activities').fill(course);
    await approver.getByRole('button', { name: 'Search' }).click();
    const queue = approver.getByRole('table', { name: 'Outside activities' });
    await expect(queue.getByRole('row')).toHaveCount(2);
    const row = queue.getByRole('row').filter({ hasText: course });
    await row.getByRole('button', { name: 'Accept' }).click();
    const dialog = approver.getByRole('dialog', { name: 'Accept the activity' });
    await expect(dialog.getByLabel('CPD points')).toHaveValue('6');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(dialog).toBeHidden();
    await approver.screenshot({ path: 'screenshots/cpd-back-office.png', fullPage: true });
  });

  await test.step('the member’s total rises by the accepted points', async () => {
    await me.reload();
    await expect.poll(() => cpdTotal(me)).toBe(before + 6);
    await expect(me.getByText('Accepted').first()).toBeVisible();
  });
});
