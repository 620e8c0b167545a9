import { type Db, queryRows, schema } from '@portal/db';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { awardFor, cpdMember, recordedActivity, setRequirement, staffToken } from '../../../test/cpd';
import { attendedEvent } from '../../../test/events';
import { createMember, createTestApp } from '../../../test/harness';
import { COMPLIANCE_PAGE_SIZE, foldComplianceCounts } from './compliance';

/**
 * The kept CPD standings and compliance counts (migration 0027, issue 26): after every kind of change the
 * compliance list, its totals, its pages from either end and its CSV equal the list summed from the awards as it
 * was before anything was kept (`reference` below), for every filter.
 */
const t = await createTestApp();
const db = t.db as Db;
const YEAR = '2025';
const STATUSES = ['on_target', 'below', 'nothing'] as const;

interface Row {
  memberNo: string;
  name: string;
  categoryCode: string;
  points: number;
  structuredPoints: number;
  annualPoints: number;
  status: string;
}

const toPoints = (value: unknown) => Math.round(Number(value ?? 0) * 10) / 10;

/** The list as the compliance query computed it before the standings were kept: every award summed. */
async function reference(year: string): Promise<Row[]> {
  const rows = await queryRows<Record<string, string>>(
    db,
    sql`select m.member_no, m.category_code,
          trim(concat_ws(' ', nullif(trim(p.first_name), ''), nullif(trim(p.second_name), ''), nullif(trim(p.last_name), ''))) as name,
          coalesce(a.points, 0) as points, coalesce(a.structured, 0) as structured_points, r.annual_points,
          case
            when coalesce(a.points, 0) >= r.annual_points and coalesce(a.structured, 0) >= r.structured_points then 'on_target'
            when coalesce(a.points, 0) > 0 then 'below'
            else 'nothing'
          end as status
        from memberships m
        join cpd_requirements r on r.category_code = m.category_code and r.annual_points > 0
        join profiles p on p.profile_id = m.profile_id
        left join (
          select profile_id, sum(points) as points, coalesce(sum(points) filter (where structured), 0) as structured
          from cpd_awards where period = ${year} group by profile_id
        ) a on a.profile_id = m.profile_id
        where m.status = 'Active'
        order by m.member_no`,
  );
  return rows.map((r) => ({
    memberNo: r.member_no,
    name: r.name,
    categoryCode: r.category_code,
    points: toPoints(r.points),
    structuredPoints: toPoints(r.structured_points),
    annualPoints: toPoints(r.annual_points),
    status: r.status,
  }));
}

async function requirementCategories() {
  return queryRows<{ category_code: string; annual_points: string }>(
    db,
    sql`select r.category_code, r.annual_points from cpd_requirements r join membership_categories c on c.code = r.category_code
        where r.annual_points > 0 order by c.sequence, r.category_code`,
  );
}

let approver = '';
const list = async (query: string) => {
  approver ||= await staffToken(t, 'approver');
  const response = await t.call('GET', `/api/admin/cpd/compliance?${query}`, { token: approver });
  expect(response.status).toBe(200);
  return response.body.data as { categories: Record<string, unknown>[]; members: Row[]; total: number };
};

/** Every page of the filtered list, in order (the later pages are read from the end of their index). */
async function allPages(query: string) {
  const first = await list(query);
  const rows = [...first.members];
  const pages = Math.ceil(first.total / COMPLIANCE_PAGE_SIZE);
  for (let page = 2; page <= pages; page++) {
    const next = await list(`${query}&page=${page}`);
    expect(next.total).toBe(first.total);
    expect(next.members.length).toBe(Math.min(COMPLIANCE_PAGE_SIZE, first.total - (page - 1) * COMPLIANCE_PAGE_SIZE));
    rows.push(...next.members);
  }
  expect((await list(`${query}&page=${pages + 1}`)).members).toEqual([]);
  return { first, rows };
}

