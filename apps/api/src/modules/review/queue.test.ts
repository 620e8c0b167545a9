import { APPLICATION_KINDS, FINAL_STATUSES, REVIEW_FILTERS, REVIEW_STATUSES, type ReviewFilter } from '@portal/contract';
import { schema } from '@portal/db';
import { describe, expect, it } from 'vitest';
import { createMember, createTestApp, createUser } from '../../../test/harness';
import { createReviewer } from '../../../test/review';

const t = await createTestApp();
const reviewer = await createReviewer(t, 'approver');

type Row = typeof schema.applications.$inferSelect;

/** What each filter holds, written out again here: the list and its counts must agree with it. */
function inFilter(a: Row, filter: ReviewFilter): boolean {
  switch (filter) {
    case 'action':
      return a.submitted && (REVIEW_STATUSES as readonly string[]).includes(a.status);
    case 'Open':
    case 'Verified':
    case 'Committee Review':
    case 'Board Review':
      return a.submitted && a.status === filter;
    case 'Released':
    case 'Rejected':
    case 'New':
      return a.status === filter;
    case 'returned':
      return !a.submitted && a.returnedAt !== null && !(FINAL_STATUSES as readonly string[]).includes(a.status);
    case 'all':
      return true;
  }
}

const byCode = (a: Row, b: Row) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
/** Waiting filters: oldest submission first (none last); the others newest application first. */
function inOrder(rows: Row[], filter: ReviewFilter): string[] {
  const waiting = filter === 'action' || (REVIEW_STATUSES as readonly string[]).includes(filter);
  const time = (d: Date | null) => d?.getTime() ?? Number.POSITIVE_INFINITY;
  return [...rows]
    .sort((a, b) =>
      waiting
        ? time(a.submittedAt) - time(b.submittedAt) || byCode(a, b)
        : b.applicationDateTime.getTime() - a.applicationDateTime.getTime() || byCode(b, a),
    )
    .map((r) => r.code);
}

