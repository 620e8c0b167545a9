import { ADMIN_EVENTS_PAGE_SIZE } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bookEvent, bookingMember, createEvent, dayFromNow } from '../../../test/events';
import { createTestApp, type TestApp } from '../../../test/harness';

const t: TestApp = await createTestApp();
let admin: string;
beforeAll(async () => {
  admin = await adminToken(t);
});

type Listed = { no: string; status: string; startDate: string; booked: number };
const nos = (events: Listed[]) => events.map((e) => e.no);
async function list(query: string, token: string | undefined = admin) {
  const response = await t.call('GET', `/api/admin/events?${query}`, { token });
  expect(response.status, query).toBe(200);
  return response.body.data as { events: Listed[]; total: number; page: number; pageSize: number };
}

describe('GET /api/admin/events', () => {
  it('lists by status and search, newest start first, with counts', async () => {
    const older = await createEvent(t, { description: 'Geotechnics colloquium', startDate: dayFromNow(10) });
    const newer = await createEvent(t, { description: 'Geotechnics masterclass', startDate: dayFromNow(20), location: 'Mombasa' });
    const draft = await createEvent(t, { description: 'Geotechnics draft', status: 'draft' });
    const member = await bookingMember(t);
    await bookEvent(t, member.token, newer.no);

    const found = await list('search=geotechnics');
    expect(found).toMatchObject({ total: 3, page: 1, pageSize: ADMIN_EVENTS_PAGE_SIZE });
    expect(nos(found.events)).toEqual([newer.no, older.no, draft.no]);
    expect(found.events[0]).toMatchObject({ booked: 1, attended: 0, awarded: 0 });

    expect(nos((await list('status=draft&search=geotechnics')).events)).toEqual([draft.no]);
    expect(nos((await list('search=mombasa%20masterclass')).events)).toEqual([newer.no]);
    expect(nos((await list(`search=${older.no.toLowerCase()}`)).events)).toEqual([older.no]);
    expect(await list('search=%25')).toMatchObject({ events: [], total: 0 });
  });

  it('pages newest start first; the status and start dates filter the page and the total', async () => {
    // 30 events a day apart (start time and number break ties on one day), every fourth a draft.
    const made = [];
    for (let i = 0; i < 30; i++) {
      made.push(
        await createEvent(t, {
          description: `Paged symposium ${i}`,
          startDate: dayFromNow(100 + Math.floor(i / 2)),
          startTime: i % 2 ? '14:00' : '09:00',
          status: i % 4 === 0 ? 'draft' : 'published',
        }),
      );
    }
    const newestFirst = [...made].reverse().map((e) => e.no);
    const first = await list('search=paged%20symposium');
    expect(first).toMatchObject({ total: 30, page: 1, pageSize: 25 });
    const second = await list('search=paged%20symposium&page=2');
    expect(second.events).toHaveLength(5);
    expect([...nos(first.events), ...nos(second.events)]).toEqual(newestFirst);
    expect(nos((await list('search=paged%20symposium&pageSize=4&page=3')).events)).toEqual(newestFirst.slice(8, 12));
    expect(await list('search=paged%20symposium&page=9')).toMatchObject({ events: [], total: 30 });

    const published = made.filter((_, i) => i % 4 !== 0).reverse();
    const page2 = await list('search=paged%20symposium&status=published&pageSize=10&page=2');
    expect(page2.total).toBe(published.length);
    expect(nos(page2.events)).toEqual(published.slice(10, 20).map((e) => e.no));

    // Starting from day 105 to day 109: events 10 to 19.
    const dated = await list(`search=paged%20symposium&from=${dayFromNow(105)}&to=${dayFromNow(109)}`);
    expect(dated.total).toBe(10);
    expect(nos(dated.events)).toEqual(
      made
        .slice(10, 20)
        .reverse()
        .map((e) => e.no),
    );
    const draftsDated = await list(`search=paged&status=draft&from=${dayFromNow(105)}`);
    expect(nos(draftsDated.events)).toEqual(
      made
        .filter((e, i) => i % 4 === 0 && e.startDate >= dayFromNow(105))
        .reverse()
        .map((e) => e.no),
    );
  });

  it('refuses bad filters (400), members (403) and the signed out (401)', async () => {
    for (const bad of ['page=0', 'pageSize=101', 'status=lost', 'from=2026-13-01', 'to=yesterday', `search=${'x'.repeat(201)}`]) {
      expect((await t.call('GET', `/api/admin/events?${bad}`, { token: admin })).status, bad).toBe(400);
    }
    const member = await bookingMember(t);
    expect((await t.call('GET', '/api/admin/events', { token: member.token })).status).toBe(403);
    expect((await t.call('GET', '/api/admin/events?page=2&status=draft', { token: member.token })).status).toBe(403);
    expect((await t.call('GET', '/api/admin/events')).status).toBe(401);
  });
});
