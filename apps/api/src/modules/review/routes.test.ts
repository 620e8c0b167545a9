import { billingAdminMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { applicationRow, createApplication } from '../../../test/applications';
import { payApplicationFee } from '../../../test/billing';
import { createMember, createTestApp, createUser, signIn } from '../../../test/harness';
import { addEntry, registeredMember, sectionSample } from '../../../test/profile';
import { commentsUrl, createReviewer, returnUrl, setMinorSetting, statusUrl, submittedApplicant } from '../../../test/review';
import { nairobiDate } from '../../shared/dates';
import { checkLedgerInvariants, invoiceApplicationFee, postPayment, subscriptionDueDate } from '../billing';

const t = await createTestApp();
const admin = await createReviewer(t, 'admin', 'Grace Registrar');
const approver = await createReviewer(t, 'approver');
const memberUser = await createUser(t.db);
const memberToken = await signIn(t, memberUser.email);

afterEach(async () => {
  expect(await checkLedgerInvariants(t.db)).toEqual([]);
});

async function eventsOf(code: string) {
  return t.db
    .select()
    .from(schema.applicationEvents)
    .where(eq(schema.applicationEvents.applicationCode, code))
    .orderBy(asc(schema.applicationEvents.id));
}

async function commentsOf(code: string) {
  return t.db
    .select()
    .from(schema.applicationComments)
    .where(eq(schema.applicationComments.applicationCode, code))
    .orderBy(asc(schema.applicationComments.id));
}

async function move(code: string, status: string, extra: Record<string, unknown> = {}, token = admin.token) {
  return t.call('POST', statusUrl(code), { token, body: { status, ...extra } });
}

describe('who may use the back office', () => {
  const endpoints: ['GET' | 'POST', (code: string) => string, unknown][] = [
    ['GET', () => '/api/admin/applications', undefined],
    ['GET', () => '/api/admin/applications/counts', undefined],
    ['GET', (c) => `/api/admin/applications/${c}`, undefined],
    // Bodies that would fail validation: refusal comes before the body is read.
    ['POST', statusUrl, { status: 'Nonsense' }],
    ['POST', returnUrl, {}],
    ['POST', commentsUrl, {}],
  ];

  it('answers 401 to a visitor and 403 to a member on every call, whatever the body', async () => {
    const { application } = await submittedApplicant(t);
    for (const [method, url, body] of endpoints) {
      const visitor = await t.call(method, url(application.code), { body });
      expect(visitor.status, `${method} ${url(application.code)}`).toBe(401);
      const member = await t.call(method, url(application.code), { body, token: memberToken });
      expect(member.status, `${method} ${url(application.code)}`).toBe(403);
      expect(member.body.message).toBe('You are not allowed to do this');
    }
    expect((await applicationRow(t, application.code)).status).toBe('Open');
    expect(await commentsOf(application.code)).toHaveLength(0);
  });

  it('refuses the applicant on their own application', async () => {
    const { application, token } = await submittedApplicant(t);
    expect((await t.call('GET', `/api/admin/applications/${application.code}`, { token })).status).toBe(403);
    expect((await move(application.code, 'Verified', {}, token)).status).toBe(403);
    expect((await applicationRow(t, application.code)).status).toBe('Open');
  });

  it('lets an approver (not an admin) read and move applications', async () => {
    const { application } = await submittedApplicant(t);
    expect((await t.call('GET', '/api/admin/applications', { token: approver.token })).status).toBe(200);
    expect((await t.call('GET', `/api/admin/applications/${application.code}`, { token: approver.token })).status).toBe(200);
    const moved = await move(application.code, 'Verified', {}, approver.token);
    expect(moved.status).toBe(200);
    const [event] = await eventsOf(application.code);
    expect(event).toMatchObject({ kind: 'status', fromStatus: 'Open', toStatus: 'Verified', actorId: approver.user.id });
    expect(event.actorName).toBe(approver.user.email);
  });
});

describe('GET /api/admin/applications and /counts', () => {
  it('lists, filters, searches, pages and counts on a register of its own', async () => {
    const local = await createTestApp();
    const reviewer = await createReviewer(local, 'approver');
    const older = await submittedApplicant(local, { status: 'Verified', at: new Date('2025-01-02T08:00:00Z') });
    const newer = await submittedApplicant(local, { status: 'Open', category: 'PROFESSIONAL', at: new Date('2025-03-02T08:00:00Z') });
    await local.db.update(schema.profiles).set({ firstName: 'Zawadi' }).where(eq(schema.profiles.profileId, newer.profileId));
    const draft = await createApplication(local, (await createUser(local.db)).id);
    const released = await submittedApplicant(local, { status: 'Released', at: new Date('2024-06-01T08:00:00Z') });
    const rejected = await submittedApplicant(local, { status: 'Rejected', at: new Date('2024-07-01T08:00:00Z') });
    const returned = await submittedApplicant(local, { status: 'Committee Review' });
    await local.db
      .update(schema.applications)
      .set({ submitted: false, returnedAt: new Date() })
      .where(eq(schema.applications.code, returned.application.code));
    const list = async (query = '') => {
      const response = await local.call('GET', `/api/admin/applications${query}`, { token: reviewer.token });
      expect(response.status).toBe(200);
      return response.body.data;
    };
    const codes = (page: { items: { Code: string }[] }) => page.items.map((i) => i.Code);

    // By default: submitted applications needing action, oldest submission first.
    const page = await list();
    expect(codes(page)).toEqual([older.application.code, newer.application.code]);
    expect(page.total).toBe(2);
    expect(page.counts).toEqual({
      action: 2,
      Open: 1,
      Verified: 1,
      'Committee Review': 0,
      'Board Review': 0,
      Released: 1,
      Rejected: 1,
      returned: 1,
      New: 1,
      all: 6,
    });
    expect(page.items[0]).toEqual({
      Code: older.application.code,
      kind: 'Registration',
      FromCategory: null,
      LicenseYear: null,
      ProfileID: older.profileId,
      ApplicantName: expect.stringMatching(/^Wanjiku .*Kamau$/),
      Email: older.user.email,
      AppliedCategory: 'GRADUATE',
      CategoryDescription: expect.any(String),
      status: 'Verified',
      Submitted: true,
      submittedAt: '2025-01-02T08:00:00.000Z',
      returnedAt: null,
      ApplicationDateTime: '2025-01-02T08:00:00.000Z',
      assignedMemberNo: null,
    });

    expect(codes(await list('?status=Released'))).toEqual([released.application.code]);
    expect(codes(await list('?status=all&kind=Registration'))).toHaveLength(6);
    expect(codes(await list('?status=all&kind=Upgrade'))).toEqual([]);
    expect(codes(await list('?status=Rejected'))).toEqual([rejected.application.code]);
    expect(codes(await list('?status=returned'))).toEqual([returned.application.code]);
    expect(codes(await list('?status=New'))).toEqual([draft.code]);
    expect(codes(await list('?status=Committee%20Review'))).toEqual([]);
    expect((await list('?status=all')).items).toHaveLength(6);
    expect((await local.call('GET', '/api/admin/applications?status=Bogus', { token: reviewer.token })).status).toBe(400);

    // Category and search narrow the list and its counts.
    const professional = await list('?category=PROFESSIONAL');
    expect(codes(professional)).toEqual([newer.application.code]);
    expect(professional.counts).toMatchObject({ action: 1, Verified: 0, all: 1 });
    expect(codes(await list(`?search=${older.application.code}`))).toEqual([older.application.code]);
    expect(codes(await list('?search=zawadi'))).toEqual([newer.application.code]);
    expect(codes(await list(`?search=${encodeURIComponent(older.user.email.toUpperCase())}`))).toEqual([older.application.code]);
    expect((await list('?search=nobody-like-this')).total).toBe(0);

    // Paged on the server.
    const first = await list('?pageSize=1&page=1');
    const second = await list('?pageSize=1&page=2');
    expect([...codes(first), ...codes(second)]).toEqual([older.application.code, newer.application.code]);
    expect(second.total).toBe(2);

    // The bell: submitted applications in Open, Verified, Committee Review or Board Review, every category.
    const bell = await local.call('GET', '/api/admin/applications/counts', { token: reviewer.token });
    expect(bell.status).toBe(200);
    expect(bell.body.data.needingAction).toBe(2);
    expect(bell.body.data.counts).toMatchObject({ Released: 1, Rejected: 1, New: 1, returned: 1, all: 6 });
  });
});

describe('GET /api/admin/applications/{code}', () => {
  it('answers 404 for an unknown code', async () => {
    const response = await t.call('GET', '/api/admin/applications/APP999999', { token: admin.token });
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('Application not found');
  });

  it('shows the profile with private fields, entries, files, checklist, referees, history and every comment', async () => {
    const applicant = await submittedApplicant(t);
    const code = applicant.application.code;
    expect((await addEntry(t, applicant.token, 'contact', sectionSample('contact'))).status).toBe(200);
    const refereeNo = await registeredMember(t);
    expect((await addEntry(t, applicant.token, 'referee', sectionSample('referee', refereeNo))).status).toBe(200);
    // The referee flow may already have sent its own request: this test sets the answered one itself.
    await t.db.delete(schema.refereeRequests).where(eq(schema.refereeRequests.profileId, applicant.profileId));
    await t.db.insert(schema.refereeRequests).values({
      profileId: applicant.profileId,
      entryNo: 1,
      refereeName: 'Jane Mwangi',
      refereeEmail: 'jane@example.com',
      refereeMemberNo: refereeNo,
      tokenHash: `hash-${code}`,
      expiresAt: new Date(Date.now() + 86_400_000),
      response: 'Accept',
      remarks: 'Known for years',
      answers: [{ questionNo: 1, question: 'How long have you known the applicant?', answer: 'Ten years' }],
      respondedAt: new Date('2025-04-01T10:00:00Z'),
    });
    await move(code, 'Verified', { comment: 'Documents in order', hiddenFromApplicant: false });
    await t.call('POST', commentsUrl(code), { token: admin.token, body: { comment: 'Internal: check the ID', hiddenFromApplicant: true } });

    const response = await t.call('GET', `/api/admin/applications/${code}`, { token: approver.token });
    expect(response.status).toBe(200);
    const data = response.body.data;
    expect(data.application).toMatchObject({ Code: code, status: 'Verified', Submitted: true, AppliedCategory: 'GRADUATE' });
    expect(data.applicant).toMatchObject({ id: applicant.user.id, email: applicant.user.email, email_updates: 1 });
    expect(data.profile).toMatchObject({
      ProfileID: applicant.profileId,
      FirstName: 'Wanjiku',
      LastName: 'Kamau',
      IdentificationDocumentNo: '29876543',
      DateOfBirth: '1990-05-04',
      Nationality: 'KE',
    });
    expect(data.profile.pictureFileId).toEqual(expect.any(String));
    expect(data.profile.idFileId).toEqual(expect.any(String));
    const contact = data.sections.find((s: { section: string }) => s.section === 'contact');
    expect(contact.entries).toHaveLength(1);
    expect(contact.entries[0]).toMatchObject({ Type: 'Personal', EntryNo: 1, Country_Code: 'KE', County: '047' });
    // Setup codes of the bio and of the entries come with their descriptions, for the page to show names.
    expect(data.codeLabels).toMatchObject({
      'countries:KE': 'Kenya',
      'counties:047': 'Nairobi City',
      'disciplines:CIVIL': 'Civil Engineering',
    });
    expect(data.profile.DisciplineDescription).toBe('Civil Engineering');
    expect(data.sections.map((s: { section: string }) => s.section)).not.toContain('directors');
    expect(data.files.map((f: { id: string }) => f.id)).toEqual(
      expect.arrayContaining([data.profile.pictureFileId, data.profile.idFileId]),
    );
    // The reviewer opens them with the ordinary file call.
    const file = await t.call('GET', `/api/files/${data.profile.idFileId}`, { token: approver.token });
    expect(file.status).toBe(200);
    expect(Buffer.from(file.body.data.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(data.checklist.length).toBeGreaterThan(0);
    expect(data.checklist.find((c: { code: string }) => c.code === 'PICTURE')?.pass).toBe(true);
    expect(data.referees).toEqual([
      expect.objectContaining({
        refereeName: 'Jane Mwangi',
        response: 'Accept',
        remarks: 'Known for years',
        answers: [{ questionNo: 1, question: 'How long have you known the applicant?', answer: 'Ten years' }],
        respondedAt: '2025-04-01T10:00:00.000Z',
        superseded: false,
      }),
    ]);
    expect(data.events).toEqual([
      expect.objectContaining({ kind: 'status', fromStatus: 'Open', toStatus: 'Verified', actorName: 'Grace Registrar' }),
    ]);
    expect(data.comments.map((c: { comment: string; hiddenFromApplicant: boolean }) => [c.comment, c.hiddenFromApplicant])).toEqual([
      ['Documents in order', false],
      ['Internal: check the ID', true],
    ]);
    expect(data.events[0].commentId).toBe(data.comments[0].id);
    expect(data.allowedTransitions).toEqual(['Committee Review', 'Rejected']);
    expect(data.canReturn).toBe(true);
  });
});

describe('POST /api/admin/applications/{code}/status', () => {
  it('walks Open → Verified → Committee Review → Board Review → Released, recording each step', async () => {
    const { application } = await submittedApplicant(t);
    for (const status of ['Verified', 'Committee Review', 'Board Review', 'Released']) {
      const response = await move(application.code, status);
      expect(response.status, status).toBe(200);
      expect(response.body.data.status).toBe(status);
    }
    const events = await eventsOf(application.code);
    expect(events.map((e) => [e.fromStatus, e.toStatus])).toEqual([
      ['Open', 'Verified'],
      ['Verified', 'Committee Review'],
      ['Committee Review', 'Board Review'],
      ['Board Review', 'Released'],
    ]);
    expect(events.every((e) => e.kind === 'status' && e.actorId === admin.user.id && e.actorName === 'Grace Registrar')).toBe(true);
    const row = await applicationRow(t, application.code);
    expect(row.decidedAt).not.toBeNull();
    const audits = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, 'application.status_changed'), eq(schema.auditLog.target, `application:${application.code}`)));
    expect(audits).toHaveLength(4);
    expect(audits.every((a) => a.actorId === admin.user.id)).toBe(true);
  });

  it('rejects from each review status, with the reason', async () => {
    for (const status of ['Open', 'Verified', 'Committee Review', 'Board Review']) {
      const { application } = await submittedApplicant(t, { status });
      const response = await move(application.code, 'Rejected', { comment: 'Does not meet the academic requirement' });
      expect(response.status, status).toBe(200);
      const row = await applicationRow(t, application.code);
      expect(row.status).toBe('Rejected');
      expect(row.decidedAt).not.toBeNull();
      expect(row.assignedMemberNo).toBeNull();
      const [event] = await eventsOf(application.code);
      expect(event).toMatchObject({ fromStatus: status, toStatus: 'Rejected' });
    }
  });

  it('needs a reason to reject', async () => {
    const { application } = await submittedApplicant(t);
    const response = await move(application.code, 'Rejected', { comment: '   ' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Give the reason for the rejection');
    expect((await applicationRow(t, application.code)).status).toBe('Open');
  });

  it.each([
    ['Open', 'Released'],
    ['Open', 'Committee Review'],
    ['Open', 'Board Review'],
    ['Open', 'Open'],
    ['Verified', 'Open'],
    ['Verified', 'Board Review'],
    ['Committee Review', 'Verified'],
    ['Committee Review', 'Released'],
    ['Board Review', 'Committee Review'],
    ['Open', 'New'],
  ])('refuses %s → %s', async (from, to) => {
    const { application } = await submittedApplicant(t, { status: from });
    const response = await move(application.code, to, { comment: 'x' });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(`An application in ${from} cannot be moved to ${to}`);
    expect((await applicationRow(t, application.code)).status).toBe(from);
    expect(await eventsOf(application.code)).toHaveLength(0);
    expect(await commentsOf(application.code)).toHaveLength(0);
  });

  it.each(['Released', 'Rejected'])('never moves a %s application again', async (final) => {
    const { application } = await submittedApplicant(t, { status: final });
    for (const to of ['Open', 'Verified', 'Released', 'Rejected']) {
      const response = await move(application.code, to, { comment: 'again' });
      expect(response.status).toBe(409);
      expect(response.body.message).toBe(`This application is already ${final} and cannot be changed`);
    }
    expect((await applicationRow(t, application.code)).status).toBe(final);
  });

  it('refuses to move an application that is not submitted (a draft, or one returned to the applicant)', async () => {
    const draft = await createApplication(t, (await createUser(t.db)).id);
    const returned = await submittedApplicant(t, { status: 'Verified' });
    await t.db
      .update(schema.applications)
      .set({ submitted: false, returnedAt: new Date() })
      .where(eq(schema.applications.code, returned.application.code));
    for (const code of [draft.code, returned.application.code]) {
      const response = await move(code, code === draft.code ? 'Verified' : 'Committee Review');
      expect(response.status).toBe(409);
      expect(response.body.message).toBe('This application has not been submitted, so it cannot be moved');
    }
  });

  it('answers 400 for an unknown status and 404 for an unknown application', async () => {
    const { application } = await submittedApplicant(t);
    expect((await move(application.code, 'Approved')).status).toBe(400);
    expect((await move('APP000000', 'Verified')).status).toBe(404);
  });

  it('moves once when two reviewers press at the same moment', async () => {
    const { application } = await submittedApplicant(t);
    const [a, b] = await Promise.all([
      move(application.code, 'Verified', { comment: 'first' }),
      move(application.code, 'Verified', { comment: 'second' }, approver.token),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await eventsOf(application.code)).toHaveLength(1);
    expect(await commentsOf(application.code)).toHaveLength(1);
    expect((await applicationRow(t, application.code)).status).toBe('Verified');
  });
});

describe('release', () => {
  it('assigns the next number after the register, creates the membership and updates profile and account', async () => {
    const local = t;
    const reviewer = admin;
    await setMinorSetting(local, 'member_number_prefix', 'RGA');
    // The register already holds RGA1001 and RGA1002 (like RGA1001 and RGA1002 in the demo data), and an unrelated number.
    await createMember(local.db, { memberNo: 'RGA1001' });
    await createMember(local.db, { memberNo: 'RGA1002' });
    await createMember(local.db, { memberNo: 'RGAX99999' });
    const first = await submittedApplicant(local, { status: 'Board Review', category: 'PROFESSIONAL' });
    const second = await submittedApplicant(local, { status: 'Board Review' });

    const response = await local.call('POST', statusUrl(first.application.code), { token: reviewer.token, body: { status: 'Released' } });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ status: 'Released', assignedMemberNo: 'RGA1003' });
    expect(response.body.data.message).toBe('Application released: member number RGA1003 assigned');
    const again = await local.call('POST', statusUrl(second.application.code), { token: reviewer.token, body: { status: 'Released' } });
    expect(again.body.data.assignedMemberNo).toBe('RGA1004');

    const row = await applicationRow(local, first.application.code);
    expect(row).toMatchObject({ status: 'Released', assignedMemberNo: 'RGA1003' });
    expect(row.decidedAt).not.toBeNull();
    const [membership] = await local.db.select().from(schema.memberships).where(eq(schema.memberships.profileId, first.profileId));
    expect(membership).toMatchObject({
      memberNo: 'RGA1003',
      categoryCode: 'PROFESSIONAL',
      status: 'Active',
      registrationDate: nairobiDate(new Date()),
    });
    const [profile] = await local.db.select().from(schema.profiles).where(eq(schema.profiles.profileId, first.profileId));
    expect(profile).toMatchObject({ memberNo: 'RGA1003', membershipType: 'PROFESSIONAL' });
    const [user] = await local.db.select().from(schema.users).where(eq(schema.users.id, first.user.id));
    expect(user.category).toBe('PROFESSIONAL');

    // The member's own summary now shows the membership.
    const summary = await local.call('GET', '/api/profile', { token: first.token });
    expect(summary.body.data.MemberNo).toBe('RGA1003');
    expect(summary.body.data.memberInformation).toEqual([expect.objectContaining({ No: 'RGA1003', Status: 'Active' })]);
  });

  it('uses the configured prefix, starts a fresh one at 1001 and skips numbers already held', async () => {
    const local = t;
    const reviewer = admin;
    await setMinorSetting(local, 'member_number_prefix', 'EBK');
    const release = async () => {
      const applicant = await submittedApplicant(local, { status: 'Board Review' });
      const response = await local.call('POST', statusUrl(applicant.application.code), {
        token: reviewer.token,
        body: { status: 'Released' },
      });
      expect(response.status).toBe(200);
      return response.body.data.assignedMemberNo as string;
    };
    expect(await release()).toBe('EBK1001');
    // Someone enters EBK1002 on the register by hand (an import): the next release passes over it.
    await createMember(local.db, { memberNo: 'EBK1002' });
    expect(await release()).toBe('EBK1003');
    const [sequence] = await local.db.select().from(schema.sequences).where(eq(schema.sequences.name, 'member:EBK'));
    expect(sequence.value).toBe(1003);
  });

  it('refuses to release an applicant who already holds a member number, changing nothing', async () => {
    const { application, profileId } = await submittedApplicant(t, { status: 'Board Review' });
    await t.db.update(schema.profiles).set({ memberNo: 'OLD123' }).where(eq(schema.profiles.profileId, profileId));
    const response = await move(application.code, 'Released');
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('The applicant is already registered as OLD123');
    expect((await applicationRow(t, application.code)).status).toBe('Board Review');
    expect(await t.db.select().from(schema.memberships).where(eq(schema.memberships.profileId, profileId))).toHaveLength(0);
  });
});

describe('the application fee gate', () => {
  it('keeps an application in Open until its fee has a posted receipt, then lets it move', async () => {
    const { application } = await submittedApplicant(t, { feePaid: false });
    const refused = await move(application.code, 'Verified');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(billingAdminMessages.feeNotPaid);
    expect((await applicationRow(t, application.code)).status).toBe('Open');
    expect(await eventsOf(application.code)).toHaveLength(0);

    const fee = await payApplicationFee(t, application.code);
    expect((await applicationRow(t, application.code)).postedReceiptNo).toBe(fee.receiptNo);
    const moved = await move(application.code, 'Verified');
    expect(moved.status).toBe(200);
    expect(moved.body.data.status).toBe('Verified');
  });

  it('a partly paid fee is not enough', async () => {
    const { application, profileId } = await submittedApplicant(t, { feePaid: false, amount: '2320.00' });
    await t.db.transaction(async (tx) => {
      const [row] = await tx.select().from(schema.applications).where(eq(schema.applications.code, application.code));
      const invoiceNo = await invoiceApplicationFee(tx as never, row, profileId, null);
      await postPayment(tx as never, { profileId, amountCents: 100_000, method: 'BANK', reference: `PART-${application.code}`, invoiceNo });
    });
    expect((await move(application.code, 'Verified')).status).toBe(409);
  });

  it('a rejection needs no payment; an unpaid application further along cannot move on either', async () => {
    const unpaid = await submittedApplicant(t, { feePaid: false });
    const rejected = await move(unpaid.application.code, 'Rejected', { comment: 'Not eligible' });
    expect(rejected.status).toBe(200);
    const stuck = await submittedApplicant(t, { status: 'Board Review', feePaid: false });
    const response = await move(stuck.application.code, 'Released');
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(billingAdminMessages.feeNotPaid);
    expect(await t.db.select().from(schema.memberships).where(eq(schema.memberships.profileId, stuck.profileId))).toHaveLength(0);
  });
});

describe('release bills the first subscription', () => {
  it("raises the current year's subscription at the category's fee, once", async () => {
    const applicant = await submittedApplicant(t, { status: 'Board Review', category: 'PROFESSIONAL' });
    const response = await move(applicant.application.code, 'Released');
    expect(response.status).toBe(200);
    const memberNo = response.body.data.assignedMemberNo as string;
    const period = nairobiDate(new Date()).slice(0, 4);
    const subs = await t.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.profileId, applicant.profileId));
    expect(subs).toEqual([expect.objectContaining({ memberNo, period, categoryCode: 'PROFESSIONAL' })]);
    const [invoice] = await t.db.select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.documentNo, subs[0].invoiceNo));
    expect(invoice).toMatchObject({
      profileId: applicant.profileId,
      purpose: 'subscription',
      amountCents: 580_000,
      remainingCents: 580_000,
      externalDocumentNo: `${memberNo}-${period}`,
      dueDate: subscriptionDueDate(period, nairobiDate(new Date())),
    });
  });
});

