import { applicationMessages, messages } from '@portal/contract';
import { schema } from '@portal/db';
import { asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { applicationRow, createApplicant, createApplication } from '../../../test/applications';
import { completeChecklist, confirmName } from '../../../test/checklist';
import { createTestApp, uniqueIp } from '../../../test/harness';
import { createIndividual } from '../../../test/profile';
import { checkLedgerInvariants, today } from '../billing';

const t = await createTestApp();
const { applicationEvents, oneTimeCodes } = schema;

afterEach(async () => {
  expect(await checkLedgerInvariants(t.db)).toEqual([]);
});

/** An individual with a complete checklist, a confirmed name and a New application not yet linked to the profile. */
async function readyApplicant(options: Parameters<typeof createApplication>[2] = {}) {
  const applicant = await createIndividual(t);
  await completeChecklist(t, applicant.token);
  await confirmName(t, applicant.token);
  const application = await createApplication(t, applicant.user.id, options);
  return { ...applicant, application };
}

const requestOtp = (token: string, Code: string, ip = uniqueIp()) =>
  t.call('POST', '/api/application/submit/otp', { token, body: { Code }, ip });

const submit = (token: string, Code: string, otp_code: string, ip = uniqueIp()) =>
  t.call('POST', '/api/application/submit', { token, body: { Code, otp_code }, ip });

async function smsCode(token: string, code: string, phone: string) {
  const response = await requestOtp(token, code);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return t.latestCode(phone);
}

const eventsOf = (code: string) =>
  t.db.select().from(applicationEvents).where(eq(applicationEvents.applicationCode, code)).orderBy(asc(applicationEvents.id));

/** A code that is certainly not the one sent. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/application/submit/otp', () => {
  it('answers 401 without sign-in', async () => {
    expect((await t.call('POST', '/api/application/submit/otp', { body: { Code: 'APP000001' } })).status).toBe(401);
  });

  it("texts a 6-digit code to the applicant's phone and answers the masked number", async () => {
    const { user, token, application } = await readyApplicant();
    const response = await requestOtp(token, application.code);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ message: applicationMessages.otpSent, maskedPhone: expect.stringMatching(/\*/) });
    expect(response.body.data.maskedPhone).not.toBe(user.phoneNo);
    const [sms] = await t.outboxFor(user.phoneNo as string);
    expect(sms.channel).toBe('sms');
    expect(sms.body).toMatch(/\b\d{6}\b/);
    expect(sms.body).toContain(application.code);
    const [stored] = await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user.id));
    expect(stored.purpose).toBe('application_submit');
    expect(stored.codeHash).not.toContain(await t.latestCode(user.phoneNo as string));
  });

  it('refuses a second code inside a minute', async () => {
    const { token, application } = await readyApplicant();
    expect((await requestOtp(token, application.code)).status).toBe(200);
    const again = await requestOtp(token, application.code);
    expect(again.status).toBe(429);
    expect(again.body.message).toBe(messages.otpResendWait);
  });

  it("answers 404 for someone else's application and sends nothing", async () => {
    const owner = await readyApplicant();
    const other = await readyApplicant();
    const response = await requestOtp(other.token, owner.application.code);
    expect(response.status).toBe(404);
    expect(response.body.message).toBe(applicationMessages.applicationNotFound);
    expect(await t.outboxFor(other.user.phoneNo as string)).toHaveLength(0);
    expect(await t.outboxFor(owner.user.phoneNo as string)).toHaveLength(0);
  });

  it('refuses while the checklist is incomplete, without texting', async () => {
    const { user, token, application } = await createApplicant(t);
    await confirmName(t, token);
    const response = await requestOtp(token, application.code);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(applicationMessages.checklistIncomplete);
    expect(await t.outboxFor(user.phoneNo as string)).toHaveLength(0);
  });

  it('refuses while the profile name is not confirmed', async () => {
    const { user, token, application } = await createApplicant(t);
    await completeChecklist(t, token);
    const response = await requestOtp(token, application.code);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(applicationMessages.nameNotConfirmed);
    expect(await t.outboxFor(user.phoneNo as string)).toHaveLength(0);
  });
});

