import { BILLING_PAGE_SIZE } from '@portal/contract';
import { schema } from '@portal/db';
import { describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn } from '../../../test/harness';
import { createReviewer } from '../../../test/review';

const t = await createTestApp();
const admin = await createReviewer(t, 'admin', 'Grace Registrar');
const approver = await createReviewer(t, 'approver');

type Listed = { id: number; period: string; status: string; runBy: string | null };
const ids = (runs: Listed[]) => runs.map((r) => r.id);
async function page(query: string, token = approver.token) {
  const response = await t.call('GET', `/api/admin/billing/runs?${query}`, { token });
  expect(response.status, query).toBe(200);
  return response.body.data as { runs: Listed[]; total: number; page: number; pageSize: number };
}

describe('GET /api/admin/billing/runs', () => {
  it('pages the runs newest first, filtered by period and status, the total counting every match', async () => {
    // 45 runs over 5 periods, every fifth failed, and the newest still running.
    const rows = await t.db
      .insert(schema.billingRuns)
      .values(
        Array.from({ length: 45 }, (_, i) => ({
          period: String(2020 + (i % 5)),
          runBy: admin.user.id,
          status: i === 44 ? 'running' : i % 5 === 3 ? 'failed' : 'finished',
          memberCount: 100,
          toBillCount: 10,
          billedCount: 10,
          error: i % 5 === 3 ? 'connection lost' : null,
          finishedAt: i === 44 ? null : new Date(),
        })),
      )
      .returning();
    const newestFirst = rows.map((r) => r.id).reverse();

    const first = await page('');
    expect(first).toMatchObject({ total: 45, page: 1, pageSize: BILLING_PAGE_SIZE });
    expect(first.runs[0]).toMatchObject({ id: newestFirst[0], status: 'running', runBy: 'Grace Registrar' });
    const all = [first, await page('page=2'), await page('page=3')];
    expect(all.map((p) => p.runs.length)).toEqual([20, 20, 5]);
    expect(all.flatMap((p) => ids(p.runs))).toEqual(newestFirst);
    expect(await page('page=4')).toMatchObject({ runs: [], total: 45 });
    // The billing page asks for the newest two: the open run and the last that ended.
    expect(ids((await page('pageSize=2')).runs)).toEqual(newestFirst.slice(0, 2));

    const of2022 = rows
      .filter((r) => r.period === '2022')
      .map((r) => r.id)
      .reverse();
    const period = await page('period=2022&pageSize=3&page=2');
    expect(period).toMatchObject({ total: 9, page: 2, pageSize: 3 });
    expect(ids(period.runs)).toEqual(of2022.slice(3, 6));
    expect(period.runs.every((r) => r.period === '2022')).toBe(true);

    const failed = await page('status=failed');
    expect(failed.total).toBe(9);
    expect(failed.runs.every((r) => r.status === 'failed')).toBe(true);
    expect((await page('status=failed&period=2023')).total).toBe(9);
    expect(await page('status=failed&period=2024')).toMatchObject({ runs: [], total: 0 });
    expect(ids((await page('status=running')).runs)).toEqual([newestFirst[0]]);
  });

  it('refuses bad filters (400), members (403) and the signed out (401)', async () => {
    for (const bad of ['page=0', 'pageSize=101', 'status=lost', 'period=20245']) {
      expect((await t.call('GET', `/api/admin/billing/runs?${bad}`, { token: admin.token })).status, bad).toBe(400);
    }
    const member = await createUser(t.db);
    const token = await signIn(t, member.email);
    expect((await t.call('GET', '/api/admin/billing/runs', { token })).status).toBe(403);
    expect((await t.call('GET', '/api/admin/billing/runs?period=2022', { token })).status).toBe(403);
    expect((await t.call('GET', '/api/admin/billing/runs')).status).toBe(401);
  });
});
