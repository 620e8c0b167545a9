import { cpdMessages, messages } from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { awardFor, cpdMember, setRequirement, staffToken } from '../../../test/cpd';
import { createMember, createTestApp } from '../../../test/harness';

const t = await createTestApp();
const YEAR = '2025';

describe('CPD requirements', () => {
  it('seeds the defaults per category (CORPORATE none) and lists every category', async () => {
    const approver = await staffToken(t, 'approver');
    const list = await t.call('GET', '/api/admin/cpd/requirements', { token: approver });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      { categoryCode: 'GRADUATE', description: 'Graduate Engineer', annualPoints: 25, structuredPoints: 15 },
      { categoryCode: 'TECHNOLOGIST', description: 'Engineering Technologist', annualPoints: 25, structuredPoints: 15 },
      { categoryCode: 'PROFESSIONAL', description: 'Professional Engineer', annualPoints: 50, structuredPoints: 30 },
      { categoryCode: 'CONSULTING', description: 'Consulting Engineer', annualPoints: 50, structuredPoints: 30 },
      { categoryCode: 'ACCREDITED', description: 'Accredited Checker', annualPoints: 50, structuredPoints: 30 },
      { categoryCode: 'CORPORATE', description: 'Consulting Engineering Firm', annualPoints: 0, structuredPoints: 0 },
    ]);
    const member = await cpdMember(t);
    expect((await t.call('GET', '/api/admin/cpd/requirements', { token: member.token })).status).toBe(403);
  });

  it('only the main administrator saves them; 0 points removes a requirement and it stays removed', async () => {
    const body = {
      requirements: [
        { categoryCode: 'TECHNOLOGIST', annualPoints: 0, structuredPoints: 0 },
        { categoryCode: 'CORPORATE', annualPoints: 20, structuredPoints: 10.5 },
      ],
    };
    for (const role of ['approver', 'admin'] as const) {
      const token = await staffToken(t, role);
      expect((await t.call('POST', '/api/admin/cpd/requirements', { token, body })).status).toBe(403);
    }
    const member = await cpdMember(t);
    expect((await t.call('POST', '/api/admin/cpd/requirements', { token: member.token, body })).status).toBe(403);
    expect((await t.call('POST', '/api/admin/cpd/requirements', { body })).status).toBe(401);

    const main = await staffToken(t, 'main');
    const saved = await t.call('POST', '/api/admin/cpd/requirements', { token: main, body });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(cpdMessages.requirementsSaved);
    const byCode = Object.fromEntries(saved.body.data.map((r: { categoryCode: string }) => [r.categoryCode, r]));
    expect(byCode.TECHNOLOGIST).toMatchObject({ annualPoints: 0, structuredPoints: 0 });
    expect(byCode.CORPORATE).toMatchObject({ annualPoints: 20, structuredPoints: 10.5 });
    expect(byCode.PROFESSIONAL).toMatchObject({ annualPoints: 50 });
    const [entry] = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'cpd.requirements_saved'));
    expect(entry).toBeDefined();

    // A technologist now has no requirement, and seeding again (every start-up) does not bring it back.
    const { seed } = await import('@portal/db/seed');
    await seed(t.db, { adminEmail: 'admin@portal.test', adminPassword: 'Admin@2026', demo: false });
    const again = await t.call('GET', '/api/admin/cpd/requirements', { token: main });
    expect(again.body.data.find((r: { categoryCode: string }) => r.categoryCode === 'TECHNOLOGIST')).toMatchObject({ annualPoints: 0 });
    const technologist = await cpdMember(t, { category: 'TECHNOLOGIST' });
    expect((await t.call('GET', '/api/cpd/summary', { token: technologist.token })).body.data.requirement).toBeNull();

    const invalid = await t.call('POST', '/api/admin/cpd/requirements', {
      token: main,
      body: { requirements: [{ categoryCode: 'GRADUATE', annualPoints: 10, structuredPoints: 20 }] },
    });
    expect(invalid).toMatchObject({ status: 400, body: { message: cpdMessages.structuredAboveAnnual } });
    const unknown = await t.call('POST', '/api/admin/cpd/requirements', {
      token: main,
      body: { requirements: [{ categoryCode: 'NOSUCH', annualPoints: 10, structuredPoints: 0 }] },
    });
    expect(unknown).toMatchObject({ status: 400, body: { errors: { 'requirements.0.categoryCode': [cpdMessages.categoryUnknown] } } });
    for (const annualPoints of [-1, 1000.5]) {
      const bad = await t.call('POST', '/api/admin/cpd/requirements', {
        token: main,
        body: { requirements: [{ categoryCode: 'GRADUATE', annualPoints, structuredPoints: 0 }] },
      });
      expect(bad).toMatchObject({ status: 400, body: { message: cpdMessages.pointsInvalid } });
    }
    const tooLong = await t.call('POST', '/api/admin/cpd/requirements', {
      token: main,
      body: { requirements: [{ categoryCode: 'X'.repeat(51), annualPoints: 1, structuredPoints: 0 }] },
    });
    expect(tooLong).toMatchObject({ status: 400, body: { message: messages.valueTooLong } });
    // Put the seeded figures back for the compliance tests.
    await setRequirement(t, 'TECHNOLOGIST', 25, 15);
    await setRequirement(t, 'CORPORATE', 0, 0);
  });
});