describe('POST /api/application/submit', () => {
  it('answers 401 without sign-in', async () => {
    expect((await t.call('POST', '/api/application/submit', { body: { Code: 'APP000001', otp_code: '123456' } })).status).toBe(401);
  });

  it('checks the code has six digits', async () => {
    const { token, application } = await readyApplicant();
    const response = await submit(token, application.code, '12345');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(messages.otpDigits);
  });

  it('submits a New application with the texted code: Open, linked to the profile, event and email written', async () => {
    const { user, token, profileId, application } = await readyApplicant();
    expect(application.profileId).toBeNull();
    const otp = await smsCode(token, application.code, user.phoneNo as string);
    const before = Date.now();

    // The spec's client posts the application object itself: extra fields are ignored.
    const response = await t.call('POST', '/api/application/submit', {
      token,
      ip: uniqueIp(),
      body: { Code: application.code, status: 'Released', Submitted: false, Amount: 1, otp_code: otp },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({
      Code: application.code,
      ProfileID: profileId,
      status: 'Open',
      Submitted: true,
      Amount: 2320,
      returnedAt: null,
      membershipComments: [],
    });
    expect(Date.parse(response.body.data.submittedAt)).toBeGreaterThanOrEqual(before - 1000);

    const row = await applicationRow(t, application.code);
    expect(row).toMatchObject({ status: 'Open', submitted: true, profileId, returnedAt: null });
    expect(row.submittedAt).toBeInstanceOf(Date);

    expect(await eventsOf(application.code)).toEqual([
      expect.objectContaining({
        kind: 'submitted',
        fromStatus: 'New',
        toStatus: 'Open',
        actorId: user.id,
        actorName: 'Wanjiku Kamau',
        commentId: null,
      }),
    ]);

    const [email] = await t.outboxFor(user.email);
    expect(email.channel).toBe('email');
    expect(email.subject).toBe(`Application ${application.code} submitted`);
    expect(email.body).toContain('http://portal.test/application');

    const list = await t.call('GET', '/api/application', { token });
    expect(list.body.data[0]).toEqual(response.body.data);
  });

  it('refuses a wrong code, counts the try, and still accepts the right one', async () => {
    const { user, token, application } = await readyApplicant();
    const otp = await smsCode(token, application.code, user.phoneNo as string);
    const refused = await submit(token, application.code, wrong(otp));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(messages.invalidOtp);
    const [code] = await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user.id));
    expect(code.attempts).toBe(1);
    expect((await applicationRow(t, application.code)).submitted).toBe(false);
    expect(await eventsOf(application.code)).toEqual([]);
    expect(await t.outboxFor(user.email)).toHaveLength(0);

    expect((await submit(token, application.code, otp)).status).toBe(200);
  });

  it('kills the code after five wrong tries', async () => {
    const { user, token, application } = await readyApplicant();
    const otp = await smsCode(token, application.code, user.phoneNo as string);
    for (let i = 0; i < 4; i++) expect((await submit(token, application.code, wrong(otp))).status).toBe(400);
    expect((await submit(token, application.code, wrong(otp))).status).toBe(429);
    const late = await submit(token, application.code, otp);
    expect(late.status).toBe(429);
    expect(late.body.message).toBe(messages.tooManyOtpTries);
    expect((await applicationRow(t, application.code)).submitted).toBe(false);
  });

  it('refuses an expired code', async () => {
    const { user, token, application } = await readyApplicant();
    const otp = await smsCode(token, application.code, user.phoneNo as string);
    await t.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.userId, user.id));
    const response = await submit(token, application.code, otp);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(messages.invalidOtp);
    expect((await applicationRow(t, application.code)).submitted).toBe(false);
  });

  it('refuses a code that was already used, even once the application is returned', async () => {
    const { user, token, application } = await readyApplicant();
    const otp = await smsCode(token, application.code, user.phoneNo as string);
    expect((await submit(token, application.code, otp)).status).toBe(200);
    await t.db
      .update(schema.applications)
      .set({ submitted: false, returnedAt: new Date() })
      .where(eq(schema.applications.code, application.code));
    const reused = await submit(token, application.code, otp);
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe(messages.invalidOtp);
    expect((await applicationRow(t, application.code)).submitted).toBe(false);
  });

  it("refuses a code texted for another of the applicant's applications", async () => {
    const { user, token, application } = await readyApplicant();
    const second = await createApplication(t, user.id);
    const otp = await smsCode(token, application.code, user.phoneNo as string);
    const response = await submit(token, second.code, otp);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(messages.invalidOtp);
    expect((await applicationRow(t, second.code)).submitted).toBe(false);
  });

  it("answers 404 for someone else's application and leaves it alone", async () => {
    const owner = await readyApplicant();
    const other = await readyApplicant();
    const otp = await smsCode(owner.token, owner.application.code, owner.user.phoneNo as string);
    const response = await submit(other.token, owner.application.code, otp);
    expect(response.status).toBe(404);
    expect((await applicationRow(t, owner.application.code)).submitted).toBe(false);
    // The owner's code is still good: the stranger's try never touched it.
    expect((await submit(owner.token, owner.application.code, otp)).status).toBe(200);
  });

  it('refuses while the checklist is incomplete', async () => {
    const { user, token, application } = await createApplicant(t);
    await confirmName(t, token);
    const response = await submit(token, application.code, '123456');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(applicationMessages.checklistIncomplete);
    expect((await applicationRow(t, application.code)).submitted).toBe(false);
    expect(await t.outboxFor(user.email)).toHaveLength(0);
  });

  it('refuses when the name was changed after a code was sent (confirmation undone)', async () => {
    const { user, token, profileId, application } = await readyApplicant();
    const otp = await smsCode(token, application.code, user.phoneNo as string);
    await t.db.update(schema.profiles).set({ confirmed: false }).where(eq(schema.profiles.profileId, profileId));
    const response = await submit(token, application.code, otp);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(applicationMessages.nameNotConfirmed);
    expect((await applicationRow(t, application.code)).submitted).toBe(false);
    // The code was not spent on the refusal.
    await confirmName(t, token);
    expect((await submit(token, application.code, otp)).status).toBe(200);
  });

  it('refuses a second submission', async () => {
    const { user, token, application } = await readyApplicant();
    const otp = await smsCode(token, application.code, user.phoneNo as string);
    expect((await submit(token, application.code, otp)).status).toBe(200);
    const again = await submit(token, application.code, otp);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(applicationMessages.alreadySubmitted);
    const otpAgain = await requestOtp(token, application.code);
    expect(otpAgain.status).toBe(409);
    expect(await eventsOf(application.code)).toHaveLength(1);
  });

  it('submits once when the same code is sent twice at the same moment', async () => {
    const { user, token, application } = await readyApplicant();
    const otp = await smsCode(token, application.code, user.phoneNo as string);
    const answers = await Promise.all([submit(token, application.code, otp), submit(token, application.code, otp)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, expect.any(Number)]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(await eventsOf(application.code)).toHaveLength(1);
    expect(await t.outboxFor(user.email)).toHaveLength(1);
  });

  it('refuses an application that is neither New nor returned', async () => {
    const { user, token } = await readyApplicant();
    const odd = await createApplication(t, user.id, { status: 'Verified', submitted: false });
    const response = await requestOtp(token, odd.code);
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(applicationMessages.notSubmittable);
  });

  it('re-submits a returned application: keeps its status, clears returnedAt, records the re-submission', async () => {
    const { user, token, profileId } = await readyApplicant();
    const returned = await createApplication(t, user.id, { status: 'Verified', submitted: false, profileId });
    const returnedAt = new Date('2025-04-01T10:00:00Z');
    await t.db.update(schema.applications).set({ returnedAt }).where(eq(schema.applications.code, returned.code));
    await t.db
      .insert(schema.applicationComments)
      .values({ applicationCode: returned.code, comment: 'Attach your degree certificate.', displayName: 'Registrar' });

    const listed = await t.call('GET', '/api/application', { token });
    expect(listed.body.data.find((a: { Code: string }) => a.Code === returned.code)).toMatchObject({
      Submitted: false,
      returnedAt: returnedAt.toISOString(),
    });

    const otp = await smsCode(token, returned.code, user.phoneNo as string);
    const response = await submit(token, returned.code, otp);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({ status: 'Verified', Submitted: true, returnedAt: null });
    expect(response.body.data.membershipComments.map((c: { comment: string }) => c.comment)).toEqual(['Attach your degree certificate.']);
    const row = await applicationRow(t, returned.code);
    expect(row).toMatchObject({ status: 'Verified', submitted: true, returnedAt: null });
    expect(await eventsOf(returned.code)).toEqual([
      expect.objectContaining({ kind: 'resubmitted', fromStatus: 'Verified', toStatus: 'Verified', actorId: user.id }),
    ]);
    const [email] = await t.outboxFor(user.email);
    expect(email.subject).toBe(`Application ${returned.code} re-submitted`);
  });
});

