import type { CpdActivity } from '@portal/contract';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { renderPage, unmountPages } from '../../test/render';
import { settle } from '../../test/settle';
import { typeInto } from '../../test/type';
import { atWidth, PHONE_WIDTH } from '../../test/viewport';
import { AdminActivitiesTab } from './admin-activities-tab';
import { cpdApi } from './api';

const activity: CpdActivity = {
  id: 41,
  memberNo: 'ERB1001',
  name: 'Jane Mwangi',
  activityType: 'COURSE',
  description: 'Tunnelling short course',
  provider: 'Kenya School of Government',
  location: 'Nairobi',
  startDate: '2026-03-02',
  endDate: '2026-03-04',
  hours: 6,
  status: 'Pending',
  pointsAwarded: null,
  structured: null,
  reason: null,
  evidenceUrl: '/api/cpd/activities/41/evidence',
  decidedAt: null,
  createdAt: '2026-03-05T08:00:00.000Z',
};

let container: HTMLDivElement;
let queue: MockInstance<typeof cpdApi.queue>;
beforeEach(() => {
  queue = vi.spyOn(cpdApi, 'queue').mockResolvedValue({ activities: [activity], total: 1, page: 1, pageSize: 25 });
});
afterEach(() => {
  unmountPages();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function show() {
  container = await renderPage(<AdminActivitiesTab />, { url: '/admin/cpd' });
}

describe('the CPD queue with thousands of activities (issue 26)', () => {
  beforeEach(() => atWidth(1280));

  it('asks for a page of Pending activities, then the next page, and starts again at the first with a search or filter', async () => {
    queue.mockResolvedValue({ activities: [activity], total: 5000, page: 1, pageSize: 25 });
    await show();
    expect(queue).toHaveBeenLastCalledWith({ status: 'Pending', search: undefined, page: 1, pageSize: 25 });
    expect(container.textContent).toContain('1–25 of 5000');
    const rows = container.querySelectorAll('table[aria-label="Outside activities"] tbody tr');
    expect(rows).toHaveLength(1);
    expect(rows[0].textContent).toContain('Tunnelling short course');

    act(() => container.querySelector<HTMLButtonElement>('button[aria-label="Go to next page"]')?.click());
    await settle();
    expect(queue).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2, status: 'Pending' }));

    await typeInto(container.querySelector<HTMLInputElement>('form[role="search"] input'), 'ERB1001');
    act(() => container.querySelector<HTMLFormElement>('form[role="search"]')?.requestSubmit());
    await settle();
    expect(queue).toHaveBeenLastCalledWith({ status: 'Pending', search: 'ERB1001', page: 1, pageSize: 25 });
  });

  it('says when nothing waits, and shows no pagination', async () => {
    queue.mockResolvedValue({ activities: [], total: 0, page: 1, pageSize: 25 });
    await show();
    expect(container.textContent).toContain('No activities are waiting for a decision.');
    expect(container.querySelector('button[aria-label="Go to next page"]')).toBeNull();
  });

  it('goes back a page when deciding emptied the last one', async () => {
    queue.mockImplementation(async (q) =>
      q.page === 2 ? { activities: [], total: 25, page: 2, pageSize: 25 } : { activities: [activity], total: 26, page: 1, pageSize: 25 },
    );
    await show();
    act(() => container.querySelector<HTMLButtonElement>('button[aria-label="Go to next page"]')?.click());
    await settle();
    expect(queue).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1 }));
  });
});

describe('the CPD queue on a phone (390 px)', () => {
  beforeEach(() => atWidth(PHONE_WIDTH));

  it('shows each activity as a card with the member, status, evidence and the decisions, and no table', async () => {
    await show();
    expect(container.querySelector('table')).toBeNull();
    const card = container.querySelector('article[aria-label="Activity 41: Tunnelling short course"]');
    expect(card?.textContent).toContain('Jane Mwangi · ERB1001');
    expect(card?.textContent).toContain('Pending');
    expect(card?.textContent).toContain('Course or training · Kenya School of Government · Nairobi');
    expect([...(card?.querySelectorAll('button') ?? [])].map((b) => b.textContent)).toEqual(['Evidence', 'Accept', 'Reject']);
    expect(container.textContent).toContain('1–1 of 1');
  });
});
