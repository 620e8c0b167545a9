import { cpdMessages, messages, profileMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityFields, activityRow, cpdMember, daysAgo, postActivity, recordedActivity, staffToken } from '../../../test/cpd';
import { createTestApp, createUser, signIn } from '../../../test/harness';
import { enrolTotp } from '../../../test/mfa';
import { postMultipart } from '../../../test/multipart';
import { pdf, polyglotPdfBytes } from '../../../test/profile';
import { thisYear } from './common';

const t = await createTestApp();

async function awardsOf(profileId: string) {
  return t.db.select().from(schema.cpdAwards).where(eq(schema.cpdAwards.profileId, profileId));
}

describe('outside activities (members)', () => {
  it('records an activity as Pending with its evidence, lists it, serves the evidence to its owner only', async () => {
    const member = await cpdMember(t, { firstName: 'Wanjiru', lastName: 'Kamau' });
    const created = await postActivity(t, member.token, { location: '  Mombasa ' });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      memberNo: member.memberNo,
      name: 'Wanjiru Achieng Kamau',
      activityType: 'COURSE',
      location: 'Mombasa',
      hours: 12,
      status: 'Pending',
      pointsAwarded: null,
      structured: null,
      reason: null,
      decidedAt: null,
    });
    const id = created.body.data.id;
    expect(created.body.data.evidenceUrl).toBe(`/api/cpd/activities/${id}/evidence`);

    const list = await t.call('GET', '/api/cpd/activities', { token: member.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((a: { id: number }) => a.id)).toEqual([id]);

    const evidence = await t.app.inject({
      method: 'GET',
      url: `/api/cpd/activities/${id}/evidence`,
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(evidence.statusCode).toBe(200);
    expect(evidence.headers['content-type']).toBe('application/pdf');
    expect(evidence.headers['x-content-type-options']).toBe('nosniff');
    expect(evidence.headers['content-disposition']).toMatch(/^attachment; filename="cpd-evidence-\d+\.pdf"$/);
    expect(evidence.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Another member: not found (and not in their list); an approver may read it.
    const other = await cpdMember(t);
    expect((await t.call('GET', `/api/cpd/activities/${id}/evidence`, { token: other.token })).status).toBe(404);
    expect((await t.call('GET', '/api/cpd/activities', { token: other.token })).body.data).toEqual([]);
    const approver = await staffToken(t, 'approver');
    const staffRead = await t.app.inject({
      method: 'GET',
      url: `/api/cpd/activities/${id}/evidence`,
      headers: { authorization: `Bearer ${approver}` },
    });
    expect(staffRead.statusCode).toBe(200);
    expect((await t.call('GET', '/api/cpd/activities/999999/evidence', { token: approver })).status).toBe(404);
  });

  it('checks every field and the evidence, reporting all problems at once', async () => {
    const member = await cpdMember(t);
    const empty = await postMultipart(t, '/api/cpd/activities', { hours: '0' }, member.token);
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({
      activityType: [cpdMessages.activityTypeRequired],
      description: [cpdMessages.descriptionRequired],
      provider: [cpdMessages.providerRequired],
      startDate: [cpdMessages.startDateRequired],
      endDate: [cpdMessages.endDateRequired],
      hours: [cpdMessages.hoursInvalid],
      evidence: [cpdMessages.evidenceRequired],
    });

    const backwards = await postActivity(t, member.token, { startDate: daysAgo(3), endDate: daysAgo(5) });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors.endDate).toEqual([cpdMessages.endBeforeStart]);

    const future = await postActivity(t, member.token, { startDate: daysAgo(1), endDate: daysAgo(-2) });
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({ message: cpdMessages.inTheFuture, errors: { endDate: [cpdMessages.inTheFuture] } });
    // Today is fine.
    expect((await postActivity(t, member.token, { startDate: daysAgo(0), endDate: daysAgo(0) })).status).toBe(200);

    const ancient = await postActivity(t, member.token, { startDate: '0000-01-01', endDate: '0000-01-02' });
    expect(ancient.status).toBe(400);
    expect(ancient.body.errors.startDate).toEqual([cpdMessages.dateTooEarly]);

    const tooLong = await postActivity(t, member.token, { hours: '200.5', description: 'x'.repeat(201) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toMatchObject({ hours: [cpdMessages.hoursInvalid], description: [messages.valueTooLong] });

    const notPdf = await postActivity(t, member.token, {
      evidence: { filename: 'evidence.pdf', contentType: 'application/pdf', content: Buffer.from('<html>not a pdf</html>') },
    });
    expect(notPdf.status).toBe(400);
    expect(notPdf.body.errors.evidence).toEqual([cpdMessages.evidenceInvalid]);
    const polyglot = await postActivity(t, member.token, { evidence: pdf('evidence.pdf', polyglotPdfBytes()) });
    expect(polyglot.status).toBe(400);
    expect(polyglot.body.errors.evidence).toEqual([profileMessages.attachmentUnreadablePdf]);
    const wrongType = await postActivity(t, member.token, { activityType: 'PARTY' });
    expect(wrongType.body.errors.activityType).toEqual([cpdMessages.activityTypeRequired]);

    // Nothing but the one valid activity was stored, and no file was kept for the refused ones.
    const rows = await t.db.select().from(schema.cpdActivities).where(eq(schema.cpdActivities.profileId, member.profileId));
    expect(rows).toHaveLength(1);
    const stored = await t.db.select().from(schema.files).where(eq(schema.files.profileId, member.profileId));
    expect(stored).toHaveLength(1);
  });

  it('is for registered members: a user without a membership record gets 403, a visitor 401', async () => {
    const user = await createUser(t.db);
    const token = await signIn(t, user.email);
    expect(await t.call('GET', '/api/cpd/activities', { token })).toMatchObject({
      status: 403,
      body: { message: cpdMessages.membershipRequired },
    });
    expect((await postActivity(t, token)).status).toBe(403);
    expect((await t.call('GET', '/api/cpd/activities')).status).toBe(401);
    expect((await postActivity(t, '')).status).toBe(401);
  });

  it('edits and deletes a Pending activity, its own only; new evidence replaces the old file', async () => {
    const member = await cpdMember(t);
    const activity = await recordedActivity(t, member.token);
    const before = await activityRow(t, activity.id);

    const edited = await postMultipart(
      t,
      `/api/cpd/activities/${activity.id}`,
      activityFields({ description: 'Advanced geotechnics', hours: '14.5' }),
      member.token,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ id: activity.id, description: 'Advanced geotechnics', hours: 14.5, status: 'Pending' });
    // Evidence kept when none is sent.
    expect((await activityRow(t, activity.id))?.evidenceFileId).toBe(before?.evidenceFileId);

    const replaced = await postMultipart(
      t,
      `/api/cpd/activities/${activity.id}`,
      { ...activityFields(), evidence: pdf('new.pdf') },
      member.token,
    );
    expect(replaced.status).toBe(200);
    const after = await activityRow(t, activity.id);
    expect(after?.evidenceFileId).not.toBe(before?.evidenceFileId);
    const oldFile = await t.db
      .select()
      .from(schema.files)
      .where(eq(schema.files.id, before?.evidenceFileId ?? ''));
    expect(oldFile).toHaveLength(0);

    const invalid = await postMultipart(t, `/api/cpd/activities/${activity.id}`, activityFields({ provider: '' }), member.token);
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.provider).toEqual([cpdMessages.providerRequired]);

    const other = await cpdMember(t);
    expect((await postMultipart(t, `/api/cpd/activities/${activity.id}`, activityFields(), other.token)).status).toBe(404);
    expect((await t.call('POST', `/api/cpd/activities/${activity.id}/delete`, { token: other.token })).status).toBe(404);
    expect((await t.call('POST', '/api/cpd/activities/999999/delete', { token: member.token })).status).toBe(404);
    expect((await t.call('POST', '/api/cpd/activities/abc/delete', { token: member.token })).status).toBe(400);

    const deleted = await t.call('POST', `/api/cpd/activities/${activity.id}/delete`, { token: member.token });
    expect(deleted).toMatchObject({ status: 200, body: { data: { message: cpdMessages.activityDeleted } } });
    expect(await activityRow(t, activity.id)).toBeNull();
    expect(
      await t.db
        .select()
        .from(schema.files)
        .where(eq(schema.files.id, after?.evidenceFileId ?? '')),
    ).toHaveLength(0);
  });
});

describe('decisions (admins and approvers)', () => {
  it('an approver accepts: Accepted, one award for the year the activity ended, the member e-mailed, audited', async () => {
    const member = await cpdMember(t, { firstName: 'Otieno' });
    const activity = await recordedActivity(t, member.token, { startDate: '2025-12-30', endDate: '2026-01-02' });
    const approver = await staffToken(t, 'approver');

    const accepted = await t.call('POST', `/api/admin/cpd/activities/${activity.id}/accept`, {
      token: approver,
      body: { points: 7.5, structured: true },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ status: 'Accepted', pointsAwarded: 7.5, structured: true, reason: null });
    expect(accepted.body.data.decidedAt).toEqual(expect.any(String));
    const awards = await awardsOf(member.profileId);
    expect(awards).toHaveLength(1);
    expect(awards[0]).toMatchObject({
      source: 'activity',
      activityId: activity.id,
      memberNo: member.memberNo,
      description: 'Geotechnical design short course',
      provider: 'University of Nairobi',
      eventDate: '2025-12-30',
      endDate: '2026-01-02',
      points: '7.5',
      structured: true,
      period: '2026',
      certificateNo: null,
    });
    const [mail] = await t.outboxFor(member.user.email);
    expect(mail).toMatchObject({ channel: 'email', subject: expect.stringContaining('CPD activity accepted') });
    expect(mail.body).toContain('Dear Otieno,');
    expect(mail.body).toContain('7.5 CPD points for 2026');
    const [entry] = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'cpd.activity_accepted'));
    expect(entry).toMatchObject({ target: member.memberNo, details: { activityId: activity.id, points: 7.5 } });

    // Decided: a second accept, a reject, an edit and a delete are refused; the award stays single.
    const again = await t.call('POST', `/api/admin/cpd/activities/${activity.id}/accept`, {
      token: approver,
      body: { points: 9, structured: false },
    });
    expect(again).toMatchObject({ status: 409, body: { message: cpdMessages.activityDecided } });
    const reject = await t.call('POST', `/api/admin/cpd/activities/${activity.id}/reject`, { token: approver, body: { reason: 'Late' } });
    expect(reject.status).toBe(409);
    expect((await postMultipart(t, `/api/cpd/activities/${activity.id}`, activityFields(), member.token)).status).toBe(409);
    expect((await t.call('POST', `/api/cpd/activities/${activity.id}/delete`, { token: member.token })).status).toBe(409);
    expect(await awardsOf(member.profileId)).toHaveLength(1);
    expect(await t.outboxFor(member.user.email)).toHaveLength(1);
  });

  it('two accepts at once award the points once', async () => {
    const member = await cpdMember(t);
    const activity = await recordedActivity(t, member.token);
    const [a, b] = await Promise.all([staffToken(t, 'approver'), staffToken(t, 'admin')]);
    const results = await Promise.all(
      [a, b, a].map((token) =>
        t.call('POST', `/api/admin/cpd/activities/${activity.id}/accept`, { token, body: { points: 4, structured: false } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await awardsOf(member.profileId)).toHaveLength(1);
  });

  it('an administrator rejects with a reason: no award, the member e-mailed unless updates are off', async () => {
    const member = await cpdMember(t);
    await t.db.update(schema.users).set({ emailUpdates: 0 }).where(eq(schema.users.id, member.user.id));
    const activity = await recordedActivity(t, member.token);
    const admin = await staffToken(t, 'admin');
    const noReason = await t.call('POST', `/api/admin/cpd/activities/${activity.id}/reject`, { token: admin, body: { reason: '  ' } });
    expect(noReason).toMatchObject({ status: 400, body: { message: cpdMessages.reasonRequired } });
    const rejected = await t.call('POST', `/api/admin/cpd/activities/${activity.id}/reject`, {
      token: admin,
      body: { reason: 'The certificate does not name you' },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'Rejected', reason: 'The certificate does not name you', pointsAwarded: null });
    expect(await awardsOf(member.profileId)).toHaveLength(0);
    expect(await t.outboxFor(member.user.email)).toHaveLength(0);
    const [entry] = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'cpd.activity_rejected'));
    expect(entry.details).toMatchObject({ activityId: activity.id });

    const other = await cpdMember(t);
    const mailed = await recordedActivity(t, other.token);
    await t.call('POST', `/api/admin/cpd/activities/${mailed.id}/reject`, { token: admin, body: { reason: 'Not engineering' } });
    const [mail] = await t.outboxFor(other.user.email);
    expect(mail.subject).toContain('not accepted');
    expect(mail.body).toContain('Reason: Not engineering');
  });

  it('members cannot decide or read the queue; unknown activities are 404; points are checked', async () => {
    const member = await cpdMember(t);
    const activity = await recordedActivity(t, member.token);
    const accept = { points: 5, structured: true };
    expect((await t.call('POST', `/api/admin/cpd/activities/${activity.id}/accept`, { token: member.token, body: accept })).status).toBe(
      403,
    );
    expect(
      (await t.call('POST', `/api/admin/cpd/activities/${activity.id}/reject`, { token: member.token, body: { reason: 'x' } })).status,
    ).toBe(403);
    expect((await t.call('GET', '/api/admin/cpd/activities', { token: member.token })).status).toBe(403);
    expect((await t.call('POST', `/api/admin/cpd/activities/${activity.id}/accept`, { body: accept })).status).toBe(401);
    expect((await activityRow(t, activity.id))?.status).toBe('Pending');

    const approver = await staffToken(t, 'approver');
    expect((await t.call('POST', '/api/admin/cpd/activities/999999/accept', { token: approver, body: accept })).status).toBe(404);

    // An approver who is also a member does not decide their own activity.
    await t.db.update(schema.users).set({ isApprover: true }).where(eq(schema.users.id, member.user.id));
    // Staff have a second factor (issue 25).
    await enrolTotp(t, member.token);
    const own = await t.call('POST', `/api/admin/cpd/activities/${activity.id}/accept`, { token: member.token, body: accept });
    expect(own).toMatchObject({ status: 403, body: { message: cpdMessages.ownActivity } });
    const ownReject = await t.call('POST', `/api/admin/cpd/activities/${activity.id}/reject`, {
      token: member.token,
      body: { reason: 'x' },
    });
    expect(ownReject.status).toBe(403);
    expect((await activityRow(t, activity.id))?.status).toBe('Pending');
    await t.db.update(schema.users).set({ isApprover: false }).where(eq(schema.users.id, member.user.id));
    for (const points of [-1, 1001, '5']) {
      const bad = await t.call('POST', `/api/admin/cpd/activities/${activity.id}/accept`, {
        token: approver,
        body: { points, structured: true },
      });
      expect(bad.status).toBe(400);
    }
  });

  it('accepted points count in the summary for that year; pending hours are shown apart', async () => {
    const member = await cpdMember(t);
    const year = thisYear();
    const pending = await recordedActivity(t, member.token, { hours: '6' });
    // Another year's pending hours are not this year's.
    await recordedActivity(t, member.token, { hours: '3', startDate: '2024-05-01', endDate: '2024-05-02' });
    const accepted = await recordedActivity(t, member.token, { hours: '10' });
    const approver = await staffToken(t, 'approver');
    await t.call('POST', `/api/admin/cpd/activities/${accepted.id}/accept`, { token: approver, body: { points: 10, structured: true } });
    const summary = await t.call('GET', `/api/cpd/summary?year=${daysAgo(20).slice(0, 4)}`, { token: member.token });
    expect(summary.body.data).toMatchObject({ points: 10, structuredPoints: 10, pendingHours: 6 });
    expect(pending.status).toBe('Pending');
    expect(year).toMatch(/^\d{4}$/);
  });
});