describe('the application fee invoice', () => {
  const feeInvoices = (code: string) => t.db.select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.externalDocumentNo, code));

  it("is raised at the first submission, in the submission's transaction, for the application's amount", async () => {
    const { user, token, profileId, application } = await readyApplicant({ amount: '2320.00' });
    const otp = await smsCode(token, application.code, user.phoneNo as string);
    // A refused submission raises nothing.
    expect((await submit(token, application.code, wrong(otp))).status).toBe(400);
    expect(await feeInvoices(application.code)).toHaveLength(0);

    expect((await submit(token, application.code, otp)).status).toBe(200);
    const invoices = await feeInvoices(application.code);
    expect(invoices).toEqual([
      expect.objectContaining({
        profileId,
        documentType: 'Invoice',
        purpose: 'application',
        amountCents: 232_000,
        remainingCents: 232_000,
        documentDate: today(),
        dueDate: today(),
        createdBy: user.id,
        description: `Application fee ${application.code}`,
      }),
    ]);
    const row = await applicationRow(t, application.code);
    expect(row.invoiceNo).toBe(invoices[0].documentNo);
    expect(row.postedReceiptNo).toBeNull();
  });

  it('is never raised twice: a re-submission keeps the first invoice', async () => {
    const { user, token, application } = await readyApplicant();
    const otp = await smsCode(token, application.code, user.phoneNo as string);
    expect((await submit(token, application.code, otp)).status).toBe(200);
    const [first] = await feeInvoices(application.code);
    // A reviewer hands it back; the applicant submits again.
    await t.db
      .update(schema.applications)
      .set({ submitted: false, returnedAt: new Date() })
      .where(eq(schema.applications.code, application.code));
    await t.db.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, user.id));
    const again = await smsCode(token, application.code, user.phoneNo as string);
    expect((await submit(token, application.code, again)).status).toBe(200);
    expect(await feeInvoices(application.code)).toEqual([expect.objectContaining({ documentNo: first.documentNo })]);
    expect((await applicationRow(t, application.code)).invoiceNo).toBe(first.documentNo);
  });

  it('two submissions at the same moment raise one invoice', async () => {
    const { user, token, application } = await readyApplicant();
    const otp = await smsCode(token, application.code, user.phoneNo as string);
    await Promise.all([submit(token, application.code, otp), submit(token, application.code, otp)]);
    expect(await feeInvoices(application.code)).toHaveLength(1);
  });
});