describe('POST /api/admin/applications/{code}/return', () => {
  it('un-submits the application with a visible comment, keeps its status and emails the applicant', async () => {
    const applicant = await submittedApplicant(t, { status: 'Verified' });
    const code = applicant.application.code;
    const response = await t.call('POST', returnUrl(code), {
      token: approver.token,
      body: { comment: 'Please attach your degree certificate.' },
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ status: 'Verified', Submitted: false, message: 'Application returned to the applicant' });
    const row = await applicationRow(t, code);
    expect(row.submitted).toBe(false);
    expect(row.returnedAt).not.toBeNull();
    const [event] = await eventsOf(code);
    expect(event).toMatchObject({ kind: 'returned', fromStatus: 'Verified', toStatus: 'Verified', actorId: approver.user.id });
    const [comment] = await commentsOf(code);
    expect(comment).toMatchObject({
      comment: 'Please attach your degree certificate.',
      hiddenFromApplicant: false,
      displayName: 'Registrar',
    });
    expect(event.commentId).toBe(comment.id);

    const mine = await t.call('GET', '/api/application', { token: applicant.token });
    const listed = mine.body.data.find((a: { Code: string }) => a.Code === code);
    expect(listed.Submitted).toBe(false);
    expect(listed.membershipComments.map((c: { comment: string }) => c.comment)).toEqual(['Please attach your degree certificate.']);

    const [email] = await t.outboxFor(applicant.user.email);
    expect(email.subject).toContain(code);
    expect(email.body).toContain('Please attach your degree certificate.');
    expect(email.body).toContain('http://portal.test/application');

    // It is with the applicant now: no second return, no move until they submit again.
    expect((await t.call('POST', returnUrl(code), { token: admin.token, body: { comment: 'again' } })).status).toBe(409);
    expect((await move(code, 'Committee Review')).status).toBe(409);
  });

  it('needs a comment', async () => {
    const { application } = await submittedApplicant(t);
    const response = await t.call('POST', returnUrl(application.code), { token: admin.token, body: { comment: ' ' } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Comment is required');
    expect((await applicationRow(t, application.code)).submitted).toBe(true);
  });

  it('refuses drafts and decided applications', async () => {
    const draft = await createApplication(t, (await createUser(t.db)).id);
    const released = await submittedApplicant(t, { status: 'Released' });
    const rejected = await submittedApplicant(t, { status: 'Rejected' });
    for (const code of [draft.code, released.application.code, rejected.application.code]) {
      const response = await t.call('POST', returnUrl(code), { token: admin.token, body: { comment: 'Fix it' } });
      expect(response.status).toBe(409);
      expect(response.body.message).toBe('Only a submitted application under review can be returned to the applicant');
    }
    expect((await t.call('POST', returnUrl('APP000000'), { token: admin.token, body: { comment: 'x' } })).status).toBe(404);
  });
});

describe('comments and emails', () => {
  it('emails each visible step, with the visible comment and the link', async () => {
    const applicant = await submittedApplicant(t);
    const code = applicant.application.code;
    const before = (await t.outboxFor(applicant.user.email)).length;
    await move(code, 'Verified', { comment: 'Your documents are complete.' });
    await move(code, 'Committee Review');
    const emails = await t.outboxFor(applicant.user.email);
    expect(emails).toHaveLength(before + 2);
    const [committee, verified] = emails;
    expect(verified.subject).toContain(code);
    expect(verified.body).toContain('Dear Wanjiku');
    expect(verified.body).toContain('Your documents are complete.');
    expect(verified.body).toContain('http://portal.test/application');
    expect(committee.body).toContain('committee');
    expect(committee.body).not.toContain('Comment from the registrar');
  });

  it('tells the released applicant their member number and the rejected one about the letter', async () => {
    const released = await submittedApplicant(t, { status: 'Board Review' });
    const rejected = await submittedApplicant(t, { status: 'Open' });
    const response = await move(released.application.code, 'Released');
    await move(rejected.application.code, 'Rejected', { comment: 'Incomplete experience' });
    const [acceptance] = await t.outboxFor(released.user.email);
    expect(acceptance.subject).toContain('accepted');
    expect(acceptance.body).toContain(response.body.data.assignedMemberNo);
    expect(acceptance.body).toContain('acceptance letter');
    const [rejection] = await t.outboxFor(rejected.user.email);
    expect(rejection.body).toContain('rejection letter');
    expect(rejection.body).toContain('Incomplete experience');
  });

  it("keeps hidden comments from the applicant's list and from every email", async () => {
    const applicant = await submittedApplicant(t);
    const code = applicant.application.code;
    const before = (await t.outboxFor(applicant.user.email)).length;
    await move(code, 'Verified', { comment: 'Secret: referee is the uncle', hiddenFromApplicant: true });
    const hidden = await t.call('POST', commentsUrl(code), {
      token: admin.token,
      body: { comment: 'Secret: check the degree', hiddenFromApplicant: true },
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body.data.message).toBe('Comment added');

    const emails = await t.outboxFor(applicant.user.email);
    // The status change is still a visible step: one email, without the hidden comment; the hidden comment alone sends nothing.
    expect(emails).toHaveLength(before + 1);
    expect(emails.map((e) => e.body).join('\n')).not.toContain('Secret');

    const visible = await t.call('POST', commentsUrl(code), { token: admin.token, body: { comment: 'Please confirm your ID number.' } });
    expect(visible.status).toBe(200);
    const [latest] = await t.outboxFor(applicant.user.email);
    expect(latest.body).toContain('Please confirm your ID number.');

    const mine = await t.call('GET', '/api/application', { token: applicant.token });
    expect(JSON.stringify(mine.body)).not.toContain('Secret');
    const listed = mine.body.data.find((a: { Code: string }) => a.Code === code);
    expect(listed.membershipComments.map((c: { comment: string }) => c.comment)).toEqual(['Please confirm your ID number.']);
    expect(await commentsOf(code)).toHaveLength(3);
  });

  it('sends nothing to an applicant who turned e-mail updates off', async () => {
    const applicant = await submittedApplicant(t);
    const code = applicant.application.code;
    await t.db.update(schema.users).set({ emailUpdates: 0 }).where(eq(schema.users.id, applicant.user.id));
    const before = (await t.outboxFor(applicant.user.email)).length;
    expect((await move(code, 'Verified', { comment: 'Looks good' })).status).toBe(200);
    expect((await t.call('POST', commentsUrl(code), { token: admin.token, body: { comment: 'Visible note' } })).status).toBe(200);
    expect((await t.call('POST', returnUrl(code), { token: admin.token, body: { comment: 'Fix the ID' } })).status).toBe(200);
    expect(await t.outboxFor(applicant.user.email)).toHaveLength(before);
  });

  it('validates comments', async () => {
    const { application } = await submittedApplicant(t);
    const empty = await t.call('POST', commentsUrl(application.code), { token: admin.token, body: { comment: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Comment is required');
    const long = await t.call('POST', commentsUrl(application.code), { token: admin.token, body: { comment: 'x'.repeat(2001) } });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Comment must be at most 2000 characters');
    expect((await t.call('POST', commentsUrl('APP000000'), { token: admin.token, body: { comment: 'x' } })).status).toBe(404);
  });
});
