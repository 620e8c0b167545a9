import {
  ADMIN,
  APPROVER,
  acceptInOneClick,
  acceptWithAnswers,
  activateMember,
  downloadPdf,
  expect,
  expectPdfShown,
  fillApplicantProfile,
  importRegister,
  ownBrowser,
  payApplicationFee,
  pdfText,
  type RegisterRow,
  refereeLinksIn,
  refereeRequestEmail,
  registeredApplicant,
  reviewApplication,
  signedIn,
  submitApplication,
  test,
  tokenOf,
  uniqueDigits,
  uniqueLetters,
} from './support';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Two members of the body's register, unique to this run, as the import file lists them. */
function registerRows(): RegisterRow[] {
  const run = uniqueDigits(6);
  return ['Achieng', 'Baraka'].map((firstName, i) => ({
    MemberNo: `JRN${run}${i}`,
    FirstName: firstName,
    SecondName: '',
    LastName: `Referee${capitalised(uniqueLetters(5))}`,
    IdentificationDocumentNo: `3${run}${i}`,
    Email: `referee.${run}.${i}@example.com`,
    PhoneNo: `0110${run}`.slice(0, 9) + i,
    Category: 'PROFESSIONAL',
    Discipline: 'Civil Engineering',
    RegistrationDate: '2015-06-30',
    Status: 'Active',
    Type: 'Individual',
  }));
}

