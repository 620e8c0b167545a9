/** The plain values of events.ts (constants, messages, small functions): importable without zod (decision 054). */

/**
 * The portal's own events (part 2 §2.6, §3 'Event' and 'Event booking', §7 `events`, `events/all_events`; issue 12;
 * decisions.md §8). Administrators publish them; members book, pay through the ledger and checkout, attend; closing
 * an event turns attendance into CPD points. Amounts are shillings with two decimals (integer cents on the server).
 */
export const EVENT_TYPES = ['CONFERENCE', 'COURSES', 'INHOUSES', 'SEMINARS', 'SPECIALS', 'WORKSHOPS', 'WEBINAR'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * Each event type's own colour (part 2 §2.6: the values are not given, so these are ours); white text on each
 * reaches WCAG AA 4.5:1 (decision 036).
 */
export const EVENT_TYPE_COLORS: Record<EventType, string> = {
  CONFERENCE: '#1565C0',
  COURSES: '#2E7D32',
  INHOUSES: '#6D4C41',
  SEMINARS: '#6A1B9A',
  SPECIALS: '#C62828',
  WORKSHOPS: '#C2410C',
  WEBINAR: '#00838F',
};

export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  CONFERENCE: 'Conference',
  COURSES: 'Course',
  INHOUSES: 'In-house',
  SEMINARS: 'Seminar',
  SPECIALS: 'Special',
  WORKSHOPS: 'Workshop',
  WEBINAR: 'Webinar',
};

/** draft (only administrators see it) → published (members book) → closed (CPD awarded) | cancelled. */
export const EVENT_STATUSES = ['draft', 'published', 'closed', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** Booking statuses (part 2 §4): billed (fee invoiced, unpaid), open (free or paid), closed (event closed), cancelled. */
export const BOOKING_STATUSES = ['open', 'closed', 'billed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Status chips (part 2 §9): open green, closed red, billed blue, cancelled purple. */
export const BOOKING_STATUS_COLORS: Record<BookingStatus, string> = {
  open: '#2E7D32',
  closed: '#C62828',
  billed: '#1565C0',
  cancelled: '#6A1B9A',
};

/** Upcoming events as a list or a grid; the default is a stored constant (part 2 §2.6), the choice is remembered. */
export const EVENT_VIEW_MODES = ['grid', 'list'] as const;
export type EventViewMode = (typeof EVENT_VIEW_MODES)[number];
export const DEFAULT_EVENT_VIEW: EventViewMode = 'grid';
export const EVENT_VIEW_STORAGE_KEY = 'events.view';

/** Card width 265 and image height 175 (part 2 §9). */
export const EVENT_CARD = { width: 265, imageHeight: 175 } as const;

/** The logo or banner: an image of at most 2 MB. */
export const EVENT_LOGO_MAX_BYTES = 2 * 1024 * 1024;

export const eventMessages = {
  notFound: 'Event not found',
  bookingNotFound: 'Booking not found',
  notOpenForBooking: 'This event is not open for booking',
  bookingClosed: 'Booking for this event has closed',
  alreadyStarted: 'This event has already started',
  full: 'This event is fully booked',
  alreadyBooked: 'You have already booked this event',
  membershipRequired: 'Only registered members can book events',
  booked: 'Your seat is booked',
  billed: 'Your seat is reserved. Pay the invoice to confirm it.',
  cancelled: 'Your booking has been cancelled',
  cancelledWithCredit: (amount: string, creditNoteNo: string) =>
    `Your booking has been cancelled and ${amount} credited to your account (credit note ${creditNoteNo})`,
  cannotCancel: 'This booking can no longer be cancelled',
  descriptionRequired: 'Description is required',
  locationRequired: 'Location is required',
  dateRequired: 'Date is required',
  timeInvalid: 'Enter a time as HH:MM',
  endBeforeStart: 'The event cannot end before it starts',
  deadlineAfterStart: 'The booking deadline must be before the event starts',
  capacityInvalid: 'Capacity must be a whole number of at least 1',
  capacityBelowBooked: (booked: number) => `Capacity cannot be below the ${booked} seats already booked`,
  pointsInvalid: 'CPD points must be between 0 and 100',
  feeInvalid: 'Enter a fee of 0 or more',
  providerTooMany: 'At most 10 providers',
  notEditable: 'A closed or cancelled event cannot be changed',
  notPublished: 'Only a published event can take attendance',
  cannotPublish: 'Only a draft event can be published',
  cannotClose: 'Only a published event can be closed',
  cannotCloseBeforeStart: 'An event can be closed once it has started',
  attendanceNotYet: (when: string) => `Check-in opens at ${when}, before the event starts`,
  startPassed: 'This event’s start has passed: move its dates before publishing',
  cannotCancelEvent: 'A closed event cannot be cancelled',
  logoInvalid: 'The logo must be a PNG, JPEG or WebP image of at most 2 MB',
  bookingNosRequired: 'Give at least one booking number',
  ticketTitle: 'Event Ticket',
  ticketCancelled: 'A cancelled booking has no ticket',
  feeCategoryUnknown: (code: string) => `There is no membership category ${code}`,
  logoNotFound: 'This event has no logo',
} as const;

export const ADMIN_EVENTS_PAGE_SIZE = 25;

export const ADMIN_BOOKINGS_PAGE_SIZE = 50;

/** What attendance answers: each value's outcome, so the door sees at once who was checked in. */
export const ATTENDANCE_OUTCOMES = ['checked_in', 'already', 'unknown', 'cancelled', 'unpaid'] as const;
export type AttendanceOutcome = (typeof ATTENDANCE_OUTCOMES)[number];

export const ATTENDANCE_OUTCOME_LABELS: Record<AttendanceOutcome, string> = {
  checked_in: 'Checked in',
  already: 'Already checked in',
  unknown: 'No booking with this number for this event',
  cancelled: 'This booking was cancelled',
  unpaid: 'This booking is not paid',
};
