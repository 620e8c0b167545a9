import { ADMIN, expect, registerCsv, staffToken, test, uniqueDigits, uniqueLetters, waitForMessage } from './support';

/**
 * Issue 29: a member unsubscribes from a campaign e-mail on a phone, and the next campaign skips them. The campaign is
 * written through the API here (the editor has its own flow); the member's side is the browser.
 */
test('a recipient unsubscribes from the link in a campaign e-mail and the next campaign skips them', async ({ page, request, baseURL }) => {
  const origin = baseURL ?? '';
  const token = await staffToken(request, origin, ADMIN.email, ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  const memberNo = `CU${uniqueDigits(6)}`;
  const email = `reader.${uniqueLetters()}@example.com`;

  await test.step('the member is on the register', async () => {
    const csv = registerCsv([
      {
        MemberNo: memberNo,
        FirstName: 'Wambui',
        SecondName: '',
        LastName: 'Kariuki',
        IdentificationDocumentNo: uniqueDigits(8),
        Email: email,
        PhoneNo: `2547${uniqueDigits(8)}`,
        Category: 'PROFESSIONAL',
        Discipline: 'CIVIL',
        RegistrationDate: '2019-03-01',
        Status: 'Active',
        Type: 'Individual',
      },
    ]);
    const imported = await request.post('/api/admin/members/import', {
      headers,
      multipart: { file: { name: 'register.csv', mimeType: 'text/csv', buffer: csv } },
    });
    expect(imported.ok(), await imported.text()).toBeTruthy();
  });

  const campaign = async (name: string) => {
    const created = await request.post('/api/admin/campaigns', {
      headers,
      data: {
        name,
        channel: 'email',
        subject: 'News for {{firstName}}',
        body: 'Dear {{firstName}},\n\nThe AGM is on Friday.',
        segment: { memberNos: [memberNo] },
      },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    const no = (await created.json()).data.no as string;
    expect((await request.post(`/api/admin/campaigns/${no}/send`, { headers })).status()).toBe(202);
    return no;
  };

  const first = await campaign('AGM notice');
  const message = await waitForMessage(request, email, /The AGM is on Friday/);
  const link = message.body.match(/https?:\/\/[^/\s]+(\/unsubscribe\/\S+)/)?.[1] ?? '';
  expect(link).not.toBe('');

  await test.step('the first campaign completes', async () => {
    await expect
      .poll(async () => (await (await request.get(`/api/admin/campaigns/${first}`, { headers })).json()).data.status, { timeout: 30_000 })
      .toBe('completed');
  });

  await test.step('on a phone, the member opens the link and unsubscribes', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Unsubscribe from news and campaigns?' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('unsubscribe-ask.png') });
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('unsubscribe-done.png') });
  });

  await test.step('the next campaign skips them', async () => {
    const next = await campaign('Seminar next week');
    const recipients = await request.get(`/api/admin/campaigns/${next}/recipients`, { headers });
    expect((await recipients.json()).data.items).toMatchObject([{ memberNo, status: 'skipped', reason: 'Opted out of this channel' }]);
  });
});
