import { LICENSE_STATUSES } from '@portal/contract';
import { schema } from '@portal/db';
import { describe, expect, it } from 'vitest';
import { createMember, createTestApp, createUser } from '../../../test/harness';
import { createReviewer } from '../../../test/review';

const t = await createTestApp();
const admin = await createReviewer(t, 'admin');

type Licence = typeof schema.licenses.$inferSelect;

async function list(query: Record<string, string | number | undefined>) {
  const params = new URLSearchParams(
    Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])) as [string, string][],
  );
  const response = await t.call('GET', `/api/admin/licenses?${params}`, { token: admin.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as { items: { licenseNo: string; holderName: string; memberNo: string | null }[]; total: number };
}
const numbers = (page: { items: { licenseNo: string }[] }) => page.items.map((i) => i.licenseNo);

/** Newest year first, then the latest issued, then the licence number (descending). */
const inOrder = (rows: Licence[]) =>
  [...rows]
    .sort(
      (a, b) =>
        b.year - a.year ||
        b.createdAt.getTime() - a.createdAt.getTime() ||
        (a.licenseNo < b.licenseNo ? 1 : a.licenseNo > b.licenseNo ? -1 : 0),
    )
    .map((l) => l.licenseNo);

// Six holders with licences for 2024 to 2026 in every status, several issued at the same moment (the number
// breaks the tie). QL-1's number is the start of QL-10's; QPL1's the start of QPL10's.
const holders: Awaited<ReturnType<typeof createMember>>[] = [];
for (let i = 0; i < 6; i++) {
  holders.push(
    await createMember(t.db, {
      memberNo: i === 0 ? 'QL-1' : i === 1 ? 'QL-10' : `QL-${i + 20}`,
      firstName: i < 2 ? 'Baraka' : 'Neema',
      lastName: `Holder${i}`,
      email: i === 2 ? null : `holder${i}@licences.test`,
    }),
  );
}
const login = await createUser(t.db, { email: 'login-holder@licences.test', profileId: holders[2].profile.profileId });
let n = 0;
for (const [h, holder] of holders.entries()) {
  for (const year of [2024, 2025, 2026]) {
    n++;
    const code = `QLA${n}`;
    await t.db
      .insert(schema.applications)
      .values({ code, appliedCategory: 'PROFESSIONAL', amount: '0', kind: 'Licence', status: 'Released' });
    await t.db.insert(schema.licenses).values({
      licenseNo: `QPL${n}`,
      profileId: holder.profile.profileId,
      memberNo: holder.profile.memberNo,
      applicationCode: code,
      categoryCode: 'PROFESSIONAL',
      year,
      validFrom: `${year}-01-01`,
      validTo: `${year}-12-31`,
      status: LICENSE_STATUSES[n % LICENSE_STATUSES.length],
      createdAt: new Date(Date.UTC(year, 0, 2 + (h % 3))),
    });
  }
}

describe('GET /api/admin/licenses at scale (issue 26)', () => {
  it('holds, for every status and year, what the filters say, newest first, with the total', async () => {
    const all = await t.db.select().from(schema.licenses);
    for (const status of [undefined, ...LICENSE_STATUSES]) {
      for (const year of [undefined, 2024, 2025, 2026, 2030]) {
        const expected = inOrder(all.filter((l) => (!status || l.status === status) && (!year || l.year === year)));
        const page = await list({ status, year, pageSize: 100 });
        expect(numbers(page), `${status} ${year}`).toEqual(expected);
        expect(page.total, `${status} ${year}`).toBe(expected.length);
      }
    }
  });

  it('pages from either end with the same rows as the whole list', async () => {
    for (const [query, pageSize] of [
      [{}, 4],
      [{ year: 2025 }, 1],
      [{ status: 'Active' }, 2],
      [{ search: 'neema' }, 5],
    ] as const) {
      const whole = await list({ ...query, pageSize: 100 });
      expect(whole.total).toBeGreaterThan(pageSize);
      const pages: string[] = [];
      for (let page = 1; page <= Math.ceil(whole.total / pageSize); page++) {
        const one = await list({ ...query, page, pageSize });
        expect(one.total).toBe(whole.total);
        pages.push(...numbers(one));
      }
      expect(pages, JSON.stringify(query)).toEqual(numbers(whole));
    }
  });

  it('answers a whole licence number, member number or e-mail alone, in any case; other words through the names', async () => {
    const of = async (h: number) =>
      inOrder((await t.db.select().from(schema.licenses)).filter((l) => l.profileId === holders[h].profile.profileId));
    const search = async (term: string, extra: Record<string, string | number> = {}) => numbers(await list({ search: term, ...extra }));

    expect(await search('qpl1')).toEqual(['QPL1']); // not QPL10 to QPL18
    expect(await search('QPL10')).toEqual(['QPL10']);
    expect(await search('ql-1')).toEqual(await of(0)); // not QL-10's, though its number contains the term
    expect(await search('QL-10', { year: 2025 })).toEqual((await of(1)).filter((no) => no === 'QPL5'));
    expect(await search('HOLDER3@LICENCES.TEST')).toEqual(await of(3));
    expect(await search('login-holder@licences.test')).toEqual(await of(2));
    expect(login.profileId).toBe(holders[2].profile.profileId);

    // Otherwise every word, in any order, in the holder's names and member number.
    expect(await search('baraka')).toEqual(
      inOrder((await t.db.select().from(schema.licenses)).filter((l) => l.memberNo?.match(/^QL-10?$/))),
    );
    expect(await search('holder1   BARAKA')).toEqual(await of(1));
    expect((await list({ search: 'nobody-like-this' })).total).toBe(0);
  });
});
