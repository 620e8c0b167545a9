import { type Booking, EVENT_VIEW_STORAGE_KEY, type EventDto } from '@portal/contract';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/client';
import { invoiceRoute, receiptRoute } from '../../shared/payments/routes';
import { renderPage, unmountPages } from '../../test/render';
import { EventsPage } from './events-page';

const event: EventDto = {
  no: 'EVT000001',
  description: 'Bridge Design Seminar',
  details: '',
  startDate: '2026-12-04',
  endDate: '2026-12-05',
  startTime: '09:00',
  endTime: '17:00',
  location: 'KICC, Nairobi',
  eventType: 'SEMINARS',
  isWebinar: true,
  cpdHours: 5,
  structured: true,
  logoUrl: null,
  eventProviders: [{ name: 'Engineers Board' }],
  capacity: 40,
  seatsLeft: 39,
  bookingDeadline: null,
  status: 'published',
  fee: 2500,
  bookable: true,
  notBookableReason: null,
  bookingNo: null,
};

const booking = (over: Partial<Booking>): Booking => ({
  bookingNo: 'BKG000001',
  eventNo: 'EVT000001',
  eventDescription: 'Bridge Design Seminar',
  location: 'KICC, Nairobi',
  startDate: '2026-12-04',
  endDate: '2026-12-05',
  startTime: '09:00',
  endTime: '17:00',
  eventType: 'SEMINARS',
  status: 'open',
  isActive: true,
  amount: 2500,
  billed: true,
  paid: true,
  receiptNo: 'RCT000003',
  proformaInvoiceNo: 'INV000004',
  ticketNo: 'TKT-1',
  attended: false,
  cancellable: true,
  createdAt: '2026-11-24T10:00:00.000Z',
  ...over,
});

const bookings: Booking[] = [
  booking({}),
  booking({ bookingNo: 'BKG000002', status: 'billed', paid: false, receiptNo: null, proformaInvoiceNo: 'INV000005', ticketNo: null }),
  booking({
    bookingNo: 'BKG000003',
    status: 'cancelled',
    isActive: false,
    cancellable: false,
    paid: false,
    billed: false,
    receiptNo: null,
  }),
];

let container: HTMLDivElement;

beforeEach(() => {
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path === 'events/all_events') return [event];
    if (path === 'events') return bookings;
    return null;
  });
});

afterEach(() => {
  unmountPages();
  localStorage.clear();
  vi.restoreAllMocks();
});

async function show(url: string) {
  container = await renderPage(<EventsPage />, { url });
}

const rowOf = (bookingNo: string) => [...container.querySelectorAll('tr')].find((r) => r.textContent?.includes(bookingNo));
const names = (el: Element | undefined) => [...(el?.querySelectorAll('a, button') ?? [])].map((b) => b.textContent?.trim());

describe('/events', () => {
  it('shows upcoming events with fee, seats, tags and Book Now to the portal’s own booking page', async () => {
    await show('/events');
    const card = container.querySelector('article');
    expect(card?.textContent).toContain('Bridge Design Seminar');
    expect(card?.textContent).toContain('39 seats left');
    expect(card?.textContent).toContain('5 CPD points');
    expect(card?.textContent).toContain('Webinar');
    expect(card?.textContent).toContain('Engineers Board');
    expect(card?.querySelector('[data-testid="event-fee"]')?.textContent).toMatch(/2,500\.00/);
    const book = [...(card?.querySelectorAll('a') ?? [])].find((a) => a.textContent === 'Book Now');
    expect(book?.getAttribute('href')).toBe('/events/EVT000001');
  });

  it('remembers the list view', async () => {
    await show('/events');
    const list = container.querySelector('button[aria-label="List view"]') as HTMLButtonElement;
    await act(async () => list.click());
    expect(localStorage.getItem(EVENT_VIEW_STORAGE_KEY)).toBe('list');
    expect(list.getAttribute('aria-pressed')).toBe('true');
  });

  it('lists bookings on ?tab=booked with the actions their flags allow', async () => {
    await show('/events?tab=booked');
    const paid = rowOf('BKG000001');
    expect(paid?.textContent).toContain('Yes');
    expect(names(paid)).toEqual(['View', 'Ticket', 'Receipt', 'Invoice', 'Cancel']);
    const links = [...(paid?.querySelectorAll('a') ?? [])];
    expect(links.find((a) => a.textContent === 'View')?.getAttribute('target')).toBe('_blank');
    expect(links.find((a) => a.textContent === 'View')?.getAttribute('href')).toBe('/events/booking/BKG000001');
    expect(links.find((a) => a.textContent === 'Receipt')?.getAttribute('href')).toBe(receiptRoute('RCT000003'));
    expect(links.find((a) => a.textContent === 'Invoice')?.getAttribute('href')).toBe(invoiceRoute('INV000004'));

    const billed = rowOf('BKG000002');
    expect(billed?.textContent).toContain('Billed');
    expect(names(billed)).toEqual(['View', 'Invoice', 'Pay Now', 'Cancel']);

    expect(names(rowOf('BKG000003'))).toEqual([]);
  });
});
