import {
  type AdminEvent,
  type Booking,
  DEFAULT_EVENT_VIEW,
  EVENT_VIEW_MODES,
  EVENT_VIEW_STORAGE_KEY,
  type EventInput,
  type EventType,
  type EventViewMode,
  formatDate,
  formatKes,
} from '@portal/contract';

/** Nairobi is three hours ahead of UTC all year (no daylight saving). */
export const NAIROBI_OFFSET = '+03:00';
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------------------------
// Upcoming events: list or grid, remembered in localStorage (part 2 §2.6).

/** The remembered view, or the stored default when none (or something unknown) is remembered. */
export function readEventView(storage: Pick<Storage, 'getItem'> | null = safeStorage()): EventViewMode {
  try {
    const value = storage?.getItem(EVENT_VIEW_STORAGE_KEY);
    return (EVENT_VIEW_MODES as readonly string[]).includes(value ?? '') ? (value as EventViewMode) : DEFAULT_EVENT_VIEW;
  } catch {
    return DEFAULT_EVENT_VIEW;
  }
}

/** Remembers the view; a browser that refuses storage (private mode, quota) just forgets it. */
export function writeEventView(mode: EventViewMode, storage: Pick<Storage, 'setItem'> | null = safeStorage()): void {
  try {
    storage?.setItem(EVENT_VIEW_STORAGE_KEY, mode);
  } catch {
    // not remembered
  }
}

function safeStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Dates, times, fees as the cards, rows and tables show them.

// The portal's one date display (decision 040): '21 Jun 2018', and without the year inside a range.
const dayMonthYear = { format: (day: Date) => formatDate(day) };
const dayMonth = { format: (day: Date) => formatDate(day).replace(/ \d{4}$/, '') };
const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' });

