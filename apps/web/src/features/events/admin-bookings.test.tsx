import type { AdminBooking } from '@portal/contract';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { renderPage, unmountPages } from '../../test/render';
import { settle } from '../../test/settle';
import { atWidth, PHONE_WIDTH } from '../../test/viewport';
import { AdminBookings } from './admin-bookings';
import { adminEventsApi } from './api';
import { nairobiDateTime } from './rules';

const booking: AdminBooking = {
  bookingNo: 'BK000007',
  eventNo: 'EVT000001',
  eventDescription: 'Bridge design seminar',
  location: 'Nairobi',
  startDate: '2026-06-10',
  endDate: '2026-06-10',
  startTime: '09:00',
  endTime: '17:00',
  eventType: 'SEMINARS',
  status: 'billed',
  isActive: true,
  amount: 3000,
  billed: true,
  paid: true,
  receiptNo: 'RCT000009',
  proformaInvoiceNo: 'INV000009',
  ticketNo: 'TKT000007',
  attended: true,
  cancellable: false,
  createdAt: '2026-05-01T08:00:00.000Z',
  memberNo: 'ERB1001',
  name: 'Jane Mwangi',
  email: 'jane.mwangi@example.com',
  attendedAt: '2026-06-10T06:30:00.000Z',
  cpdCertificateNo: 'CPD000003',
};

let container: HTMLDivElement;

let bookings: MockInstance<typeof adminEventsApi.bookings>;
beforeEach(() => {
  bookings = vi.spyOn(adminEventsApi, 'bookings').mockResolvedValue({ bookings: [booking], total: 1, page: 1, pageSize: 50 });
});
afterEach(() => {
  unmountPages();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('an event’s bookings on a phone (390 px)', () => {
  beforeEach(() => atWidth(PHONE_WIDTH));

  it('shows each booking as a card with the status, paid, attended and certificate in view, and no table', async () => {
    container = await renderPage(<AdminBookings no="EVT000001" />);
    expect(container.querySelector('table')).toBeNull();
    const card = container.querySelector('article[aria-label="Booking BK000007"]');
    expect(card?.textContent).toContain('BK000007 · ERB1001');
    expect(card?.textContent).toContain('Jane Mwangi');
    expect(card?.textContent).toContain('jane.mwangi@example.com');
    expect(card?.textContent).toContain(`Paid: Yes · Attended: ${nairobiDateTime(booking.attendedAt)}`);
    expect(card?.textContent).toContain('CPD certificate CPD000003');
  });
});

describe('an event’s bookings on a wide screen', () => {
  beforeEach(() => atWidth(1280));

  it('keeps the columns in a table', async () => {
    container = await renderPage(<AdminBookings no="EVT000001" />);
    expect(container.querySelector('article')).toBeNull();
    const table = container.querySelector('table[aria-label="Bookings"]');
    expect([...(table?.querySelectorAll('th') ?? [])].map((th) => th.textContent)).toEqual([
      'Booking',
      'Member No',
      'Name',
      'Email',
      'Status',
      'Paid',
      'Attended',
      'CPD certificate',
    ]);
    expect(table?.querySelector('tbody tr')?.textContent).toContain('CPD000003');
  });
});

describe('an event with thousands of bookings (issue 26)', () => {
  beforeEach(() => atWidth(1280));

  it('asks the server for a page at a time, with the search and filters, and back to the first page when they change', async () => {
    bookings.mockResolvedValue({ bookings: [booking], total: 5000, page: 1, pageSize: 50 });
    container = await renderPage(<AdminBookings no="EVT000001" />);
    expect(bookings).toHaveBeenLastCalledWith('EVT000001', {
      page: 1,
      pageSize: 50,
      search: undefined,
      status: undefined,
      attended: undefined,
    });
    expect(container.textContent).toContain('1–50 of 5000');

    const next = container.querySelector<HTMLButtonElement>('button[aria-label="Go to next page"]');
    act(() => next?.click());
    await settle();
    expect(bookings).toHaveBeenLastCalledWith('EVT000001', expect.objectContaining({ page: 2 }));

    const input = container.querySelector<HTMLInputElement>('input[type="text"]');
    if (!input) throw new Error('no search box');
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, 'Mwangi');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() => input.form?.requestSubmit());
    await settle();
    expect(bookings).toHaveBeenLastCalledWith('EVT000001', expect.objectContaining({ page: 1, search: 'Mwangi' }));
  });
});
