import { encodeBase64 } from '@portal/contract';
import { schema } from '@portal/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { caseAtHearing, complaintRow, fileComplaint, membershipStatus, moveTo, respondentMember } from '../../../test/complaints';
import { createTestApp, uniqueIp } from '../../../test/harness';
import { createReviewer, setMinorSetting } from '../../../test/review';
import { issuedThroughApi, licenceByNo, licenceReadyMember, licenceRow, thisYear, todayNairobi } from '../../../test/upgrades';
import { longDate } from '../../shared/dates';
import { checkLedgerInvariants } from '../billing';
import { cardPath } from '../register/pages/member-view';
import { addDays } from './common';
import { runComplaintJob } from './job';

const t = await createTestApp();
const admin = await createReviewer(t, 'admin');
const job = (day: string) => runComplaintJob({ db: t.db, config: t.config }, new Date(`${day}T09:00:00+03:00`));
const decide = (reference: string, body: Record<string, unknown>) =>
  t.call('POST', `/api/admin/complaints/${reference}/decision`, { token: admin.token, body });
const reverse = (reference: string, reason = 'Appeal allowed: new evidence') =>
  t.call('POST', `/api/admin/complaints/${reference}/reverse`, { token: admin.token, body: { reason } });
const registerByNo = async (memberNo: string) => {
  const response = await t.call('GET', `/api/profile/search?term=${encodeURIComponent(encodeBase64(memberNo))}`, { ip: uniqueIp() });
  expect(response.status).toBe(200);
  return response.body.data.profiles.find((p: { MemberNo: string }) => p.MemberNo === memberNo) ?? null;
};

/** An engineer with an account and this year's Active licence written directly. */
async function licensedEngineer() {
  const engineer = await respondentMember(t);
  const licence = await licenceRow(t, { profileId: engineer.profile.profileId, memberNo: engineer.memberNo, user: engineer.user });
  return { ...engineer, licence };
}

