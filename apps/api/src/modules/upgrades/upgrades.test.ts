import { billingAdminMessages, documentMessages, reviewMessages, upgradeMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { billAndWait, invoiceFor, payApplicationFee, paymentFor } from '../../../test/billing';
import { staffToken } from '../../../test/cpd';
import { createMember, createTestApp, createUser, signIn } from '../../../test/harness';
import { pdfText } from '../../../test/pdf-text';
import { commentsUrl, createReviewer, returnUrl, statusUrl } from '../../../test/review';
import { approveThrough, thisYear, todayNairobi, type UpgradeReadyOptions, upgradeReadyGraduate, yearsAgo } from '../../../test/upgrades';
import { checkLedgerInvariants } from '../billing';

const t = await createTestApp();
const admin = await createReviewer(t, 'admin', 'Grace Registrar');
const approver = await createReviewer(t, 'approver');

afterEach(async () => {
  expect(await checkLedgerInvariants(t.db)).toEqual([]);
});

const PROFESSIONAL_UPGRADE_CODES = ['EDUCATION', 'WORK EXPERIENCE', 'REFEREE', 'YEARS_IN_CATEGORY_3', 'GOOD_STANDING', 'CPD_YEARS_3'];

let surnames = 0;
/** A ready graduate with a surname of their own. */
const graduate = (options: UpgradeReadyOptions = {}) => upgradeReadyGraduate(t, { lastName: `Upgrader${++surnames}`, ...options });

const submit = (token: string, body: Record<string, unknown> = { toCategory: 'PROFESSIONAL' }) =>
  t.call('POST', '/api/upgrade/submit', { token, body });
const move = (code: string, status: string, extra: Record<string, unknown> = {}, token = admin.token) =>
  t.call('POST', statusUrl(code), { token, body: { status, ...extra } });

async function upgradeRows(profileId: string) {
  return t.db
    .select()
    .from(schema.applications)
    .where(and(eq(schema.applications.profileId, profileId), eq(schema.applications.kind, 'Upgrade')))
    .orderBy(asc(schema.applications.code));
}

async function ledgerOf(profileId: string) {
  return t.db
    .select()
    .from(schema.ledgerEntries)
    .where(eq(schema.ledgerEntries.profileId, profileId))
    .orderBy(asc(schema.ledgerEntries.id));
}

async function checklist(token: string, category = 'PROFESSIONAL') {
  const response = await t.call('GET', `/api/upgrade/checklist/${category}`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as { code: string; pass: boolean; checkListType: string }[];
}
const failing = (items: { code: string; pass: boolean }[]) => items.filter((i) => !i.pass).map((i) => i.code);

/** The document row the first fetch of an application document issued. */
async function documentOf(code: string, kind: string) {
  const [row] = await t.db
    .select()
    .from(schema.documents)
    .where(and(eq(schema.documents.applicationCode, code), eq(schema.documents.kind, kind)));
  return row;
}

const verify = (documentNo: string) => t.call('GET', `/api/documents/verify/${documentNo}`);

describe('GET /api/upgrade/plans', () => {
  it('answers the seeded plans with their amounts, and which the caller may apply for', async () => {
    const member = await graduate();
    const response = await t.call('GET', '/api/upgrade/plans', { token: member.token });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([
      {
        code: 'PE',
        ToCategory: 'PROFESSIONAL',
        ToCategoryDescription: 'Professional Engineer',
        Amount: 11000,
        enabled: true,
        fromCategories: ['GRADUATE', 'TECHNOLOGIST'],
        eligible: true,
      },
      {
        code: 'CE',
        ToCategory: 'CONSULTING',
        ToCategoryDescription: 'Consulting Engineer',
        Amount: 100000,
        enabled: false,
        fromCategories: ['PROFESSIONAL'],
        eligible: false,
      },
      {
        code: 'AC',
        ToCategory: 'ACCREDITED',
        ToCategoryDescription: 'Accredited Checker',
        Amount: 11000,
        enabled: false,
        fromCategories: ['PROFESSIONAL'],
        eligible: false,
      },
    ]);
  });

  it('is eligible for nothing to a professional (plans closed or not from that category), a non-member or staff', async () => {
    const { user } = await createMember(t.db, { category: 'PROFESSIONAL', withUser: true });
    const professional = await signIn(t, user?.email ?? '');
    const stranger = await createUser(t.db);
    for (const token of [professional, await signIn(t, stranger.email), admin.token]) {
      const response = await t.call('GET', '/api/upgrade/plans', { token });
      expect(response.status).toBe(200);
      expect(response.body.data.map((p: { eligible: boolean }) => p.eligible)).toEqual([false, false, false]);
    }
    expect((await t.call('GET', '/api/upgrade/plans')).status).toBe(401);
  });
});

describe('GET /api/upgrade/checklist/PROFESSIONAL', () => {
  it('passes every item for a ready graduate', async () => {
    const member = await graduate();
    const items = await checklist(member.token);
    expect(items.map((i) => i.code)).toEqual(PROFESSIONAL_UPGRADE_CODES);
    expect(items.every((i) => i.checkListType === 'Upgrade')).toBe(true);
    expect(failing(items)).toEqual([]);
  });

  it("gives the same checklist by the plan's code (PE, as the spec and the plan cards say), in any case", async () => {
    const member = await graduate();
    expect(await checklist(member.token, 'PE')).toEqual(await checklist(member.token));
    expect((await checklist(member.token, 'pe')).map((i) => i.code)).toEqual(PROFESSIONAL_UPGRADE_CODES);
  });

  it("fails CPD_YEARS_3 alone when one of the last three years' CPD is short", async () => {
    const member = await graduate({ cpdShortYear: thisYear - 2 });
    expect(failing(await checklist(member.token))).toEqual(['CPD_YEARS_3']);
  });

  it('fails YEARS_IN_CATEGORY_3 alone for a member registered a little under three years ago', async () => {
    const member = await graduate({ registeredOn: yearsAgo(3, -30) });
    expect(failing(await checklist(member.token))).toEqual(['YEARS_IN_CATEGORY_3']);
  });

  it('fails GOOD_STANDING alone while an invoice is overdue, and passes once it is paid', async () => {
    const member = await graduate();
    const overdue = await invoiceFor(t, member.profileId, { amountCents: 116_000, purpose: 'subscription', dueDate: yearsAgo(0, 40) });
    expect(failing(await checklist(member.token))).toEqual(['GOOD_STANDING']);
    expect((await submit(member.token)).body.message).toBe(upgradeMessages.checklistIncomplete);
    await paymentFor(t, member.profileId, 116_000, { invoiceNo: overdue.documentNo });
    expect(failing(await checklist(member.token))).toEqual([]);
  });
});

describe('POST /api/upgrade/submit', () => {
  it("creates the Open, submitted application and its invoice at the plan's amount, whatever amount the body says", async () => {
    const member = await graduate();
    const response = await submit(member.token, { toCategory: 'PROFESSIONAL', amount: 1, memberNo: 'SOMEONE', ProfileID: 'PR999' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.message).toBe(upgradeMessages.submitted);
    const upgrade = response.body.data;
    expect(upgrade).toMatchObject({
      fromCategory: 'GRADUATE',
      fromCategoryDescription: 'Graduate Engineer',
      toCategory: 'PROFESSIONAL',
      toCategoryDescription: 'Professional Engineer',
      amount: 11000,
      subsPeriod: String(thisYear),
      status: 'Open',
      Submitted: true,
      returnedAt: null,
      membershipComments: [],
      postedReceiptNo: null,
      proFormaRef: expect.stringMatching(/^INV\d+$/),
      ProfileID: member.profileId,
    });
    expect(upgrade.code).toMatch(/^UPG/);

    const [row] = await upgradeRows(member.profileId);
    expect(row).toMatchObject({
      code: upgrade.code,
      kind: 'Upgrade',
      userId: member.user.id,
      appliedCategory: 'PROFESSIONAL',
      fromCategory: 'GRADUATE',
      amount: '11000.00',
      status: 'Open',
      submitted: true,
      assignedMemberNo: member.memberNo,
      invoiceNo: upgrade.proFormaRef,
    });
    const invoices = (await ledgerOf(member.profileId)).filter((e) => e.documentType === 'Invoice');
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      documentNo: upgrade.proFormaRef,
      purpose: 'upgrade',
      amountCents: 1_100_000,
      remainingCents: 1_100_000,
      externalDocumentNo: upgrade.code,
    });
    // Due in 30 days: the member stays in good standing meanwhile.
    expect((invoices[0].dueDate ?? '') > todayNairobi()).toBe(true);
    const [mail] = await t.outboxFor(member.user.email);
    expect(mail.subject).toBe(`Upgrade application ${upgrade.code} received`);

    const again = await submit(member.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(upgradeMessages.alreadyPending);
    expect(await upgradeRows(member.profileId)).toHaveLength(1);
  });

  it('takes one of two submissions made at the same moment and refuses the other with 409', async () => {
    const member = await graduate();
    const answers = await Promise.all([submit(member.token), submit(member.token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.message).toBe(upgradeMessages.alreadyPending);
    expect(await upgradeRows(member.profileId)).toHaveLength(1);
    expect((await ledgerOf(member.profileId)).filter((e) => e.purpose === 'upgrade')).toHaveLength(1);
  });

  it('refuses a closed plan, a category the plan does not take, an incomplete checklist, a non-member and an unknown plan', async () => {
    const ready = await graduate();
    const closed = await submit(ready.token, { toCategory: 'CONSULTING' });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe(upgradeMessages.planDisabled);

    const { user } = await createMember(t.db, { category: 'PROFESSIONAL', withUser: true });
    const professional = await signIn(t, user?.email ?? '');
    const notEligible = await submit(professional);
    expect(notEligible.status).toBe(409);
    expect(notEligible.body.message).toBe(upgradeMessages.notEligible('PROFESSIONAL', 'PROFESSIONAL'));

    const short = await graduate({ cpdShortYear: thisYear - 1 });
    const incomplete = await submit(short.token);
    expect(incomplete.status).toBe(409);
    expect(incomplete.body.message).toBe(upgradeMessages.checklistIncomplete);

    const stranger = await createUser(t.db);
    const notMember = await submit(await signIn(t, stranger.email));
    expect(notMember.status).toBe(409);
    expect(notMember.body.message).toBe(upgradeMessages.notMember);

    const unknown = await submit(ready.token, { toCategory: 'ASTRONAUT' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(upgradeMessages.planNotFound);

    expect((await submit(ready.token, {})).status).toBe(400);
    expect((await t.call('POST', '/api/upgrade/submit', { body: { toCategory: 'PROFESSIONAL' } })).status).toBe(401);
    for (const profileId of [ready.profileId, short.profileId]) expect(await upgradeRows(profileId)).toEqual([]);
    expect(await t.db.select().from(schema.applications).where(eq(schema.applications.userId, stranger.id))).toEqual([]);
  });
});

describe('GET /api/upgrade', () => {
  it("lists the caller's own upgrades only, with the comments the applicant may see", async () => {
    const member = await graduate();
    const other = await graduate();
    const { code } = (await submit(member.token)).body.data;
    expect((await t.call('POST', commentsUrl(code), { token: admin.token, body: { comment: 'Please pay the fee' } })).status).toBe(200);
    expect(
      (await t.call('POST', commentsUrl(code), { token: admin.token, body: { comment: 'Check the referees', hiddenFromApplicant: true } }))
        .status,
    ).toBe(200);

    const mine = await t.call('GET', '/api/upgrade', { token: member.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((u: { code: string }) => u.code)).toEqual([code]);
    expect(mine.body.data[0].membershipComments.map((c: { comment: string }) => c.comment)).toEqual(['Please pay the fee']);
    expect(JSON.stringify(mine.body.data)).not.toContain('Check the referees');

    const theirs = await t.call('GET', '/api/upgrade', { token: other.token });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toEqual([]);
    expect((await t.call('GET', '/api/upgrade')).status).toBe(401);
  });
});

describe('the back office', () => {
  it('lists the upgrade under kind=Upgrade, not under kind=Registration, with its current category', async () => {
    const member = await graduate();
    const { code } = (await submit(member.token)).body.data;
    const queue = async (kind: string) => {
      const response = await t.call('GET', `/api/admin/applications?status=all&pageSize=100&kind=${kind}`, { token: approver.token });
      expect(response.status).toBe(200);
      return response.body.data.items as { Code: string; kind: string; FromCategory: string | null; AppliedCategory: string }[];
    };
    const upgrades = await queue('Upgrade');
    expect(upgrades.find((i) => i.Code === code)).toMatchObject({
      kind: 'Upgrade',
      FromCategory: 'GRADUATE',
      AppliedCategory: 'PROFESSIONAL',
    });
    expect(upgrades.every((i) => i.kind === 'Upgrade')).toBe(true);
    const registrations = await queue('Registration');
    expect(registrations.some((i) => i.Code === code)).toBe(false);
    expect(registrations.some((i) => i.Code === member.registrationCode)).toBe(true);

    const detail = await t.call('GET', `/api/admin/applications/${code}`, { token: approver.token });
    expect(detail.status).toBe(200);
    expect(detail.body.data.checklist.map((c: { code: string }) => c.code)).toEqual(PROFESSIONAL_UPGRADE_CODES);
  });
});

describe('approval and release', () => {
  it('waits for the fee, then moves the member to the new category with history, documents and the next subscription', async () => {
    // A graduate's 25 points a year: enough for the graduate's requirement, not for a professional's.
    const member = await graduate({ cpdPoints: 25 });
    const other = await graduate();

    // The registration certificate, issued before the upgrade.
    const oldCertificate = await t.call('GET', `/api/application/certificate/${member.registrationCode}`, { token: member.token });
    expect(oldCertificate.status).toBe(200);
    const oldCertificateNo = (await documentOf(member.registrationCode, 'certificate')).documentNo;
    expect((await verify(oldCertificateNo)).body.data).toMatchObject({ valid: true, status: documentMessages.valid });

    const { code, proFormaRef } = (await submit(member.token)).body.data;
    const early = await move(code, 'Verified');
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(billingAdminMessages.feeNotPaid);

    const letterBefore = await t.call('POST', '/api/upgrade/acceptance-letter', { token: member.token, body: { appCode: code } });
    expect(letterBefore.status).toBe(404);
    expect(letterBefore.body.message).toBe(upgradeMessages.letterNotReleased);

    const { receiptNo } = await payApplicationFee(t, code);
    const [paid] = (await t.call('GET', '/api/upgrade', { token: member.token })).body.data;
    expect(paid).toMatchObject({ code, postedReceiptNo: receiptNo, proFormaRef });

    const message = await approveThrough(t, code, approver.token);
    expect(message).toBe(reviewMessages.upgradeReleased('PROFESSIONAL'));
    const events = await t.db
      .select()
      .from(schema.applicationEvents)
      .where(and(eq(schema.applicationEvents.applicationCode, code), eq(schema.applicationEvents.kind, 'status')))
      .orderBy(asc(schema.applicationEvents.id));
    expect(events.map((e) => [e.fromStatus, e.toStatus])).toEqual([
      ['Open', 'Verified'],
      ['Verified', 'Committee Review'],
      ['Committee Review', 'Board Review'],
      ['Board Review', 'Released'],
    ]);

    // The membership, profile and account now say PROFESSIONAL, with the change on record.
    const [membership] = await t.db.select().from(schema.memberships).where(eq(schema.memberships.profileId, member.profileId));
    expect(membership).toMatchObject({ memberNo: member.memberNo, categoryCode: 'PROFESSIONAL', status: 'Active' });
    const [profile] = await t.db.select().from(schema.profiles).where(eq(schema.profiles.profileId, member.profileId));
    expect(profile.membershipType).toBe('PROFESSIONAL');
    const [account] = await t.db.select().from(schema.users).where(eq(schema.users.id, member.user.id));
    expect(account.category).toBe('PROFESSIONAL');
    const changes = await t.db.select().from(schema.membershipChanges).where(eq(schema.membershipChanges.profileId, member.profileId));
    expect(changes).toEqual([
      expect.objectContaining({
        memberNo: member.memberNo,
        fromCategory: 'GRADUATE',
        toCategory: 'PROFESSIONAL',
        applicationCode: code,
        changedOn: todayNairobi(),
        actorId: approver.user.id,
      }),
    ]);
    const [released] = await upgradeRows(member.profileId);
    expect(released).toMatchObject({ status: 'Released', assignedMemberNo: member.memberNo });

    // The years in the new category start again from the upgrade.
    const consulting = await checklist(member.token, 'CONSULTING');
    expect(failing(consulting)).toContain('YEARS_IN_CATEGORY_5');
    const plans = (await t.call('GET', '/api/upgrade/plans', { token: member.token })).body.data;
    expect(plans.find((p: { code: string }) => p.code === 'PE').eligible).toBe(false);

    // The upgrade report names the member and both categories.
    const report = await t.call('POST', '/api/upgrade/upgrade-report', { token: member.token, body: { appCode: code } });
    expect(report.status).toBe(200);
    expect(report.body.data).toHaveLength(1);
    const reportText = (await pdfText(report.body.data[0])).replace(/\s+/g, ' ');
    expect(reportText).toContain(profile.lastName);
    expect(reportText).toContain(profile.firstName);
    expect(reportText).toContain('Graduate Engineer');
    expect(reportText).toContain('Professional Engineer');
    expect(reportText).toContain(code);
    // The requirements as the upgrade found them: years in the category from before it, the graduate's CPD.
    expect(reportText).toContain('At least 3 years registered in your current category Complete');
    expect(reportText).toContain('CPD requirement met in each of the last three years Complete');
    expect(reportText).not.toContain('Not complete');
    const reviewed = await t.call('GET', `/api/admin/applications/${code}`, { token: approver.token });
    expect(failing(reviewed.body.data.checklist)).toEqual([]);

    // The acceptance letter speaks of the upgrade.
    const letter = await t.call('POST', '/api/upgrade/acceptance-letter', { token: member.token, body: { appCode: code } });
    expect(letter.status).toBe(200);
    const letterText = (await pdfText(letter.body.data[0])).replace(/\s+/g, ' ');
    expect(letterText).toContain('TO UPGRADE TO PROFESSIONAL ENGINEER');
    expect(letterText).toContain(`application ${code} to upgrade to a Professional Engineer has been approved`);
    expect(letterText).toContain(member.memberNo);

    // The new membership certificate holds; the registration certificate is superseded.
    const newCertificate = await t.call('GET', `/api/application/certificate/${code}`, { token: member.token });
    expect(newCertificate.status).toBe(200);
    expect(await pdfText(newCertificate.body.data)).toContain('Professional Engineer');
    const newCertificateNo = (await documentOf(code, 'certificate')).documentNo;
    const valid = await verify(newCertificateNo);
    expect(valid.status).toBe(200);
    expect(valid.body.data).toMatchObject({
      valid: true,
      status: documentMessages.valid,
      memberNo: member.memberNo,
      category: 'Professional Engineer',
    });
    const superseded = await verify(oldCertificateNo);
    expect(superseded.status).toBe(200);
    expect(superseded.body.data).toMatchObject({ valid: false, status: documentMessages.noLongerValid });
    expect(superseded.body.data.reason).toMatch(/superseded/);

    // Another member's upgrade does not exist for them.
    for (const path of ['/api/upgrade/upgrade-report', '/api/upgrade/acceptance-letter']) {
      const response = await t.call('POST', path, { token: other.token, body: { appCode: code } });
      expect(response.status, path).toBe(404);
      expect(response.body.message).toBe(upgradeMessages.notFound);
    }
    expect((await t.call('GET', `/api/application/certificate/${code}`, { token: other.token })).status).toBe(404);
    // A registration's code is not an upgrade.
    const wrongKind = await t.call('POST', '/api/upgrade/upgrade-report', {
      token: member.token,
      body: { appCode: member.registrationCode },
    });
    expect(wrongKind.status).toBe(404);

    // The next billing run bills the new category's subscription.
    const period = String(thisYear + 1);
    const { run } = await billAndWait(t.call, admin.token, period);
    expect(run.status).toBe('finished');
    const [subscription] = await t.db
      .select()
      .from(schema.subscriptions)
      .where(and(eq(schema.subscriptions.profileId, member.profileId), eq(schema.subscriptions.period, period)));
    expect(subscription).toMatchObject({ memberNo: member.memberNo, categoryCode: 'PROFESSIONAL' });
    const [invoice] = await t.db.select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.documentNo, subscription.invoiceNo));
    expect(invoice).toMatchObject({ purpose: 'subscription', amountCents: 580_000 });
    const [otherSubscription] = await t.db
      .select()
      .from(schema.subscriptions)
      .where(and(eq(schema.subscriptions.profileId, other.profileId), eq(schema.subscriptions.period, period)));
    expect(otherSubscription.categoryCode).toBe('GRADUATE');
  });
});

describe('return and rejection', () => {
  it('hands a returned upgrade back to the member, who submits it again through upgrade/submit', async () => {
    const member = await graduate();
    const { code, proFormaRef } = (await submit(member.token)).body.data;
    const returned = await t.call('POST', returnUrl(code), { token: approver.token, body: { comment: 'Attach your degree certificate' } });
    expect(returned.status).toBe(200);
    const [listed] = (await t.call('GET', '/api/upgrade', { token: member.token })).body.data;
    expect(listed).toMatchObject({ code, status: 'Open', Submitted: false, returnedAt: expect.any(String) });
    expect(listed.membershipComments.map((c: { comment: string }) => c.comment)).toEqual(['Attach your degree certificate']);
    // Not under review meanwhile.
    expect((await move(code, 'Verified')).status).toBe(409);

    const again = await submit(member.token);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.message).toBe(upgradeMessages.resubmitted);
    expect(again.body.data).toMatchObject({ code, status: 'Open', Submitted: true, returnedAt: null, proFormaRef });
    expect(await upgradeRows(member.profileId)).toHaveLength(1);
    expect((await ledgerOf(member.profileId)).filter((e) => e.purpose === 'upgrade')).toHaveLength(1);
    const kinds = (
      await t.db
        .select()
        .from(schema.applicationEvents)
        .where(eq(schema.applicationEvents.applicationCode, code))
        .orderBy(asc(schema.applicationEvents.id))
    ).map((e) => e.kind);
    expect(kinds).toEqual(['submitted', 'returned', 'resubmitted']);
    // A third submission while it is under review again is refused.
    expect((await submit(member.token)).status).toBe(409);
  });

  it('waives the fee of an unpaid upgrade that is rejected with a credit note, and lets the member apply again', async () => {
    const member = await graduate();
    const { code, proFormaRef } = (await submit(member.token)).body.data;
    const rejected = await move(code, 'Rejected', { comment: 'Experience not supervised by a professional engineer' });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    const entries = await ledgerOf(member.profileId);
    const invoice = entries.find((e) => e.documentNo === proFormaRef);
    expect(invoice).toMatchObject({ amountCents: 1_100_000, remainingCents: 0 });
    const credit = entries.find((e) => e.documentType === 'Credit Memo');
    expect(credit).toMatchObject({ amountCents: -1_100_000, remainingCents: 0, externalDocumentNo: proFormaRef });
    expect(entries.reduce((sum, e) => sum + e.amountCents, 0)).toBe(0);
    const [row] = await upgradeRows(member.profileId);
    expect(row.status).toBe('Rejected');
    // The membership is untouched.
    const [membership] = await t.db.select().from(schema.memberships).where(eq(schema.memberships.profileId, member.profileId));
    expect(membership.categoryCode).toBe('GRADUATE');
    expect(await t.db.select().from(schema.membershipChanges).where(eq(schema.membershipChanges.profileId, member.profileId))).toEqual([]);

    const next = await submit(member.token);
    expect(next.status).toBe(200);
    expect(next.body.data.code).not.toBe(code);
    expect(await upgradeRows(member.profileId)).toHaveLength(2);
  });
});

describe('GET /api/admin/upgrade-plans and POST /api/admin/upgrade-plans/{code}', () => {
  it("lets the main administrator change a plan's amount, whether it is open and who may apply, audited", async () => {
    const main = await staffToken(t, 'main');
    const { user } = await createMember(t.db, { category: 'PROFESSIONAL', withUser: true });
    const professional = await signIn(t, user?.email ?? '');

    const saved = await t.call('POST', '/api/admin/upgrade-plans/CE', {
      token: main,
      body: { Amount: 120000, enabled: true, fromCategories: ['PROFESSIONAL', 'ACCREDITED', 'PROFESSIONAL'] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe(upgradeMessages.planSaved);
    expect(saved.body.data).toMatchObject({ code: 'CE', Amount: 120000, enabled: true, fromCategories: ['PROFESSIONAL', 'ACCREDITED'] });

    const plans = await t.call('GET', '/api/admin/upgrade-plans', { token: admin.token });
    expect(plans.status).toBe(200);
    expect(plans.body.data.find((p: { code: string }) => p.code === 'CE')).toMatchObject({ Amount: 120000, enabled: true });
    const forMember = (await t.call('GET', '/api/upgrade/plans', { token: professional })).body.data;
    expect(forMember.find((p: { code: string }) => p.code === 'CE')).toMatchObject({ Amount: 120000, eligible: true });

    const [entry] = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, 'upgrade.plan_updated'), eq(schema.auditLog.target, 'upgrade-plan:CE')));
    expect(entry.details).toMatchObject({
      from: { amount: '100000.00', enabled: false, fromCategories: ['PROFESSIONAL'] },
      to: { amount: '120000.00', enabled: true, fromCategories: ['PROFESSIONAL', 'ACCREDITED'] },
    });

    // Submissions are invoiced at the plan's new amount.
    const pe = await t.call('POST', '/api/admin/upgrade-plans/PE', {
      token: main,
      body: { Amount: 12500, enabled: true, fromCategories: ['GRADUATE', 'TECHNOLOGIST'] },
    });
    expect(pe.status).toBe(200);
    const member = await graduate();
    const submitted = await submit(member.token, { toCategory: 'PROFESSIONAL', amount: 11000 });
    expect(submitted.body.data.amount).toBe(12500);
    const [invoice] = (await ledgerOf(member.profileId)).filter((e) => e.purpose === 'upgrade');
    expect(invoice.amountCents).toBe(1_250_000);

    // Put the seeded plans back.
    for (const [code, body] of [
      ['CE', { Amount: 100000, enabled: false, fromCategories: ['PROFESSIONAL'] }],
      ['PE', { Amount: 11000, enabled: true, fromCategories: ['GRADUATE', 'TECHNOLOGIST'] }],
    ] as const) {
      expect((await t.call('POST', `/api/admin/upgrade-plans/${code}`, { token: main, body })).status).toBe(200);
    }
  });

  it('refuses other administrators, approvers and members (403), unknown categories (400) and unknown plans (404)', async () => {
    const main = await staffToken(t, 'main');
    const otherAdmin = await staffToken(t, 'admin');
    const { user } = await createMember(t.db, { category: 'PROFESSIONAL', withUser: true });
    const member = await signIn(t, user?.email ?? '');
    const body = { Amount: 1, enabled: true, fromCategories: ['GRADUATE'] };
    for (const token of [otherAdmin, approver.token, member]) {
      const response = await t.call('POST', '/api/admin/upgrade-plans/AC', { token, body });
      expect(response.status).toBe(403);
    }
    expect((await t.call('POST', '/api/admin/upgrade-plans/AC', { body })).status).toBe(401);
    // Reading the plans is for administrators.
    expect((await t.call('GET', '/api/admin/upgrade-plans', { token: otherAdmin })).status).toBe(200);
    expect((await t.call('GET', '/api/admin/upgrade-plans', { token: member })).status).toBe(403);

    const unknown = await t.call('POST', '/api/admin/upgrade-plans/AC', { token: main, body: { ...body, fromCategories: ['NOPE'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.fromCategories).toEqual([upgradeMessages.unknownCategory('NOPE')]);
    const self = await t.call('POST', '/api/admin/upgrade-plans/AC', { token: main, body: { ...body, fromCategories: ['ACCREDITED'] } });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe(upgradeMessages.planTargetInFrom);
    const negative = await t.call('POST', '/api/admin/upgrade-plans/AC', { token: main, body: { ...body, Amount: -5 } });
    expect(negative.status).toBe(400);
    const missing = await t.call('POST', '/api/admin/upgrade-plans/ZZ', { token: main, body });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(upgradeMessages.planNotFound);

    const [ac] = await t.db.select().from(schema.upgradePlans).where(eq(schema.upgradePlans.code, 'AC'));
    expect(ac).toMatchObject({ amount: '11000.00', enabled: false, fromCategories: ['PROFESSIONAL'] });
  });
});
