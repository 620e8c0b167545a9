import type { AdminBooking } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, unmountPages } from '../../test/render';
import { atWidth, PHONE_WIDTH } from '../../test/viewport';
import { AdminBookingList } from './admin-bookings';
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

afterEach(() => {
  unmountPages();
  vi.unstubAllGlobals();
});

describe('an event’s bookings on a phone (390 px)', () => {
  beforeEach(() => atWidth(PHONE_WIDTH));

  it('shows each booking as a card with the status, paid, attended and certificate in view, and no table', async () => {
    container = await renderPage(<AdminBookingList bookings={[booking]} />);
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
    container = await renderPage(<AdminBookingList bookings={[booking]} />);
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