describe('a suspension', () => {
  it('suspends membership and licence from its start, the register and the QR verification say so, and the hourly job restores them at the end', async () => {
    const member = await licenceReadyMember(t);
    const { licence } = await issuedThroughApi(t, member, admin.token);
    await t.call('GET', `/api/license/certificate/${licence.applicationCode}`, { token: member.token });
    const [document] = await t.db
      .select()
      .from(schema.documents)
      .where(and(eq(schema.documents.applicationCode, licence.applicationCode), eq(schema.documents.kind, 'license')));
    expect((await t.call('GET', `/api/documents/verify/${document.documentNo}`, { ip: uniqueIp() })).body.data.valid).toBe(true);

    const { reference, trackToken } = await caseAtHearing(t, admin.token, member);
    const today = todayNairobi();
    const to = addDays(today, 29);
    const decided = await decide(reference, { outcome: 'suspension', from: today, to, reason: 'Certified works he did not supervise' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);

    expect(await membershipStatus(t, member.profileId)).toBe('Suspended');
    expect(await licenceByNo(t, licence.licenseNo)).toMatchObject({ status: 'Suspended' });
    const verified = (await t.call('GET', `/api/documents/verify/${document.documentNo}`, { ip: uniqueIp() })).body.data;
    expect(verified.valid).toBe(false);
    expect(verified.reason).toContain(`The licence has been suspended: Suspended by disciplinary decision ${reference}`);
    const shown = await registerByNo(member.memberNo);
    expect(shown).toMatchObject({ Status: 'Suspended', goodStanding: false, licensed: false });
    expect(shown.sanctions).toEqual([{ outcome: 'suspension', label: 'Suspension', from: today, to, decidedOn: expect.any(String) }]);
    const card = await t.app.inject({ method: 'GET', url: cardPath(member.profileId), remoteAddress: uniqueIp() });
    expect(card.statusCode).toBe(200);
    expect(card.body).toContain(`Suspension from ${longDate(today)} to ${longDate(to)}`);
    expect(card.body).toContain('Suspended');
    expect(card.body).not.toContain('In arrears');
    // The complainant's link shows the outcome; the engineer is told.
    const track = await t.call('GET', `/api/complaints/track/${reference}?token=${encodeURIComponent(trackToken)}`);
    expect(track.body.data).toMatchObject({ stage: 'decided', decision: { outcome: 'suspension', from: today, to, reversedAt: null } });
    expect((await t.outboxFor(member.user.email))[0].subject).toContain(`decision on complaint ${reference}`);

    // With the setting at none, the register does not name a suspended engineer at all.
    await setMinorSetting(t, 'register_sanctions', 'none');
    expect(await registerByNo(member.memberNo)).toBeNull();
    await setMinorSetting(t, 'register_sanctions', 'suspensions');

    expect(await job(to)).toMatchObject({ ended: 0 });
    expect(await membershipStatus(t, member.profileId)).toBe('Suspended');
    expect(await job(addDays(to, 1))).toMatchObject({ ended: 1 });
    expect(await membershipStatus(t, member.profileId)).toBe('Active');
    expect(await licenceByNo(t, licence.licenseNo)).toMatchObject({ status: 'Active' });
    expect(await registerByNo(member.memberNo)).toMatchObject({ Status: 'Active', sanctions: [] });
    expect((await complaintRow(t, reference)).effectState).toBe('ended');
    // Running the job again changes nothing more.
    expect(await job(addDays(to, 2))).toMatchObject({ started: 0, ended: 0 });
  });

  it('that starts later waits for its start date; one that outlasts the licence year leaves the licence Lapsed', async () => {
    const engineer = await licensedEngineer();
    const { reference } = await caseAtHearing(t, admin.token, engineer);
    const from = addDays(todayNairobi(), 5);
    const to = `${thisYear + 1}-01-20`;
    expect((await decide(reference, { outcome: 'suspension', from, to, reason: 'Misconduct' })).status).toBe(200);
    expect(await membershipStatus(t, engineer.profile.profileId)).toBe('Active');
    expect((await complaintRow(t, reference)).effectState).toBe('pending');
    expect(await job(addDays(from, -1))).toMatchObject({ started: 0 });
    expect(await job(from)).toMatchObject({ started: 1 });
    expect(await membershipStatus(t, engineer.profile.profileId)).toBe('Suspended');
    expect(await licenceByNo(t, engineer.licence.licenseNo)).toMatchObject({ status: 'Suspended' });
    await job(addDays(to, 1));
    expect(await membershipStatus(t, engineer.profile.profileId)).toBe('Active');
    expect(await licenceByNo(t, engineer.licence.licenseNo)).toMatchObject({ status: 'Lapsed' });
  });
});

describe('other outcomes', () => {
  it('removal ends the membership and revokes the licence; reversal on appeal restores both, audited', async () => {
    const engineer = await licensedEngineer();
    const { reference } = await caseAtHearing(t, admin.token, engineer);
    expect((await decide(reference, { outcome: 'removal', reason: 'Fraudulent certification' })).status).toBe(200);
    expect(await membershipStatus(t, engineer.profile.profileId)).toBe('Removed');
    expect(await licenceByNo(t, engineer.licence.licenseNo)).toMatchObject({ status: 'Revoked' });
    expect(await registerByNo(engineer.memberNo)).toMatchObject({
      Status: 'Removed',
      sanctions: [expect.objectContaining({ outcome: 'removal' })],
    });

    expect((await moveTo(t, admin.token, reference, 'appeal')).status).toBe(200);
    const reversed = await reverse(reference);
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(await membershipStatus(t, engineer.profile.profileId)).toBe('Active');
    expect(await licenceByNo(t, engineer.licence.licenseNo)).toMatchObject({ status: 'Active' });
    expect(await registerByNo(engineer.memberNo)).toMatchObject({ Status: 'Active', licensed: true, sanctions: [] });
    expect((await reverse(reference)).status).toBe(409);
    const audit = await t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.target, `complaint:${reference}`));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['complaint.decided', 'complaint.reversed', 'complaint.sanction_started', 'complaint.sanction_ended']),
    );
  });

  it('a fine is an invoice due in 30 days; reversing it credits it in full', async () => {
    const engineer = await respondentMember(t);
    const { reference } = await caseAtHearing(t, admin.token, engineer);
    expect((await decide(reference, { outcome: 'fine', amount: 25_000, reason: 'Late filing of site reports' })).status).toBe(200);
    const row = await complaintRow(t, reference);
    const [invoice] = await t.db
      .select()
      .from(schema.ledgerEntries)
      .where(eq(schema.ledgerEntries.documentNo, row.fineInvoiceNo ?? ''));
    expect(invoice).toMatchObject({
      purpose: 'fine',
      amountCents: 2_500_000,
      remainingCents: 2_500_000,
      dueDate: addDays(todayNairobi(), 30),
      profileId: engineer.profile.profileId,
    });
    expect(await membershipStatus(t, engineer.profile.profileId)).toBe('Active');
    expect((await reverse(reference)).status).toBe(200);
    const [after] = await t.db.select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.documentNo, invoice.documentNo));
    expect(after.remainingCents).toBe(0);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('a caution is recorded; the register shows it only when the setting shows all sanctions', async () => {
    const engineer = await respondentMember(t);
    const { reference } = await caseAtHearing(t, admin.token, engineer);
    expect((await decide(reference, { outcome: 'caution', reason: 'Incomplete records' })).status).toBe(200);
    expect(await membershipStatus(t, engineer.profile.profileId)).toBe('Active');
    expect(await registerByNo(engineer.memberNo)).toMatchObject({ Status: 'Active', sanctions: [] });
    await setMinorSetting(t, 'register_sanctions', 'all');
    expect((await registerByNo(engineer.memberNo)).sanctions).toEqual([expect.objectContaining({ outcome: 'caution', label: 'Caution' })]);
    await setMinorSetting(t, 'register_sanctions', 'suspensions');
  });

  it('asks for the dates of a suspension and the amount of a fine', async () => {
    const engineer = await respondentMember(t);
    const { reference } = await caseAtHearing(t, admin.token, engineer);
    const suspension = await decide(reference, { outcome: 'suspension', reason: 'x' });
    expect(suspension.status).toBe(400);
    expect(suspension.body.errors).toMatchObject({
      from: ['Give the date the suspension starts'],
      to: ['Give the date the suspension ends'],
    });
    expect((await decide(reference, { outcome: 'fine', reason: 'x' })).body.errors.amount).toEqual(['Give the amount of the fine']);
  });
});