async function list(query: Record<string, string | number | undefined>) {
  const params = new URLSearchParams(
    Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])) as [string, string][],
  );
  const response = await t.call('GET', `/api/admin/applications?${params}`, { token: reviewer.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as { items: { Code: string }[]; total: number; counts: Record<string, number> };
}
const codes = (page: { items: { Code: string }[] }) => page.items.map((i) => i.Code);

// 36 applications across every status, kind and category, some at the same moment (the code breaks the tie),
// one submitted without a submission time, three handed back to the applicant.
const STATUSES = ['Open', 'Verified', 'Committee Review', 'Board Review', 'Released', 'Rejected', 'New', 'returned', 'Open'];
const CATEGORIES = ['GRADUATE', 'PROFESSIONAL', 'CONSULTING'];
await t.db.insert(schema.applications).values(
  Array.from({ length: 36 }, (_, i) => {
    const status = STATUSES[i % STATUSES.length];
    const returned = status === 'returned';
    const submitted = status !== 'New' && !returned;
    const at = new Date(Date.UTC(2025, 0, 1 + Math.floor(i / 4), 8));
    return {
      code: `QA${String(i).padStart(2, '0')}`,
      appliedCategory: CATEGORIES[i % CATEGORIES.length],
      amount: '1000.00',
      kind: APPLICATION_KINDS[Math.floor(i / 3) % APPLICATION_KINDS.length],
      status: returned ? 'Committee Review' : status,
      submitted,
      submittedAt: submitted && i !== 8 ? new Date(Date.UTC(2025, 1, 1 + Math.floor(i / 3), 8)) : null,
      returnedAt: returned ? new Date(Date.UTC(2025, 2, 1)) : null,
      applicationDateTime: at,
    };
  }),
);

describe('GET /api/admin/applications at scale (issue 26)', () => {
  it('holds, for every filter, kind and category, what the filter says, in its order, with every count', async () => {
    const all = await t.db.select().from(schema.applications);
    for (const kind of [undefined, ...APPLICATION_KINDS]) {
      for (const category of [undefined, ...CATEGORIES]) {
        const scoped = all.filter((a) => (!kind || a.kind === kind) && (!category || a.appliedCategory === category));
        const expectedCounts = Object.fromEntries(REVIEW_FILTERS.map((f) => [f, scoped.filter((a) => inFilter(a, f)).length]));
        for (const status of REVIEW_FILTERS) {
          const page = await list({ status, kind, category, pageSize: 100 });
          const what = `${status} ${kind ?? 'any kind'} ${category ?? 'any category'}`;
          expect(codes(page), what).toEqual(
            inOrder(
              scoped.filter((a) => inFilter(a, status)),
              status,
            ),
          );
          expect(page.total, what).toBe(expectedCounts[status]);
          expect(page.counts, what).toEqual(expectedCounts);
        }
      }
    }
  });

  it('pages from either end with the same rows as the whole list', async () => {
    for (const [query, pageSize] of [
      [{ status: 'all' }, 5],
      [{ status: 'all', kind: 'Upgrade' }, 4],
      [{ status: 'action' }, 3],
      [{ status: 'Released', category: 'PROFESSIONAL' }, 1],
    ] as const) {
      const whole = await list({ ...query, pageSize: 100 });
      expect(whole.total).toBeGreaterThan(pageSize);
      const pages: string[] = [];
      for (let page = 1; page <= Math.ceil(whole.total / pageSize); page++) {
        const one = await list({ ...query, page, pageSize });
        expect(one.total).toBe(whole.total);
        pages.push(...codes(one));
      }
      expect(pages, JSON.stringify(query)).toEqual(codes(whole));
      expect(codes(await list({ ...query, page: Math.ceil(whole.total / pageSize) + 1, pageSize }))).toEqual([]);
    }
  });

  it('answers a whole code, member number or e-mail alone, in any case; other words through the names', async () => {
    const zuberi = await createMember(t.db, { memberNo: 'QM-1', firstName: 'Zuberi', lastName: 'Mwakilema' });
    const other = await createMember(t.db, { memberNo: 'QM-10', firstName: 'Zuberi', lastName: 'Otieno' });
    const ann = await createUser(t.db, { email: 'ann@queue.test' });
    const joann = await createUser(t.db, { email: 'joann@queue.test' });
    const row = (code: string, extra: Partial<Row>) => ({
      code,
      appliedCategory: 'GRADUATE',
      amount: '1000.00',
      status: 'Released',
      submitted: true,
      applicationDateTime: new Date('2025-06-01T08:00:00Z'),
      ...extra,
    });
    await t.db
      .insert(schema.applications)
      .values([
        row('QX1', {}),
        row('QX10', {}),
        row('QB1', { profileId: zuberi.profile.profileId }),
        row('QB2', { profileId: other.profile.profileId }),
        row('QB3', { userId: ann.id }),
        row('QB4', { userId: joann.id }),
      ]);
    const search = async (term: string) => codes(await list({ status: 'all', search: term }));

    expect(await search('qx1')).toEqual(['QX1']);
    expect(await search(' QX10 ')).toEqual(['QX10']);
    expect(await search('qm-1')).toEqual(['QB1']); // not QM-10's, though its number contains the term
    expect(await search('ANN@QUEUE.TEST')).toEqual(['QB3']);
    const exact = await list({ status: 'Released', search: 'QM-10' });
    expect([codes(exact), exact.total, exact.counts.all, exact.counts.action]).toEqual([['QB2'], 1, 1, 0]);
    expect(codes(await list({ status: 'action', search: 'qx1' }))).toEqual([]);

    // Otherwise every word, in any order, in the applicant's names and member number.
    expect(await search('zuberi')).toEqual(['QB2', 'QB1']);
    expect(await search('otieno   ZUBERI')).toEqual(['QB2']);
    expect(await search('mwakilema')).toEqual(['QB1']);
    expect(await search('qm-')).toEqual(['QB2', 'QB1']);
    expect(await search('qx')).toEqual([]);
    expect((await list({ status: 'all', search: 'nobody-like-this' })).counts.all).toBe(0);
  });
});
