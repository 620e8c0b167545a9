import { type AdminEvent, DEFAULT_EVENT_VIEW, EVENT_VIEW_STORAGE_KEY, eventInput, eventMessages, formatKes } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  bookingActions,
  bookingNosFromCsv,
  chunks,
  createRepeatFilter,
  EMPTY_EVENT_FORM,
  eventDates,
  eventTimes,
  feeLabel,
  isoToNairobiLocal,
  nairobiLocalToIso,
  parseCsv,
  readEventView,
  seatsLabel,
  toEventFormValues,
  toEventInput,
  writeEventView,
} from './rules';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
}

describe('the upcoming events view (list or grid, remembered)', () => {
  it('starts with the stored default and remembers the choice', () => {
    const storage = memoryStorage();
    expect(readEventView(storage)).toBe(DEFAULT_EVENT_VIEW);
    writeEventView('list', storage);
    expect(storage.data.get(EVENT_VIEW_STORAGE_KEY)).toBe('list');
    expect(readEventView(storage)).toBe('list');
    writeEventView('grid', storage);
    expect(readEventView(storage)).toBe('grid');
  });

  it('ignores an unknown stored value and a storage that throws', () => {
    expect(readEventView(memoryStorage({ [EVENT_VIEW_STORAGE_KEY]: 'carousel' }))).toBe(DEFAULT_EVENT_VIEW);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(readEventView(broken)).toBe(DEFAULT_EVENT_VIEW);
    expect(() => writeEventView('list', broken)).not.toThrow();
  });
});

describe('dates, times, fees and seats as cards show them', () => {
  it('writes one day or a range compactly', () => {
    expect(eventDates('2026-05-12', '2026-05-12')).toBe('12 May 2026');
    expect(eventDates('2026-05-12', '2026-05-14')).toBe('12 – 14 May 2026');
    expect(eventDates('2026-04-30', '2026-05-02')).toBe('30 Apr – 2 May 2026');
    expect(eventDates('2026-12-30', '2027-01-02')).toBe('30 Dec 2026 – 2 Jan 2027');
    expect(eventDates('2026-05-12T00:00:00.000Z', null)).toBe('12 May 2026');
  });

  it('writes times, fees and seats', () => {
    expect(eventTimes('09:00:00', '17:00')).toBe('09:00 – 17:00');
    expect(eventTimes('09:00', '09:00')).toBe('09:00');
    expect(feeLabel(0)).toBe('Free');
    expect(feeLabel(2500)).toBe(formatKes(2500));
    expect(seatsLabel(null)).toBe('Unlimited seats');
    expect(seatsLabel(0)).toBe('Fully booked');
    expect(seatsLabel(1)).toBe('1 seat left');
    expect(seatsLabel(12)).toBe('12 seats left');
  });
});

describe('booking deadline in Nairobi time', () => {
  it('turns a datetime-local value into ISO with +03:00 and back', () => {
    expect(nairobiLocalToIso('2026-05-12T17:00')).toBe('2026-05-12T17:00:00+03:00');
    expect(nairobiLocalToIso('2026-05-12T17:00:30')).toBe('2026-05-12T17:00:30+03:00');
    expect(nairobiLocalToIso('  ')).toBeNull();
    expect(isoToNairobiLocal('2026-05-12T14:00:00.000Z')).toBe('2026-05-12T17:00');
    expect(isoToNairobiLocal('2026-05-12T17:00:00+03:00')).toBe('2026-05-12T17:00');
    expect(isoToNairobiLocal('2026-05-12T22:30:00Z')).toBe('2026-05-13T01:30');
    expect(isoToNairobiLocal(null)).toBe('');
    expect(isoToNairobiLocal('nonsense')).toBe('');
  });

  it("is accepted by the contract's schema", () => {
    const input = toEventInput({
      ...EMPTY_EVENT_FORM,
      description: 'Bridge design seminar',
      location: 'Nairobi',
      startDate: '2026-05-20',
      endDate: '2026-05-20',
      cpdHours: '5',
      bookingDeadline: '2026-05-19T17:00',
    });
    const parsed = eventInput.safeParse(input);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.bookingDeadline).toBe('2026-05-19T17:00:00+03:00');
  });
});