test('an applicant goes from registration to a verified certificate', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const rows = registerRows();
  const names = { first: 'Wairimu', last: `Kendi${capitalised(uniqueLetters(6))}` };
  const fullName = `${names.first} ${names.last}`;

  // 1. The main administrator imports two members of the register.
  const admin = await ownBrowser(browser);
  await signedIn(admin, ADMIN.email, ADMIN.password);
  await test.step('the administrator imports the register', async () => {
    await importRegister(admin, rows, 'journey-register.csv');
    await admin.screenshot({ path: 'screenshots/journey-import.png', fullPage: true });
  });

  // 2. Both imported members activate their accounts in their own browsers.
  const referees = await Promise.all(rows.map(() => ownBrowser(browser)));
  for (const [i, row] of rows.entries()) {
    await test.step(`${row.FirstName} activates the account`, () =>
      activateMember(referees[i], request, {
        memberNo: row.MemberNo,
        idNumber: row.IdentificationDocumentNo,
        email: row.Email,
        password: 'Ref3ree!Pass',
      }));
  }

  // 3. A new applicant registers, fills the profile and names the two members as referees.
  const applicant = await registeredApplicant(request);
  const me = await ownBrowser(browser);
  await test.step('the applicant completes the profile', async () => {
    await signedIn(me, applicant.email, applicant.password);
    await fillApplicantProfile(
      me,
      applicant,
      names,
      rows.map((r) => r.MemberNo),
    );
    // The referees have not answered yet: the checklist waits for them.
    await me.goto('/checklist/type/Application');
    await expect(me.getByTestId('checklist-progress')).not.toHaveText('100%');
  });

  // 4. The referees answer through the links in their emails: the questions, then the one-click accept.
  await test.step('the referees accept', async () => {
    const [first, second] = await Promise.all(rows.map((r) => refereeRequestEmail(request, r.Email, fullName)));
    await acceptWithAnswers(referees[0], refereeLinksIn(first).review, 'screenshots/journey-referee-form.png');
    await acceptInOneClick(referees[1], refereeLinksIn(second).accept);
    await me.goto('/profile?tab=referee');
    const table = me.getByRole('table', { name: 'Referees' });
    for (const row of rows) await expect(table.getByRole('row').filter({ hasText: row.MemberNo })).toContainText('Accept');
  });

  // 5. The applicant confirms the name and submits with the texted OTP; the application document opens.
  let code = '';
  await test.step('the applicant submits', async () => {
    await me.goto('/profile/profileConfirm');
    await me.getByRole('button', { name: 'Correct', exact: true }).click();
    await expect(me).toHaveURL(/\/dashboard$/);
    code = await submitApplication(me, request, applicant.phone);
    expect(code).not.toBe('');
    await me.screenshot({ path: 'screenshots/journey-application-document.png', fullPage: true });
  });

  // 6. The applicant pays the application fee (invoiced at submission) by M-Pesa; the back office needs the receipt.
  await test.step('the applicant pays the application fee', async () => {
    const receiptNo = await payApplicationFee(me, code, '254712345678');
    expect(receiptNo).toMatch(/^RCT\d+$/);
    await me.screenshot({ path: 'screenshots/journey-fee-paid.png', fullPage: true });
  });

  // 7. The approver moves the application through review to Released.
  const approver = await ownBrowser(browser);
  let memberNo = '';
  await test.step('the approver releases the application', async () => {
    await signedIn(approver, APPROVER.email, APPROVER.password);
    await reviewApplication(approver, code, ['Verified', 'Committee Review', 'Board Review', 'Released']);
    const assigned = approver.getByText(/^Member No \S+$/);
    memberNo = ((await assigned.textContent()) ?? '').replace('Member No ', '');
    expect(memberNo).toMatch(/^ERB\d+$/);
    await approver.screenshot({ path: 'screenshots/journey-released.png', fullPage: true });
  });

  // 8. The applicant sees the acceptance and downloads the acceptance letter.
  await test.step('the applicant downloads the acceptance letter', async () => {
    await me.goto('/application');
    const application = me.getByRole('table', { name: 'Applications' }).getByRole('row').filter({ hasText: code });
    await expect(application).toContainText('Accepted');
    await application.getByRole('link', { name: 'Acceptance Letter' }).click();
    await expect(me).toHaveURL(/\/application\/acceptanceLetter\//);
    await expectPdfShown(me);
    await me.screenshot({ path: 'screenshots/journey-acceptance-letter.png', fullPage: true });
    const letter = await downloadPdf(me);
    expect(letter.fileName).toBe(`ACCEPTANCE-LETTER-${code}.pdf`);
    expect(letter.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pdfText(letter.bytes)).toContain(memberNo);
  });

  // 9. Anyone finds the new member in the public register.
  const visitor = await ownBrowser(browser);
  await test.step('the public search finds the new member', async () => {
    await visitor.goto('/search/search-list');
    await visitor.getByLabel('Name or member number').fill(fullName);
    await visitor.getByRole('button', { name: 'Search', exact: true }).click();
    const card = visitor.getByRole('link').filter({ hasText: names.last });
    await expect(card).toContainText(fullName);
    await expect(card).toContainText(memberNo);
    await visitor.screenshot({ path: 'screenshots/journey-search.png', fullPage: true });
    await card.click();
    await expect(visitor).toHaveURL(/\/search\/search-card\//);
    await expect(visitor.getByRole('heading', { name: fullName })).toBeVisible();
    await expect(visitor.getByText(memberNo, { exact: true })).toBeVisible();
  });

  // 10. The certificate's QR address opens a page confirming it.
  await test.step('the certificate verifies', async () => {
    await me.goto('/application');
    await me
      .getByRole('table', { name: 'Applications' })
      .getByRole('row')
      .filter({ hasText: code })
      .getByRole('link', { name: 'Certificate' })
      .click();
    await expect(me).toHaveURL(/\/application\/certificate\//);
    await expectPdfShown(me);
    await me.screenshot({ path: 'screenshots/journey-certificate.png', fullPage: true });

    const response = await request.get(`/api/application/certificate/${code}`, {
      headers: { Authorization: `Bearer ${await tokenOf(me)}` },
    });
    expect(response.ok()).toBeTruthy();
    const certificate = Buffer.from(((await response.json()) as { data: string }).data, 'base64');
    expect(certificate.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(certificate);
    expect(text).toContain(memberNo);
    const verifyUrl = text.match(/https?:\/\/\S+\/search\/verify\/CRT-[0-9A-Z-]+/)?.[0];
    expect(verifyUrl, text).toBeTruthy();

    await visitor.goto(verifyUrl as string);
    await expect(visitor.getByRole('heading', { name: 'Genuine document' })).toBeVisible();
    // The status once, in the chip beside the title (issue 16: no Status row repeating it).
    await expect(visitor.getByText('Valid', { exact: true })).toHaveCount(1);
    await expect(visitor.getByText(/is still valid\.$/)).toBeVisible();
    await expect(visitor.getByText(`${fullName} is registered with`)).toContainText(`member number ${memberNo}.`);
    await expect(visitor.getByText(fullName, { exact: true })).toBeVisible();
    await expect(visitor.getByText(memberNo, { exact: true })).toBeVisible();
    await visitor.screenshot({ path: 'screenshots/journey-verified.png', fullPage: true });
  });

  for (const page of [admin, ...referees, me, approver, visitor]) await page.context().close();
});
