import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { caseAtHearing, complaintBody, complaintRow, fileComplaint, moveTo, respondentMember } from '../../../test/complaints';
import { createTestApp, uniqueIp } from '../../../test/harness';
import { postMultipart } from '../../../test/multipart';
import { pdfBytes, photoBytes } from '../../../test/profile';
import { createReviewer, setMinorSetting } from '../../../test/review';

const t = await createTestApp();
const admin = await createReviewer(t, 'admin');

describe('filing a complaint (public)', () => {
  it('files with evidence as form data, gives a CMP reference and e-mails a private tracking link', async () => {
    const engineer = await respondentMember(t);
    const body = complaintBody(engineer.memberNo, { withholdIdentity: 'true' });
    const parts: Record<string, string | { filename: string; contentType: string; content: Buffer }[]> = {};
    for (const [key, value] of Object.entries(body)) parts[key] = String(value);
    parts.evidence = [
      { filename: 'report.pdf', contentType: 'application/pdf', content: pdfBytes() },
      { filename: 'crack.png', contentType: 'image/png', content: await photoBytes(3000, 2000, { format: 'png' }) },
    ];
    const response = await postMultipart(t, '/api/complaints', parts);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const reference = response.body.data.reference as string;
    expect(reference).toMatch(/^CMP-\d{4}-\d+$/);
    const row = await complaintRow(t, reference);
    expect(row).toMatchObject({
      stage: 'received',
      withholdIdentity: true,
      respondentMemberNo: engineer.memberNo,
      complainantPhone: '254722123456',
    });
    const files = await t.db.select().from(schema.complaintFiles).where(eq(schema.complaintFiles.complaintId, row.id));
    expect(files.map((f) => f.contentType).sort()).toEqual(['application/pdf', 'image/jpeg']);
    const [mail] = await t.outboxFor(body.complainantEmail);
    expect(mail.body).toContain(reference);
    expect(mail.body).toMatch(/complaints\/track\/CMP-\d{4}-\d+\?token=/);
    expect(row.trackTokenHash).not.toContain(mail.body.match(/token=(\S+)/)?.[1] ?? 'x');
    // Administrators are told.
    expect((await t.outboxFor('admin@portal.test')).some((m) => m.subject?.includes(reference))).toBe(true);
  });

  it("refuses an unknown member number, a future date and evidence that is not PDF or an image, with each field's message", async () => {
    const engineer = await respondentMember(t);
    const unknown = await t.call('POST', '/api/complaints', { body: complaintBody('NOPE999'), ip: uniqueIp() });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.respondentMemberNo).toEqual(['No registered engineer or firm has that member number']);
    const future = await t.call('POST', '/api/complaints', {
      body: complaintBody(engineer.memberNo, { incidentDate: '2999-01-01' }),
      ip: uniqueIp(),
    });
    expect(future.status).toBe(400);
    expect(future.body.errors.incidentDate).toEqual(['The date cannot be in the future']);
    const short = await t.call('POST', '/api/complaints', {
      body: complaintBody(engineer.memberNo, { description: 'Bad' }),
      ip: uniqueIp(),
    });
    expect(short.body.errors.description).toEqual(['Describe what happened in at least 20 characters']);
    const parts: Record<string, string | { filename: string; contentType: string; content: Buffer }[]> = {};
    for (const [key, value] of Object.entries(complaintBody(engineer.memberNo))) parts[key] = String(value);
    parts.evidence = [
      { filename: 'page.html', contentType: 'application/pdf', content: Buffer.from('<html><script>alert(1)</script></html>') },
    ];
    const html = await postMultipart(t, '/api/complaints', parts);
    expect(html.status).toBe(400);
    expect(html.body.errors.evidence).toEqual(['Evidence must be PDF, PNG or JPEG files']);
  });

  it('is limited per address', async () => {
    const engineer = await respondentMember(t);
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await t.call('POST', '/api/complaints', { body: complaintBody(engineer.memberNo), ip })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('names the engineer a member number belongs to, for the form', async () => {
    const engineer = await respondentMember(t);
    const found = await t.call('GET', `/api/complaints/respondent?memberNo=${engineer.memberNo.toLowerCase()}`);
    expect(found.body.data).toEqual({ memberNo: engineer.memberNo, name: 'Peter Achieng Kamau' });
    expect((await t.call('GET', '/api/complaints/respondent?memberNo=NOPE1')).status).toBe(404);
  });
});

describe('stages', () => {
  it('goes one step at a time: no skipping, no decision by the stage call, dismissal only with a reason', async () => {
    const engineer = await respondentMember(t);
    const { reference, token, email } = await fileComplaint(t, engineer.memberNo);
    const skip = await moveTo(t, admin.token, reference, 'investigation');
    expect(skip.status).toBe(409);
    expect(skip.body.message).toBe('A complaint at Received cannot move to Investigation');
    expect((await moveTo(t, admin.token, reference, 'preliminary_review')).status).toBe(200);
    const noReason = await moveTo(t, admin.token, reference, 'dismissed');
    expect(noReason.status).toBe(400);
    expect((await moveTo(t, admin.token, reference, 'dismissed', 'Outside the board’s remit: a contract dispute')).status).toBe(200);
    const track = await t.call('GET', `/api/complaints/track/${reference}?token=${encodeURIComponent(token)}`);
    expect(track.body.data).toMatchObject({ stage: 'dismissed', dismissalReason: 'Outside the board’s remit: a contract dispute' });
    expect((await t.outboxFor(email))[0].body).toContain('dismissed at preliminary review');
    // The engineer never saw it: dismissed before any notice.
    expect((await t.call('GET', '/api/complaints/mine', { token: engineer.token })).body.data).toEqual([]);
  });

  it('gives notice with the time to answer from the settings, and the engineer answers once in the portal', async () => {
    await setMinorSetting(t, 'complaint_notice_days', 14);
    const engineer = await respondentMember(t);
    const { reference } = await fileComplaint(t, engineer.memberNo);
    await moveTo(t, admin.token, reference, 'preliminary_review');
    expect(
      (await t.call('POST', `/api/complaints/${reference}/response`, { token: engineer.token, body: { statement: 'Too early' } })).status,
    ).toBe(404);
    await moveTo(t, admin.token, reference, 'notice');
    const row = await complaintRow(t, reference);
    const due = new Date(`${row.noticeSentAt?.toISOString().slice(0, 10)}T00:00:00Z`);
    expect(Math.round((new Date(`${row.noticeDue}T00:00:00Z`).getTime() - due.getTime()) / 86_400_000)).toBeGreaterThanOrEqual(13);
    const [notice] = await t.outboxFor(engineer.user.email);
    expect(notice.subject).toContain(`notice of complaint ${reference}`);
    const mine = await t.call('GET', '/api/complaints/mine', { token: engineer.token });
    expect(mine.body.data[0]).toMatchObject({ reference, canAnswer: true, complainantName: 'Grace Njeri', noticeDue: row.noticeDue });
    const answer = await postMultipart(
      t,
      `/api/complaints/${reference}/response`,
      {
        statement: 'I supervised the works as designed.',
        documents: [{ filename: 'site-diary.pdf', contentType: 'application/pdf', content: pdfBytes() }],
      },
      engineer.token,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const again = await t.call('POST', `/api/complaints/${reference}/response`, {
      token: engineer.token,
      body: { statement: 'And another thing.' },
    });
    expect(again.status).toBe(409);
    const detail = await t.call('GET', `/api/admin/complaints/${reference}`, { token: admin.token });
    expect(detail.body.data).toMatchObject({ response: 'I supervised the works as designed.', nextStages: ['investigation'] });
    expect(detail.body.data.files.map((f: { party: string }) => f.party)).toEqual(['respondent']);
    await setMinorSetting(t, 'complaint_notice_days', 21);
  });

  it('refuses a decision before the engineer has answered or the time has passed, and before the hearing', async () => {
    const engineer = await respondentMember(t);
    const { reference } = await fileComplaint(t, engineer.memberNo);
    for (const stage of ['preliminary_review', 'notice', 'investigation']) await moveTo(t, admin.token, reference, stage);
    const early = await t.call('POST', `/api/admin/complaints/${reference}/decision`, {
      token: admin.token,
      body: { outcome: 'caution', reason: 'x' },
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('A decision can be recorded only after the hearing');
    expect((await moveTo(t, admin.token, reference, 'hearing')).body.message).toBe('Give the hearing date and the panel');
    await t.call('POST', `/api/admin/complaints/${reference}/hearing`, {
      token: admin.token,
      body: { hearingAt: '2026-12-01T09:00:00+03:00', panel: 'Panel A' },
    });
    expect((await moveTo(t, admin.token, reference, 'hearing')).status).toBe(200);
    const unanswered = await t.call('POST', `/api/admin/complaints/${reference}/decision`, {
      token: admin.token,
      body: { outcome: 'caution', reason: 'x' },
    });
    expect(unanswered.status).toBe(409);
    expect(unanswered.body.message).toMatch(/^The engineer has until .* to answer the notice$/);
    // Once the time has passed, the board may decide without an answer.
    await t.db.update(schema.complaints).set({ noticeDue: '2020-01-01' }).where(eq(schema.complaints.reference, reference));
    const late = await t.call('POST', `/api/admin/complaints/${reference}/decision`, {
      token: admin.token,
      body: { outcome: 'caution', reason: 'Careless supervision' },
    });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
  });

  it('records one decision however many arrive at once; a second is 409', async () => {
    const engineer = await respondentMember(t);
    const { reference } = await caseAtHearing(t, admin.token, engineer);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        t.call('POST', `/api/admin/complaints/${reference}/decision`, {
          token: admin.token,
          body: { outcome: 'fine', amount: 50_000, reason: 'Negligence' },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const fines = await t.db.select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.externalDocumentNo, reference));
    expect(fines).toHaveLength(1);
  });
});

describe('confidentiality', () => {
  it('hides a withheld identity and the internal notes from the engineer, and the case from anyone else', async () => {
    const engineer = await respondentMember(t);
    const other = await respondentMember(t);
    const { reference, token } = await fileComplaint(t, engineer.memberNo, { withholdIdentity: true });
    await moveTo(t, admin.token, reference, 'preliminary_review');
    await moveTo(t, admin.token, reference, 'notice');
    await t.call('POST', `/api/admin/complaints/${reference}/notes`, {
      token: admin.token,
      body: { body: 'Complainant is a competitor: weigh carefully' },
    });
    const mine = await t.call('GET', '/api/complaints/mine', { token: engineer.token });
    const text = JSON.stringify(mine.body);
    expect(mine.body.data[0]).toMatchObject({ complainantName: null, identityWithheld: true });
    expect(text).not.toContain('Grace Njeri');
    expect(text).not.toContain('competitor');
    expect(text).not.toContain('complainant-');
    // Another engineer: 404 on the case, its answer and its files.
    expect((await t.call('GET', '/api/complaints/mine', { token: other.token })).body.data).toEqual([]);
    expect(
      (await t.call('POST', `/api/complaints/${reference}/response`, { token: other.token, body: { statement: 'Not mine at all' } }))
        .status,
    ).toBe(404);
    // The complainant's link needs its token; the notes never show there either.
    expect((await t.call('GET', `/api/complaints/track/${reference}`)).status).toBe(404);
    expect((await t.call('GET', `/api/complaints/track/${reference}?token=wrong`)).status).toBe(404);
    const track = await t.call('GET', `/api/complaints/track/${reference}?token=${encodeURIComponent(token)}`);
    expect(track.status).toBe(200);
    expect(JSON.stringify(track.body)).not.toContain('competitor');
    // Members cannot reach the back office.
    expect((await t.call('GET', `/api/admin/complaints/${reference}`, { token: engineer.token })).status).toBe(403);
  });

  it("takes staff's documents, seen by staff only", async () => {
    const engineer = await respondentMember(t);
    const { reference } = await fileComplaint(t, engineer.memberNo);
    await moveTo(t, admin.token, reference, 'preliminary_review');
    await moveTo(t, admin.token, reference, 'notice');
    expect((await postMultipart(t, `/api/admin/complaints/${reference}/files`, { note: 'x' }, admin.token)).status).toBe(400);
    const added = await postMultipart(
      t,
      `/api/admin/complaints/${reference}/files`,
      { documents: [{ filename: 'inspection.pdf', contentType: 'application/pdf', content: pdfBytes() }] },
      admin.token,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const detail = await t.call('GET', `/api/admin/complaints/${reference}`, { token: admin.token });
    const file = detail.body.data.files.find((f: { party: string }) => f.party === 'staff');
    expect(file).toMatchObject({ fileName: 'inspection.pdf', contentType: 'application/pdf' });
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/admin/complaints/${reference}/files/${file.id}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect((await t.call('GET', '/api/complaints/mine', { token: engineer.token })).body.data[0].files).toEqual([]);
    const asEngineer = await t.app.inject({
      method: 'GET',
      url: `/api/complaints/mine/${reference}/files/${file.id}`,
      headers: { authorization: `Bearer ${engineer.token}` },
    });
    expect(asEngineer.statusCode).toBe(404);
  });

  it('lists the queue with filters: stage, respondent, overdue, search', async () => {
    const engineer = await respondentMember(t);
    const { reference } = await fileComplaint(t, engineer.memberNo);
    await moveTo(t, admin.token, reference, 'preliminary_review');
    await moveTo(t, admin.token, reference, 'notice');
    await t.db.update(schema.complaints).set({ noticeDue: '2020-01-01' }).where(eq(schema.complaints.reference, reference));
    const byRespondent = await t.call('GET', `/api/admin/complaints?respondent=${engineer.memberNo}`, { token: admin.token });
    expect(byRespondent.body.data.items.map((i: { reference: string }) => i.reference)).toEqual([reference]);
    expect(byRespondent.body.data.items[0]).toMatchObject({ stage: 'notice', overdue: true, dueOn: '2020-01-01' });
    const overdue = await t.call('GET', '/api/admin/complaints?overdue=true&pageSize=100', { token: admin.token });
    expect(overdue.body.data.items.map((i: { reference: string }) => i.reference)).toContain(reference);
    const stage = await t.call('GET', '/api/admin/complaints?stage=dismissed&pageSize=100', { token: admin.token });
    expect(stage.body.data.items.map((i: { reference: string }) => i.reference)).not.toContain(reference);
    const search = await t.call('GET', `/api/admin/complaints?q=${reference}`, { token: admin.token });
    expect(search.body.data.total).toBe(1);
  });
});