describe('CPD compliance', () => {
  async function scenario() {
    // A fresh category of its own, so members of other tests do not count.
    await t.db
      .insert(schema.membershipCategories)
      .values({ code: 'CMPL', description: 'Compliance test', categoryType: 'Individual', sequence: 99 });
    await setRequirement(t, 'CMPL', 20, 10);
    const onTarget = await createMember(t.db, { category: 'CMPL', memberNo: 'CMPL-003', firstName: 'Achieng' });
    const below = await createMember(t.db, { category: 'CMPL', memberNo: 'CMPL-001', firstName: 'Baraka' });
    const structuredShort = await createMember(t.db, { category: 'CMPL', memberNo: 'CMPL-004', firstName: '=cmd|calc' });
    const nothing = await createMember(t.db, { category: 'CMPL', memberNo: 'CMPL-002', firstName: 'Chebet, "Jr"' });
    const lapsed = await createMember(t.db, { category: 'CMPL', memberNo: 'CMPL-005' });
    await t.db.update(schema.memberships).set({ status: 'Lapsed' }).where(eq(schema.memberships.memberNo, 'CMPL-005'));
    const m = (x: typeof onTarget) => ({ profileId: x.profile.profileId, memberNo: x.profile.memberNo ?? '' });
    await awardFor(t, m(onTarget), { period: YEAR, points: 15 });
    await awardFor(t, m(onTarget), { period: YEAR, points: 5.5, structured: false });
    await awardFor(t, m(below), { period: YEAR, points: 4 });
    await awardFor(t, m(below), { period: '2024', points: 40 });
    await awardFor(t, m(structuredShort), { period: YEAR, points: 25, structured: false });
    await awardFor(t, m(lapsed), { period: YEAR, points: 1 });
    return { onTarget, below, structuredShort, nothing };
  }

  it('classifies each Active member of a category with a requirement, with totals, filters and pages', async () => {
    await scenario();
    const approver = await staffToken(t, 'approver');
    const result = await t.call('GET', `/api/admin/cpd/compliance?year=${YEAR}&category=CMPL`, { token: approver });
    expect(result.status).toBe(200);
    const data = result.body.data;
    expect(data).toMatchObject({ year: YEAR, total: 4, page: 1, pageSize: 50 });
    expect(data.members).toEqual([
      {
        memberNo: 'CMPL-001',
        name: 'Baraka Achieng Odhiambo',
        categoryCode: 'CMPL',
        points: 4,
        structuredPoints: 4,
        annualPoints: 20,
        status: 'below',
      },
      {
        memberNo: 'CMPL-002',
        name: 'Chebet, "Jr" Achieng Odhiambo',
        categoryCode: 'CMPL',
        points: 0,
        structuredPoints: 0,
        annualPoints: 20,
        status: 'nothing',
      },
      {
        memberNo: 'CMPL-003',
        name: 'Achieng Achieng Odhiambo',
        categoryCode: 'CMPL',
        points: 20.5,
        structuredPoints: 15,
        annualPoints: 20,
        status: 'on_target',
      },
      {
        memberNo: 'CMPL-004',
        name: '=cmd|calc Achieng Odhiambo',
        categoryCode: 'CMPL',
        points: 25,
        structuredPoints: 0,
        annualPoints: 20,
        status: 'below',
      },
    ]);
    const category = data.categories.find((c: { categoryCode: string }) => c.categoryCode === 'CMPL');
    expect(category).toEqual({
      categoryCode: 'CMPL',
      description: 'Compliance test',
      annualPoints: 20,
      members: 4,
      onTarget: 1,
      below: 2,
      nothing: 1,
    });
    // Categories without a requirement are not in the totals.
    expect(data.categories.map((c: { categoryCode: string }) => c.categoryCode)).not.toContain('CORPORATE');

    const belowOnly = await t.call('GET', `/api/admin/cpd/compliance?year=${YEAR}&category=CMPL&status=below`, { token: approver });
    expect(belowOnly.body.data.members.map((m: { memberNo: string }) => m.memberNo)).toEqual(['CMPL-001', 'CMPL-004']);
    expect(belowOnly.body.data.total).toBe(2);
    const page2 = await t.call('GET', `/api/admin/cpd/compliance?year=${YEAR}&category=CMPL&page=2`, { token: approver });
    expect(page2.body.data).toMatchObject({ members: [], total: 4, page: 2 });
    const otherYear = await t.call('GET', `/api/admin/cpd/compliance?year=2024&category=CMPL`, { token: approver });
    expect(otherYear.body.data.members.find((m: { memberNo: string }) => m.memberNo === 'CMPL-001')).toMatchObject({ status: 'on_target' });

    for (const query of ['', 'year=25', 'year=2025&status=late', 'year=2025&page=0', `year=2025&category=${'x'.repeat(60)}`]) {
      expect((await t.call('GET', `/api/admin/cpd/compliance?${query}`, { token: approver })).status).toBe(400);
    }
    const member = await cpdMember(t);
    expect((await t.call('GET', `/api/admin/cpd/compliance?year=${YEAR}`, { token: member.token })).status).toBe(403);
    expect((await t.call('GET', `/api/admin/cpd/compliance.csv?year=${YEAR}`, { token: member.token })).status).toBe(403);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/admin/cpd/compliance.csv?year=${YEAR}&category=CMPL`,
      headers: { authorization: `Bearer ${approver}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="cpd-compliance-${YEAR}.csv"`);
    expect(csv.body.split('\r\n')).toEqual([
      'MemberNo,Name,Category,Points,StructuredPoints,Required,Status',
      'CMPL-001,Baraka Achieng Odhiambo,CMPL,4,4,20,below',
      'CMPL-002,"Chebet, ""Jr"" Achieng Odhiambo",CMPL,0,0,20,nothing',
      'CMPL-003,Achieng Achieng Odhiambo,CMPL,20.5,15,20,on_target',
      "CMPL-004,'=cmd|calc Achieng Odhiambo,CMPL,25,0,20,below",
      '',
    ]);
    const nothingCsv = await t.app.inject({
      method: 'GET',
      url: `/api/admin/cpd/compliance.csv?year=${YEAR}&category=CMPL&status=nothing`,
      headers: { authorization: `Bearer ${approver}` },
    });
    expect(nothingCsv.body.split('\r\n')).toHaveLength(3);
  });
});