function calendarDay(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '12 May 2026', '12 – 14 May 2026', '30 Apr – 2 May 2026', '30 Dec 2026 – 2 Jan 2027'. */
export function eventDates(startDate: string, endDate?: string | null): string {
  const start = calendarDay(startDate);
  if (!start) return startDate;
  const end = endDate ? calendarDay(endDate) : null;
  if (!end || end.getTime() <= start.getTime()) return dayMonthYear.format(start);
  if (start.getUTCFullYear() !== end.getUTCFullYear()) return `${dayMonthYear.format(start)} – ${dayMonthYear.format(end)}`;
  if (start.getUTCMonth() !== end.getUTCMonth()) return `${dayMonth.format(start)} – ${dayMonthYear.format(end)}`;
  return `${start.getUTCDate()} – ${dayMonthYear.format(end)}`;
}

/** The weekday of the first day, e.g. 'Tue', for the cards' date block. */
export function eventWeekday(startDate: string): string {
  const start = calendarDay(startDate);
  return start ? weekday.format(start) : '';
}

/** '09:00 – 17:00'; one time when both are the same. */
export function eventTimes(startTime: string, endTime: string): string {
  const s = startTime.slice(0, 5);
  const e = endTime.slice(0, 5);
  return !e || e === s ? s : `${s} – ${e}`;
}

/** The fee for the member's category: 'Free' or KES as everywhere else in the portal. */
export function feeLabel(fee: number): string {
  return fee > 0 ? formatKes(fee) : 'Free';
}

/** 'Unlimited seats', 'Fully booked', '1 seat left', '12 seats left'. */
export function seatsLabel(seatsLeft: number | null): string {
  if (seatsLeft === null) return 'Unlimited seats';
  if (seatsLeft <= 0) return 'Fully booked';
  return `${seatsLeft} seat${seatsLeft === 1 ? '' : 's'} left`;
}

/** '5 CPD points', '1 CPD point', '2.5 CPD points'. */
export function pointsLabel(points: number): string {
  return `${points} CPD point${points === 1 ? '' : 's'}`;
}

/** A Nairobi date-time for the admin pages, e.g. '12 May 2026, 17:00'. */
export function nairobiDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const local = isoToNairobiLocal(iso);
  if (!local) return iso;
  return `${eventDates(local.slice(0, 10))}, ${local.slice(11, 16)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Booking deadline: a datetime-local value is a Nairobi wall-clock time; the API takes ISO with the +03:00 offset.

/** '2026-05-12T17:00' → '2026-05-12T17:00:00+03:00'; blank → null; a value the picker never gives is kept as typed. */
export function nairobiLocalToIso(local: string): string | null {
  const value = local.trim();
  if (!value) return null;
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})?$/.exec(value);
  if (!match) return value;
  return `${match[1]}T${match[2]}${match[3] ?? ':00'}${NAIROBI_OFFSET}`;
}

/** Any ISO instant → the Nairobi wall-clock 'YYYY-MM-DDTHH:MM' a datetime-local field shows; '' when blank or unreadable. */
export function isoToNairobiLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return new Date(time + NAIROBI_OFFSET_MS).toISOString().slice(0, 16);
}

// ---------------------------------------------------------------------------------------------------------------
// The event form: what the fields hold (text, as typed) and the request the contract's schema checks.

export interface EventFormValues {
  description: string;
  details: string;
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  location: string;
  eventType: EventType;
  isWebinar: boolean;
  cpdHours: string;
  structured: boolean;
  providers: string[];
  capacity: string;
  bookingDeadline: string;
  fees: Record<string, string>;
}

export const EMPTY_EVENT_FORM: EventFormValues = {
  description: '',
  details: '',
  startDate: '',
  endDate: '',
  startTime: '09:00',
  endTime: '17:00',
  location: '',
  eventType: 'SEMINARS',
  isWebinar: false,
  cpdHours: '',
  structured: true,
  providers: [],
  capacity: '',
  bookingDeadline: '',
  fees: {},
};

/** A number as typed: blank → `blank`; anything else → its number (NaN when not one, which the schema refuses). */
function typedNumber<T>(value: string | undefined, blank: T): number | T {
  const text = (value ?? '').trim().replace(/,/g, '');
  return text === '' ? blank : Number(text);
}

/**
 * The fields to the request: numbers from their text (blank capacity = unlimited, blank fee = free), the deadline
 * as ISO with Nairobi's offset. Whatever cannot be read stays wrong, so the schema's message shows on its field.
 */
export function toEventInput(values: EventFormValues): EventInput {
  const fees: Record<string, number> = {};
  for (const [code, fee] of Object.entries(values.fees ?? {})) fees[code] = typedNumber(fee, 0);
  return {
    description: values.description,
    details: values.details,
    startDate: values.startDate,
    endDate: values.endDate || values.startDate,
    startTime: values.startTime,
    endTime: values.endTime,
    location: values.location,
    eventType: values.eventType,
    isWebinar: values.isWebinar,
    cpdHours: typedNumber(values.cpdHours, Number.NaN),
    structured: values.structured,
    providers: values.providers,
    capacity: typedNumber(values.capacity, null),
    bookingDeadline: nairobiLocalToIso(values.bookingDeadline),
    fees,
  };
}

/** An event being edited back into the fields; every category gets a fee field (blank for free). */
export function toEventFormValues(event: AdminEvent | null, categoryCodes: string[]): EventFormValues {
  const base = event
    ? {
        description: event.description,
        details: event.details,
        startDate: event.startDate.slice(0, 10),
        endDate: event.endDate.slice(0, 10),
        startTime: event.startTime.slice(0, 5),
        endTime: event.endTime.slice(0, 5),
        location: event.location,
        eventType: event.eventType,
        isWebinar: event.isWebinar,
        cpdHours: String(event.cpdHours),
        structured: event.structured,
        providers: event.eventProviders.map((p) => p.name),
        capacity: event.capacity === null ? '' : String(event.capacity),
        bookingDeadline: isoToNairobiLocal(event.bookingDeadline),
        fees: {} as Record<string, string>,
      }
    : { ...EMPTY_EVENT_FORM, fees: {} as Record<string, string> };
  const codes = new Set([...categoryCodes, ...Object.keys(event?.fees ?? {})]);
  for (const code of codes) {
    const fee = event?.fees[code];
    base.fees[code] = fee ? String(fee) : '';
  }
  return base;
}

// ---------------------------------------------------------------------------------------------------------------
// A booking's actions (part 2 §2.6, §4): the paid and billed flags decide which buttons appear.

export interface BookingActions {
  view: boolean;
  ticket: boolean;
  receipt: boolean;
  invoice: boolean;
  payNow: boolean;
  cancel: boolean;
}

export function bookingActions(
  b: Pick<Booking, 'isActive' | 'status' | 'paid' | 'billed' | 'receiptNo' | 'proformaInvoiceNo' | 'ticketNo' | 'cancellable'>,
): BookingActions {
  const live = b.status !== 'cancelled';
  return {
    view: b.isActive,
    ticket: live && b.status !== 'billed' && Boolean(b.ticketNo),
    receipt: b.paid && Boolean(b.receiptNo),
    invoice: b.billed && Boolean(b.proformaInvoiceNo),
    payNow: live && b.billed && !b.paid && Boolean(b.proformaInvoiceNo),
    cancel: b.cancellable,
  };
}

export const BOOKING_STATUS_LABELS: Record<Booking['status'], string> = {
  open: 'Open',
  closed: 'Closed',
  billed: 'Billed',
  cancelled: 'Cancelled',
};

export const EVENT_STATUS_LABELS: Record<AdminEvent['status'], string> = {
  draft: 'Draft',
  published: 'Published',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

// ---------------------------------------------------------------------------------------------------------------
// Attendance: booking numbers from a CSV, and repeated scans.

/** Splits CSV text into rows of cells: commas or semicolons, double-quoted cells with "" escapes, any line ending. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const separator =
    !firstLine.includes(',') && firstLine.includes(';') ? ';' : firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ',';
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === separator) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.map((r) => r.map((v) => v.trim())).filter((r) => r.some((v) => v !== ''));
}

const HEADER_NAMES = ['bookingno', 'booking', 'bookingnumber', 'ticket', 'ticketno', 'ticketnumber'];
const headerKey = (cell: string) => cell.toLowerCase().replace(/[^a-z]/g, '');

/**
 * The booking numbers of an attendance CSV: the column named bookingNo, booking or ticket (any case, spaces or
 * underscores), else the first column, skipping a first row that looks like a header (no digit in it). Blank and
 * repeated values are dropped; the order of the file is kept.
 */
export function bookingNosFromCsv(text: string): string[] {
  const rows = parseCsv(text);
  if (rows.length === 0) return [];
  const header = rows[0].map(headerKey);
  let column = HEADER_NAMES.map((name) => header.indexOf(name)).find((i) => i >= 0) ?? -1;
  let body = rows.slice(1);
  if (column < 0) {
    column = 0;
    body = /\d/.test(rows[0][0] ?? '') ? rows : rows.slice(1);
  }
  const seen = new Set<string>();
  const values: string[] = [];
  for (const row of body) {
    const value = (row[column] ?? '').trim();
    if (value && !seen.has(value)) {
      seen.add(value);
      values.push(value);
    }
  }
  return values;
}

/** Splits values into requests of at most `size` (the API takes 5,000 at a time). */
export function chunks<T>(values: T[], size = 5000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

/**
 * A camera sees the same ticket many times a second: a value is let through once, then again only after
 * `windowMs` without it being seen.
 */
export function createRepeatFilter(windowMs = 4000, now: () => number = Date.now) {
  const lastSeen = new Map<string, number>();
  return (value: string): boolean => {
    const t = now();
    const last = lastSeen.get(value);
    lastSeen.set(value, t);
    return last === undefined || t - last > windowMs;
  };
}
