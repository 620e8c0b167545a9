import { billingMessages, cpdMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { awardFor, cpdMember, setRequirement, staffToken } from '../../../test/cpd';
import { createTestApp, createUser, signIn } from '../../../test/harness';
import { pdfText } from '../../../test/pdf-text';
import { thisYear } from './common';

const t = await createTestApp();
const year = thisYear();
const lastYear = String(Number(year) - 1);

describe('GET /api/cpd_awards/awards', () => {
  it("answers the caller's own awards, newest first, in the spec's shape", async () => {
    const member = await cpdMember(t);
    const older = await awardFor(t, member, { period: lastYear, eventDate: `${lastYear}-06-01`, points: 2.5, structured: false });
    const newer = await awardFor(t, member, { period: year, eventDate: `${year}-02-01`, withCertificate: true });
    await awardFor(t, await cpdMember(t), { period: year });

    for (const url of [
      '/api/cpd_awards/awards',
      `/api/cpd_awards/awards?memberNo=${member.memberNo}`,
      '/api/cpd_awards/awards?memberNo=',
    ]) {
      const response = await t.call('GET', url, { token: member.token });
      expect(response.status).toBe(200);
      expect(response.body.data.map((a: { id: number }) => a.id)).toEqual([newer.id, older.id]);
    }
    const [first, second] = (await t.call('GET', '/api/cpd_awards/awards', { token: member.token })).body.data;
    expect(first).toEqual({
      id: newer.id,
      memberNo: member.memberNo,
      description: 'Bridge design seminar',
      provider: 'Institution of Engineers',
      location: 'Nairobi',
      eventDate: `${year}-02-01`,
      endDate: `${year}-02-01`,
      pointAwarded: 5,
      eventCode: 'EVT000001',
      certificateNo: newer.certificateNo,
      period: year,
      source: 'event',
      structured: true,
    });
    expect(second).toMatchObject({ pointAwarded: 2.5, structured: false, eventCode: null, certificateNo: null, source: 'activity' });
  });

  it("refuses another member's number (403) but lets admins and approvers read anyone's", async () => {
    const member = await cpdMember(t);
    const other = await cpdMember(t);
    const award = await awardFor(t, other);
    const refused = await t.call('GET', `/api/cpd_awards/awards?memberNo=${other.memberNo}`, { token: member.token });
    expect(refused).toMatchObject({ status: 403, body: { message: cpdMessages.notYourAwards } });
    expect((await t.call('GET', '/api/cpd_awards/awards?memberNo=NOSUCH', { token: member.token })).status).toBe(403);
    expect((await t.call('GET', '/api/cpd_awards/awards')).status).toBe(401);

    for (const role of ['approver', 'admin'] as const) {
      const token = await staffToken(t, role);
      const read = await t.call('GET', `/api/cpd_awards/awards?memberNo=${other.memberNo}`, { token });
      expect(read.status).toBe(200);
      expect(read.body.data.map((a: { id: number }) => a.id)).toEqual([award.id]);
      expect((await t.call('GET', '/api/cpd_awards/awards?memberNo=NOSUCH', { token })).body.data).toEqual([]);
      // Staff without a profile of their own have no awards.
      expect((await t.call('GET', '/api/cpd_awards/awards', { token })).body.data).toEqual([]);
    }
  });
});

describe('GET /api/cpd/summary', () => {
  it('gives the years, points, requirement, what remains and pending hours (this year by default)', async () => {
    const member = await cpdMember(t, { category: 'GRADUATE' });
    await awardFor(t, member, { period: year, points: 12 });
    await awardFor(t, member, { period: year, points: 8, structured: false });
    await awardFor(t, member, { period: lastYear, points: 30 });

    const summary = await t.call('GET', '/api/cpd/summary', { token: member.token });
    expect(summary.status).toBe(200);
    const years = Array.from({ length: Number(year) - 2018 + 1 }, (_, i) => String(Number(year) - i));
    expect(summary.body.data).toEqual({
      year,
      years,
      memberNo: member.memberNo,
      categoryCode: 'GRADUATE',
      points: 20,
      structuredPoints: 12,
      requirement: { annualPoints: 25, structuredPoints: 15 },
      remaining: 5,
      structuredRemaining: 3,
      met: false,
      pendingHours: 0,
    });
    const previous = await t.call('GET', `/api/cpd/summary?year=${lastYear}`, { token: member.token });
    expect(previous.body.data).toMatchObject({ year: lastYear, points: 30, remaining: 0, structuredRemaining: 0, met: true });

    for (const bad of ['2017', String(Number(year) + 1), '20x5', '']) {
      const refused = await t.call('GET', `/api/cpd/summary?year=${bad}`, { token: member.token });
      expect(refused.status).toBe(400);
    }
  });

  it('a category without a requirement, and a user without a profile, get zeros and no requirement', async () => {
    const firm = await cpdMember(t, { category: 'CORPORATE' });
    const summary = await t.call('GET', '/api/cpd/summary', { token: firm.token });
    expect(summary.body.data).toMatchObject({ categoryCode: 'CORPORATE', requirement: null, met: false, remaining: 0 });
    const user = await createUser(t.db);
    const token = await signIn(t, user.email);
    const empty = await t.call('GET', '/api/cpd/summary', { token });
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({ memberNo: null, points: 0, requirement: null, met: false });
  });
});

describe('GET /api/cpd/certificate/:certificateNo', () => {
  it("renders an award's certificate for its holder and staff; 404 for anyone else", async () => {
    const member = await cpdMember(t);
    const award = await awardFor(t, member, { withCertificate: true, points: 3 });
    const certificateNo = award.certificateNo ?? '';
    const own = await t.call('GET', `/api/cpd/certificate/${certificateNo}`, { token: member.token });
    expect(own.status).toBe(200);
    expect(await pdfText(Buffer.from(own.body.data, 'base64'))).toContain('3 CPD points');
    const approver = await staffToken(t, 'approver');
    expect((await t.call('GET', `/api/cpd/certificate/${certificateNo}`, { token: approver })).status).toBe(200);
    const other = await cpdMember(t);
    const refused = await t.call('GET', `/api/cpd/certificate/${certificateNo}`, { token: other.token });
    expect(refused).toMatchObject({ status: 404, body: { message: cpdMessages.certificateNotFound } });
    expect((await t.call('GET', '/api/cpd/certificate/CPD-0000-0000-0000-0000', { token: member.token })).status).toBe(404);
    expect((await t.call('GET', `/api/cpd/certificate/${certificateNo}`)).status).toBe(401);
  });
});

describe('GET /api/cpd/statement/:year', () => {
  it('issues the statement once the requirement is met (409 before), one document per member and year', async () => {
    const member = await cpdMember(t, { firstName: 'Njeri', lastName: 'Wambui' });
    await setRequirement(t, 'PROFESSIONAL', 50, 30);
    await awardFor(t, member, { period: lastYear, points: 40 });
    const early = await t.call('GET', `/api/cpd/statement/${lastYear}`, { token: member.token });
    expect(early).toMatchObject({ status: 409, body: { message: cpdMessages.statementNotMet(lastYear) } });

    await awardFor(t, member, { period: lastYear, points: 10, structured: false });
    const statement = await t.call('GET', `/api/cpd/statement/${lastYear}`, { token: member.token });
    expect(statement.status).toBe(200);
    const text = await pdfText(Buffer.from(statement.body.data, 'base64'));
    expect(text).toContain(lastYear);
    expect(text.toUpperCase()).toContain('NJERI');
    await t.call('GET', `/api/cpd/statement/${lastYear}`, { token: member.token });
    const documents = await t.db.select().from(schema.documents).where(eq(schema.documents.profileId, member.profileId));
    expect(documents.filter((d) => d.kind === 'cpd_statement')).toHaveLength(1);
    expect(documents[0]).toMatchObject({
      subjectKey: `${member.profileId}:${lastYear}`,
      memberNo: member.memberNo,
      categoryCode: 'PROFESSIONAL',
    });

    // Staff may name the member; a member may not name someone else.
    const approver = await staffToken(t, 'approver');
    expect((await t.call('GET', `/api/cpd/statement/${lastYear}?profileId=${member.profileId}`, { token: approver })).status).toBe(200);
    expect((await t.call('GET', `/api/cpd/statement/${lastYear}?profileId=NOSUCH`, { token: approver })).status).toBe(404);
    const other = await cpdMember(t);
    const refused = await t.call('GET', `/api/cpd/statement/${lastYear}?profileId=${member.profileId}`, { token: other.token });
    expect(refused).toMatchObject({ status: 404, body: { message: billingMessages.profileNotFound } });
    // The other member's own statement: nothing earned.
    expect((await t.call('GET', `/api/cpd/statement/${lastYear}`, { token: other.token })).status).toBe(409);
    expect((await t.call('GET', '/api/cpd/statement/1999', { token: member.token })).status).toBe(400);
  });

  it('a category without a requirement has no statement; a user without a membership is refused', async () => {
    const firm = await cpdMember(t, { category: 'CORPORATE' });
    await awardFor(t, firm, { period: year, points: 100 });
    expect(await t.call('GET', `/api/cpd/statement/${year}`, { token: firm.token })).toMatchObject({
      status: 409,
      body: { message: cpdMessages.noRequirement },
    });
    const user = await createUser(t.db);
    const token = await signIn(t, user.email);
    expect((await t.call('GET', `/api/cpd/statement/${year}`, { token })).status).toBe(403);
  });
});
