import type { AdminEvent } from '@portal/contract';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { renderPage, unmountPages } from '../../test/render';
import { settle } from '../../test/settle';
import { typeInto } from '../../test/type';
import { atWidth, PHONE_WIDTH } from '../../test/viewport';
import { AdminEventsPage } from './admin-events-page';
import { adminEventsApi } from './api';

const event: AdminEvent = {
  no: 'EVT000012',
  description: 'Slope Stability Workshop',
  details: '',
  startDate: '2026-12-04',
  endDate: '2026-12-04',
  startTime: '09:00',
  endTime: '16:00',
  location: 'IEK Centre, Nairobi',
  eventType: 'WORKSHOPS',
  isWebinar: false,
  cpdHours: 5,
  structured: true,
  logoUrl: null,
  eventProviders: [],
  capacity: 30,
  seatsLeft: 28,
  bookingDeadline: null,
  status: 'published',
  fees: { PROFESSIONAL: 1500 },
  booked: 2,
  attended: 0,
  awarded: 0,
  started: false,
  attendanceOpen: false,
  attendanceOpensAt: '2026-12-04T05:30:00.000Z',
  publishedAt: '2026-11-20T08:00:00.000Z',
  closedAt: null,
  cancelledAt: null,
};

let container: HTMLDivElement;
let list: MockInstance<typeof adminEventsApi.list>;
beforeEach(() => {
  list = vi.spyOn(adminEventsApi, 'list').mockResolvedValue({ events: [event], total: 1, page: 1, pageSize: 25 });
});
afterEach(() => {
  unmountPages();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function show() {
  container = await renderPage(<AdminEventsPage />, { url: '/admin/events' });
}

describe('the administrators’ events, a page at a time (issue 26)', () => {
  beforeEach(() => atWidth(1280));

  it('asks for the first page, then the next; a search, status or date starts again at the first page', async () => {
    list.mockResolvedValue({ events: [event], total: 800, page: 1, pageSize: 25 });
    await show();
    expect(list).toHaveBeenLastCalledWith({ page: 1, pageSize: 25, status: undefined, search: undefined, from: undefined, to: undefined });
    expect(container.querySelectorAll('table[aria-label="Events"] tbody tr')).toHaveLength(1);
    expect(container.textContent).toContain('1–25 of 800');

    act(() => container.querySelector<HTMLButtonElement>('button[aria-label="Go to next page"]')?.click());
    await settle();
    expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));

    await typeInto(container.querySelector<HTMLInputElement>('input[placeholder="Number, description or location"]'), 'slope');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 400)));
    await settle();
    expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, search: 'slope' }));

    act(() => container.querySelector<HTMLButtonElement>('button[aria-label="Go to next page"]')?.click());
    await settle();
    expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2, search: 'slope' }));
    await typeInto(container.querySelector<HTMLInputElement>('input[type="date"]'), '2026-12-01');
    expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, search: 'slope', from: '2026-12-01' }));
  });

  it('says when no event matches, and shows no pagination', async () => {
    list.mockResolvedValue({ events: [], total: 0, page: 1, pageSize: 25 });
    await show();
    expect(container.textContent).toContain('No events yet. Create one with New Event.');
    expect(container.querySelector('button[aria-label="Go to next page"]')).toBeNull();
  });
});

describe('the administrators’ events on a phone (390 px)', () => {
  beforeEach(() => atWidth(PHONE_WIDTH));

  it('shows each event of the page as a card, no table, with the pagination below', async () => {
    await show();
    expect(container.querySelector('table')).toBeNull();
    const card = container.querySelector('article[aria-label="Slope Stability Workshop"]');
    expect(card?.textContent).toContain('EVT000012');
    expect(card?.textContent).toContain('Booked 2 / 30');
    expect(container.textContent).toContain('1–1 of 1');
  });
});
