import { ADMIN_CPD_ACTIVITIES_PAGE_SIZE } from '@portal/contract';
import { schema } from '@portal/db';
import { describe, expect, it } from 'vitest';
import { cpdMember, daysAgo, recordedActivity, staffToken } from '../../../test/cpd';
import { createTestApp } from '../../../test/harness';

const t = await createTestApp();

type Row = { id: number; status: string; name: string; memberNo: string | null; description: string };
const ids = (rows: Row[]) => rows.map((x) => x.id);

describe('GET /api/admin/cpd/activities (the back office queue)', () => {
  it('lists Pending first, oldest first, with name and number; filters by status and search', async () => {
    const approver = await staffToken(t, 'approver');
    const first = await cpdMember(t, { firstName: 'Zawadi', lastName: 'Queue' });
    const second = await cpdMember(t, { firstName: 'Baraka', lastName: 'Queue' });
    const a = await recordedActivity(t, first.token, { description: 'Queue item A' });
    const b = await recordedActivity(t, second.token, { description: 'Queue item B', provider: 'Kenya School of Government' });
    const c = await recordedActivity(t, first.token, { description: 'Queue item C' });
    await t.call('POST', `/api/admin/cpd/activities/${a.id}/reject`, { token: approver, body: { reason: 'No' } });

    const all = await t.call('GET', '/api/admin/cpd/activities?search=queue', { token: approver });
    expect(all.status).toBe(200);
    expect(ids(all.body.data.activities)).toEqual([b.id, c.id, a.id]);
    expect(all.body.data).toMatchObject({ total: 3, page: 1, pageSize: ADMIN_CPD_ACTIVITIES_PAGE_SIZE });
    expect(all.body.data.activities[0]).toMatchObject({ name: 'Baraka Achieng Queue', memberNo: second.memberNo });

    const list = async (query: string) => (await t.call('GET', `/api/admin/cpd/activities?${query}`, { token: approver })).body.data;
    expect(ids((await list('status=Pending&search=zawadi')).activities)).toEqual([c.id]);
    expect(ids((await list(`search=${second.memberNo.toLowerCase()}`)).activities)).toEqual([b.id]);
    expect(ids((await list('search=item%20C')).activities)).toEqual([c.id]);
    expect(ids((await list('search=school%20of%20government')).activities)).toEqual([b.id]);
    expect(await list('search=%25')).toMatchObject({ activities: [], total: 0 });
    expect((await list('status=Rejected&search=queue')).total).toBe(1);
  });

  it('pages the queue: the pages follow one another in order, the total counts every match, the filter keeps them', async () => {
    const approver = await staffToken(t, 'approver');
    const member = await cpdMember(t, { firstName: 'Pendo', lastName: 'Paged' });
    // 60 activities recorded a minute apart, every third Accepted, inserted as the API leaves them.
    const start = Date.now() - 60 * 60_000;
    const rows = await t.db
      .insert(schema.cpdActivities)
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          profileId: member.profileId,
          memberNo: member.memberNo,
          activityType: 'COURSE',
          description: `Paged item ${String(i).padStart(2, '0')}`,
          provider: 'University of Nairobi',
          startDate: daysAgo(30),
          endDate: daysAgo(29),
          hours: '2',
          status: i % 3 === 0 ? 'Accepted' : 'Pending',
          pointsAwarded: i % 3 === 0 ? '2' : null,
          // Out of insertion order, so the order comes from created_at and not from the ids.
          createdAt: new Date(start + ((i * 7) % 60) * 60_000),
        })),
      )
      .returning();
    const byTime = [...rows].sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime() || x.id - y.id);
    const pendingFirst = [...byTime.filter((r) => r.status === 'Pending'), ...byTime.filter((r) => r.status !== 'Pending')].map(
      (r) => r.id,
    );
    const accepted = byTime.filter((r) => r.status === 'Accepted').map((r) => r.id);
    const page = async (query: string) => {
      const response = await t.call('GET', `/api/admin/cpd/activities?search=paged%20item&${query}`, { token: approver });
      expect(response.status, query).toBe(200);
      return response.body.data as { activities: Row[]; total: number; page: number; pageSize: number };
    };

    const first = await page('');
    expect(first).toMatchObject({ total: 60, page: 1, pageSize: 25 });
    expect(first.activities).toHaveLength(25);
    const pages = [first, await page('page=2'), await page('page=3')];
    expect(pages.map((p) => p.activities.length)).toEqual([25, 25, 10]);
    expect(pages.flatMap((p) => ids(p.activities))).toEqual(pendingFirst);
    expect(await page('page=4')).toMatchObject({ activities: [], total: 60, page: 4 });

    const second = await page('status=Accepted&pageSize=7&page=2');
    expect(second).toMatchObject({ total: 20, page: 2, pageSize: 7 });
    expect(ids(second.activities)).toEqual(accepted.slice(7, 14));
    expect(second.activities.every((x) => x.status === 'Accepted')).toBe(true);
    expect((await page('status=Pending&pageSize=100')).activities).toHaveLength(40);
    // A search by the member pages the same way.
    const named = await t.call('GET', `/api/admin/cpd/activities?search=pendo%20paged&pageSize=50&page=2`, { token: approver });
    expect(named.body.data).toMatchObject({ total: 60, page: 2 });
    expect(ids(named.body.data.activities)).toEqual(pendingFirst.slice(50));
  });

  it('refuses a bad page, size, status or search (400), members (403) and the signed out (401)', async () => {
    const approver = await staffToken(t, 'approver');
    for (const bad of ['page=0', 'page=abc', 'pageSize=0', 'pageSize=101', 'status=Done', `search=${'x'.repeat(201)}`]) {
      expect((await t.call('GET', `/api/admin/cpd/activities?${bad}`, { token: approver })).status, bad).toBe(400);
    }
    const member = await cpdMember(t);
    expect((await t.call('GET', '/api/admin/cpd/activities', { token: member.token })).status).toBe(403);
    expect((await t.call('GET', '/api/admin/cpd/activities?page=2', { token: member.token })).status).toBe(403);
    expect((await t.call('GET', '/api/admin/cpd/activities')).status).toBe(401);
    const admin = await staffToken(t, 'admin');
    expect((await t.call('GET', '/api/admin/cpd/activities', { token: admin })).status).toBe(200);
  });
});