describe('the event form to the request', () => {
  const filled = {
    ...EMPTY_EVENT_FORM,
    description: 'Bridge design seminar',
    location: 'KICC, Nairobi',
    startDate: '2026-05-20',
    endDate: '',
    cpdHours: '5',
    capacity: '',
    fees: { GRADUATE: '', PE: '2,500', CE: '0' },
    providers: ['EBK'],
  };

  it('reads numbers from their text: blank capacity is unlimited, blank fee is free, end date defaults to the start', () => {
    const input = toEventInput(filled);
    expect(input).toMatchObject({ cpdHours: 5, capacity: null, endDate: '2026-05-20', fees: { GRADUATE: 0, PE: 2500, CE: 0 } });
    expect(eventInput.safeParse(input).success).toBe(true);
  });

  it("shows the contract's messages for what cannot be read", () => {
    const result = eventInput.safeParse(toEventInput({ ...filled, cpdHours: '', capacity: '2.5', fees: { PE: 'abc' }, description: ' ' }));
    expect(result.success).toBe(false);
    const byPath = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(byPath).toMatchObject({
      description: eventMessages.descriptionRequired,
      cpdHours: eventMessages.pointsInvalid,
      capacity: eventMessages.capacityInvalid,
      'fees.PE': eventMessages.feeInvalid,
    });
  });

  it('puts an event back into the fields, with a fee field for every category', () => {
    const event = {
      no: 'EV0001',
      description: 'Seminar',
      details: '',
      startDate: '2026-05-20',
      endDate: '2026-05-21',
      startTime: '09:00:00',
      endTime: '17:00:00',
      location: 'Nairobi',
      eventType: 'SEMINARS',
      isWebinar: false,
      cpdHours: 5,
      structured: true,
      logoUrl: null,
      eventProviders: [{ name: 'EBK' }],
      capacity: 40,
      seatsLeft: 40,
      bookingDeadline: '2026-05-19T14:00:00.000Z',
      status: 'draft',
      fees: { PE: 2500 },
      booked: 0,
      attended: 0,
      awarded: 0,
      started: false,
      attendanceOpen: false,
      attendanceOpensAt: '2026-12-01T04:30:00.000Z',
      publishedAt: null,
      closedAt: null,
      cancelledAt: null,
    } satisfies AdminEvent;
    const values = toEventFormValues(event, ['GRADUATE', 'PE']);
    expect(values).toMatchObject({
      startTime: '09:00',
      capacity: '40',
      cpdHours: '5',
      providers: ['EBK'],
      bookingDeadline: '2026-05-19T17:00',
      fees: { GRADUATE: '', PE: '2500' },
    });
    expect(toEventInput(values).bookingDeadline).toBe('2026-05-19T17:00:00+03:00');
    expect(toEventFormValues(null, ['PE']).fees).toEqual({ PE: '' });
  });
});

describe('booking actions (part 2 §2.6, §4)', () => {
  const base = {
    isActive: true,
    status: 'open' as const,
    paid: false,
    billed: false,
    receiptNo: null,
    proformaInvoiceNo: null,
    ticketNo: 'TKT0001',
    cancellable: true,
  };

  it('a free booking: view, ticket, cancel', () => {
    expect(bookingActions(base)).toEqual({ view: true, ticket: true, receipt: false, invoice: false, payNow: false, cancel: true });
  });

  it('a billed unpaid booking: invoice and Pay Now, no ticket', () => {
    const a = bookingActions({ ...base, status: 'billed', billed: true, proformaInvoiceNo: 'INV0009', ticketNo: null });
    expect(a).toMatchObject({ invoice: true, payNow: true, ticket: false, receipt: false });
  });

  it('a paid booking: receipt and invoice, no Pay Now', () => {
    const a = bookingActions({ ...base, billed: true, paid: true, proformaInvoiceNo: 'INV0009', receiptNo: 'RCT0003' });
    expect(a).toMatchObject({ invoice: true, receipt: true, payNow: false, ticket: true });
  });

  it('a cancelled booking: no view, ticket or Pay Now', () => {
    const a = bookingActions({
      ...base,
      status: 'cancelled',
      isActive: false,
      billed: true,
      proformaInvoiceNo: 'INV1',
      cancellable: false,
    });
    expect(a).toMatchObject({ view: false, ticket: false, payNow: false, cancel: false });
  });
});

describe('attendance CSV', () => {
  it('parses quotes, escaped quotes, semicolons and CRLF', () => {
    expect(parseCsv('a,"b, c","say ""hi"""\r\n1,2,3\r\n')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['1', '2', '3'],
    ]);
    expect(parseCsv('bookingNo;name\nBK0001;Jane')).toEqual([
      ['bookingNo', 'name'],
      ['BK0001', 'Jane'],
    ]);
  });

  it('takes the bookingNo, booking or ticket column, whatever its case', () => {
    expect(bookingNosFromCsv('Name,Booking No,Email\nJane,BK0001,j@x\nPeter,BK0002,p@x\n')).toEqual(['BK0001', 'BK0002']);
    expect(bookingNosFromCsv('\uFEFFname,ticket\nJane,TKT-9\n')).toEqual(['TKT-9']);
    expect(bookingNosFromCsv('email,booking_no\nx,BK7\n')).toEqual(['BK7']);
  });

  it('else the first column, skipping a header row without digits, dropping blanks and repeats', () => {
    expect(bookingNosFromCsv('Attendee\nBK0001\n\nBK0002\nBK0001\n')).toEqual(['BK0001', 'BK0002']);
    expect(bookingNosFromCsv('BK0001,Jane\nBK0002,Peter')).toEqual(['BK0001', 'BK0002']);
    expect(bookingNosFromCsv('')).toEqual([]);
    expect(bookingNosFromCsv('bookingNo\n')).toEqual([]);
  });

  it('sends at most 5,000 at a time', () => {
    const values = Array.from({ length: 12_001 }, (_, i) => `BK${i}`);
    expect(chunks(values).map((c) => c.length)).toEqual([5000, 5000, 2001]);
  });
});

describe('scanning the same ticket again', () => {
  it('lets a value through once until it has been out of view for the window', () => {
    let t = 0;
    const isNew = createRepeatFilter(4000, () => t);
    expect(isNew('BK1')).toBe(true);
    t = 200;
    expect(isNew('BK1')).toBe(false);
    expect(isNew('BK2')).toBe(true);
    t = 3000;
    expect(isNew('BK1')).toBe(false);
    t = 8000;
    expect(isNew('BK1')).toBe(true);
  });
});