describe('the appeal window', () => {
  it('keeps a decided case open until the window passes, then the hourly job closes it', async () => {
    const engineer = await respondentMember(t);
    const { reference } = await caseAtHearing(t, admin.token, engineer);
    await decide(reference, { outcome: 'reprimand', reason: 'Conduct unbecoming' });
    const early = await moveTo(t, admin.token, reference, 'closed');
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/^The appeal window is open until /);
    const { appealUntil } = await complaintRow(t, reference);
    expect(appealUntil).toBe(addDays(todayNairobi(), 30));
    await job(appealUntil ?? '');
    expect((await complaintRow(t, reference)).stage).toBe('decided');
    await job(addDays(appealUntil ?? '', 1));
    expect((await complaintRow(t, reference)).stage).toBe('closed');
    expect((await reverse(reference)).status).toBe(409);
  });

  it('refuses an appeal once the window has closed', async () => {
    const engineer = await respondentMember(t);
    const { reference } = await fileComplaint(t, engineer.memberNo).then(async () => caseAtHearing(t, admin.token, engineer));
    await decide(reference, { outcome: 'dismissed', reason: 'Not proven' });
    await t.db.update(schema.complaints).set({ appealUntil: '2020-01-01' }).where(eq(schema.complaints.reference, reference));
    const late = await moveTo(t, admin.token, reference, 'appeal');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('The appeal window closed on 1 Jan 2020');
  });
});