/** The list of `year` equals the reference for every filter: totals, each page, and the CSV. */
async function expectListAsSummed(year: string) {
  const expected = await reference(year);
  const categories = await requirementCategories();
  const { first, rows } = await allPages(`year=${year}`);
  expect(rows).toEqual(expected);
  expect(first.total).toBe(expected.length);
  const descriptions = Object.fromEntries(
    (await t.db.select().from(schema.membershipCategories)).map((c) => [c.code, c.description] as const),
  );
  expect(first.categories).toEqual(
    categories.map((c) => {
      const of = expected.filter((r) => r.categoryCode === c.category_code);
      return {
        categoryCode: c.category_code,
        description: descriptions[c.category_code],
        annualPoints: toPoints(c.annual_points),
        members: of.length,
        onTarget: of.filter((r) => r.status === 'on_target').length,
        below: of.filter((r) => r.status === 'below').length,
        nothing: of.filter((r) => r.status === 'nothing').length,
      };
    }),
  );
  const filters: { category?: string; status?: string }[] = STATUSES.map((status) => ({ status }));
  for (const { category_code: category } of categories.filter((c) => expected.some((r) => r.categoryCode === c.category_code))) {
    filters.push({ category }, ...STATUSES.map((status) => ({ category, status })));
  }
  filters.push({ category: 'NOSUCH' });
  for (const filter of filters) {
    const query = `year=${year}${filter.category ? `&category=${filter.category}` : ''}${filter.status ? `&status=${filter.status}` : ''}`;
    const want = expected.filter(
      (r) => (!filter.category || r.categoryCode === filter.category) && (!filter.status || r.status === filter.status),
    );
    const paged = await allPages(query);
    expect(paged.rows, query).toEqual(want);
    expect(paged.first.total, query).toBe(want.length);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/admin/cpd/compliance.csv?${query}`,
      headers: { authorization: `Bearer ${approver}` },
    });
    expect(
      csv.body
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.split(',')[0]),
      query,
    ).toEqual(want.map((r) => r.memberNo));
  }
  // The kept sums are the awards' sums, for every member and year that has awards.
  const drift = await queryRows(
    db,
    sql`select a.profile_id, a.period from (
          select profile_id, period, sum(points) as points, coalesce(sum(points) filter (where structured), 0) as structured
          from cpd_awards group by profile_id, period) a
        left join cpd_standings s on s.profile_id = a.profile_id and s.period = a.period
        where s.points is distinct from a.points or s.structured_points is distinct from a.structured`,
  );
  expect(drift).toEqual([]);
}

const member = (x: Awaited<ReturnType<typeof createMember>>) => ({ profileId: x.profile.profileId, memberNo: x.profile.memberNo ?? '' });

describe('kept CPD standings', () => {
  it('follow awards added and removed: an event closed, an activity accepted, an award edited and deleted', async () => {
    const someone = await cpdMember(t, { firstName: 'Wanjiru' });
    await expectListAsSummed(YEAR);

    // An event's award (PROFESSIONAL: 50 points, 30 structured).
    const { certificateNo } = await attendedEvent(t, someone, { cpdHours: 32, structured: true });
    const [eventAward] = await t.db
      .select()
      .from(schema.cpdAwards)
      .where(eq(schema.cpdAwards.certificateNo, certificateNo ?? ''));
    const eventYear = eventAward.period;
    let row = (await reference(eventYear)).find((r) => r.memberNo === someone.memberNo);
    expect(row).toMatchObject({ points: 32, structuredPoints: 32, status: 'below' });
    await expectListAsSummed(eventYear);

    // An outside activity accepted, in the year it ended.
    const activity = await recordedActivity(t, someone.token);
    const accepted = await t.call('POST', `/api/admin/cpd/activities/${activity.id}/accept`, {
      token: await staffToken(t, 'approver'),
      body: { points: 20, structured: false },
    });
    expect(accepted.status).toBe(200);
    const [activityAward] = await t.db.select().from(schema.cpdAwards).where(eq(schema.cpdAwards.activityId, activity.id));
    const activityYear = activityAward.period;
    row = (await reference(activityYear)).find((r) => r.memberNo === someone.memberNo);
    expect(row?.status).toBe(activityYear === eventYear ? 'on_target' : 'below');
    await expectListAsSummed(activityYear);

    // Edited (fewer structured points) and deleted: the standing follows, down to nothing.
    await t.db.update(schema.cpdAwards).set({ points: '25' }).where(eq(schema.cpdAwards.id, eventAward.id));
    row = (await reference(eventYear)).find((r) => r.memberNo === someone.memberNo);
    expect(row).toMatchObject({ structuredPoints: 25, status: 'below' });
    await expectListAsSummed(eventYear);
    await t.db.delete(schema.cpdAwards).where(eq(schema.cpdAwards.id, activityAward.id));
    await t.db.delete(schema.cpdAwards).where(eq(schema.cpdAwards.id, eventAward.id));
    row = (await reference(eventYear)).find((r) => r.memberNo === someone.memberNo);
    expect(row).toMatchObject({ points: 0, structuredPoints: 0, status: 'nothing' });
    await expectListAsSummed(eventYear);
    await expectListAsSummed(activityYear);

    // Awards moved between members and years in one statement.
    const other = await createMember(t.db, { category: 'GRADUATE' });
    const a = await awardFor(t, member(other), { period: YEAR, points: 30 });
    await t.db.update(schema.cpdAwards).set({ profileId: someone.profileId, period: '2024' }).where(eq(schema.cpdAwards.id, a.id));
    await expectListAsSummed(YEAR);
    await expectListAsSummed('2024');
  });

  it("follow a category's requirement: changed, removed and brought back", async () => {
    const graduate = await createMember(t.db, { category: 'GRADUATE', firstName: 'Kiprono' });
    await awardFor(t, member(graduate), { period: YEAR, points: 12 });
    await awardFor(t, member(graduate), { period: YEAR, points: 8, structured: false });
    await expectListAsSummed(YEAR);
    expect((await reference(YEAR)).find((r) => r.memberNo === graduate.profile.memberNo)?.status).toBe('below');

    await setRequirement(t, 'GRADUATE', 20, 12);
    expect((await reference(YEAR)).find((r) => r.memberNo === graduate.profile.memberNo)?.status).toBe('on_target');
    await expectListAsSummed(YEAR);
    // Through the API as the main administrator does it.
    const main = await staffToken(t, 'main');
    const saved = await t.call('POST', '/api/admin/cpd/requirements', {
      token: main,
      body: { requirements: [{ categoryCode: 'GRADUATE', annualPoints: 20, structuredPoints: 15 }] },
    });
    expect(saved.status).toBe(200);
    expect((await reference(YEAR)).find((r) => r.memberNo === graduate.profile.memberNo)?.status).toBe('below');
    await expectListAsSummed(YEAR);

    await setRequirement(t, 'GRADUATE', 0, 0);
    expect((await list(`year=${YEAR}`)).categories.map((c) => c.categoryCode)).not.toContain('GRADUATE');
    await expectListAsSummed(YEAR);
    await t.db.delete(schema.cpdRequirements).where(eq(schema.cpdRequirements.categoryCode, 'GRADUATE'));
    await expectListAsSummed(YEAR);
    await setRequirement(t, 'GRADUATE', 25, 15);
    await expectListAsSummed(YEAR);
  });

  it("follow a member's membership: an upgrade, a lapse and a return, a new member with nothing", async () => {
    const upgraded = await createMember(t.db, { category: 'GRADUATE', firstName: 'Nyambura' });
    await awardFor(t, member(upgraded), { period: YEAR, points: 30 });
    await awardFor(t, member(upgraded), { period: '2024', points: 10 });
    expect((await reference(YEAR)).find((r) => r.memberNo === upgraded.profile.memberNo)?.status).toBe('on_target');
    await expectListAsSummed(YEAR);

    // An upgrade moves the membership's category, as upgrades/release.ts does: 50 points are now required.
    await t.db
      .update(schema.memberships)
      .set({ categoryCode: 'PROFESSIONAL' })
      .where(eq(schema.memberships.profileId, upgraded.profile.profileId));
    expect((await reference(YEAR)).find((r) => r.memberNo === upgraded.profile.memberNo)).toMatchObject({
      categoryCode: 'PROFESSIONAL',
      status: 'below',
    });
    await expectListAsSummed(YEAR);
    await expectListAsSummed('2024');

    // Lapsed: out of the list and the counts; Active again: back.
    await t.db.update(schema.memberships).set({ status: 'Lapsed' }).where(eq(schema.memberships.profileId, upgraded.profile.profileId));
    expect((await reference(YEAR)).find((r) => r.memberNo === upgraded.profile.memberNo)).toBeUndefined();
    await expectListAsSummed(YEAR);
    await t.db.update(schema.memberships).set({ status: 'Active' }).where(eq(schema.memberships.profileId, upgraded.profile.profileId));
    await expectListAsSummed(YEAR);

    // A member number changed; a member with nothing recorded in any year is listed as nothing.
    await t.db
      .update(schema.memberships)
      .set({ memberNo: `${upgraded.profile.memberNo}X` })
      .where(eq(schema.memberships.profileId, upgraded.profile.profileId));
    await expectListAsSummed(YEAR);
    const newcomer = await createMember(t.db, { category: 'TECHNOLOGIST' });
    expect((await reference(YEAR)).find((r) => r.memberNo === newcomer.profile.memberNo)?.status).toBe('nothing');
    await expectListAsSummed(YEAR);
    await expectListAsSummed('2031');
  });

  it('page from both ends to the whole list for every filter, with the counts folded in or not', async () => {
    const made = [];
    for (let i = 0; i < 140; i++) {
      made.push(await createMember(t.db, { category: i % 3 === 0 ? 'TECHNOLOGIST' : 'CONSULTING', firstName: `Pager${i}` }));
    }
    for (const [i, m] of made.entries()) {
      if (i % 4 === 0) continue; // nothing recorded
      await awardFor(t, member(m), { period: YEAR, points: i % 5 === 0 ? 60 : 10 + (i % 7) });
      if (i % 6 === 0) await awardFor(t, member(m), { period: YEAR, points: 20, structured: false });
    }
    await expectListAsSummed(YEAR);

    const before = await list(`year=${YEAR}`);
    await Promise.all([foldComplianceCounts(db), foldComplianceCounts(db)]);
    expect(await t.db.select().from(schema.cpdComplianceDeltas)).toEqual([]);
    expect(await list(`year=${YEAR}`)).toEqual(before);
    await expectListAsSummed(YEAR);
  });

  it('two transactions adding awards to one member and year at once both count', async () => {
    const busy = await createMember(t.db, { category: 'GRADUATE' });
    await awardFor(t, member(busy), { period: YEAR, points: 1 });
    const award = (points: number) => ({
      profileId: busy.profile.profileId,
      source: 'activity',
      description: 'Concurrent',
      eventDate: `${YEAR}-05-01`,
      endDate: `${YEAR}-05-01`,
      points: String(points),
      period: YEAR,
    });
    let inserted!: () => void;
    const firstInserted = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    await Promise.all([
      t.db.transaction(async (tx) => {
        await tx.insert(schema.cpdAwards).values(award(10));
        inserted();
        await new Promise((resolve) => setTimeout(resolve, 200));
      }),
      (async () => {
        await firstInserted;
        await t.db.transaction(async (tx) => {
          await tx.insert(schema.cpdAwards).values(award(14));
        });
      })(),
    ]);
    const [kept] = await t.db.select().from(schema.cpdStandings).where(eq(schema.cpdStandings.profileId, busy.profile.profileId));
    expect(kept).toMatchObject({ points: '25.0', status: 'on_target' });
    await expectListAsSummed(YEAR);
  });
});
