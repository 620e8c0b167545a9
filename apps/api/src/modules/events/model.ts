import {
  type AdminBooking,
  type AdminEvent,
  type Booking,
  type BookingStatus,
  type EventDto,
  type EventStatus,
  type EventType,
  eventMessages,
  formatKesCents,
  fromCents,
} from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { notFound } from '../../shared/errors';

const { events, eventBookings, memberships } = schema;

export type EventRow = typeof events.$inferSelect;
export type BookingRow = typeof eventBookings.$inferSelect;

/** KES 1,500.00 (integer cents): the portal's one money format (decision 040). */
export function kes(cents: number): string {
  return formatKesCents(cents);
}

/** The event's start as an instant: its date and HH:MM in Nairobi (UTC+3, no daylight saving). */
export function startsAt(event: Pick<EventRow, 'startDate' | 'startTime'>): number {
  return Date.parse(`${event.startDate}T${event.startTime}:00+03:00`);
}

export function hasStarted(event: Pick<EventRow, 'startDate' | 'startTime'>, now = Date.now()): boolean {
  return now >= startsAt(event);
}

/**
 * Check-in opens `leadMinutes` before the start (CHECK_IN_OPENS_MINUTES, 2 hours by default): people arrive early
 * at the door, and a 00:30 start is not kept waiting for midnight; never weeks before, which would earn CPD unattended.
 */
export function attendanceOpensAt(event: Pick<EventRow, 'startDate' | 'startTime'>, leadMinutes: number): number {
  return startsAt(event) - leadMinutes * 60_000;
}

export function attendanceOpen(event: Pick<EventRow, 'startDate' | 'startTime'>, leadMinutes: number, now = Date.now()): boolean {
  return now >= attendanceOpensAt(event, leadMinutes);
}

export function deadlinePassed(event: Pick<EventRow, 'bookingDeadline'>, now = Date.now()): boolean {
  return event.bookingDeadline !== null && now > event.bookingDeadline.getTime();
}

export function seatsLeft(event: Pick<EventRow, 'capacity' | 'seatsTaken'>): number | null {
  return event.capacity === null ? null : Math.max(0, event.capacity - event.seatsTaken);
}

/** The fee for a membership category, in cents (0 when the event sets none). */
export function feeCentsFor(event: Pick<EventRow, 'fees'>, categoryCode: string | null | undefined): number {
  if (!categoryCode) return 0;
  const fee = event.fees?.[categoryCode];
  return typeof fee === 'number' && Number.isSafeInteger(fee) && fee > 0 ? fee : 0;
}

/** Why a member cannot book this event now, or null when they can. */
export function notBookableReason(
  event: EventRow,
  membership: MembershipFacts | null,
  bookingNo: string | null,
  now = Date.now(),
): string | null {
  if (bookingNo) return eventMessages.alreadyBooked;
  if (event.status !== 'published') return eventMessages.notOpenForBooking;
  if (hasStarted(event, now)) return eventMessages.alreadyStarted;
  if (deadlinePassed(event, now)) return eventMessages.bookingClosed;
  if (event.capacity !== null && event.seatsTaken >= event.capacity) return eventMessages.full;
  if (!membership) return eventMessages.membershipRequired;
  return null;
}

/** The logo's address, with a version from its storage key so a replaced logo is fetched again despite caching. */
export function logoUrl(event: Pick<EventRow, 'no' | 'logoKey'>): string | null {
  if (!event.logoKey) return null;
  const version = event.logoKey.replace(/^.*-/, '').replace(/\..*$/, '').slice(0, 12);
  return `/api/events/${encodeURIComponent(event.no)}/logo?v=${version}`;
}

function baseEvent(event: EventRow) {
  return {
    no: event.no,
    description: event.description,
    details: event.details,
    startDate: event.startDate,
    endDate: event.endDate,
    startTime: event.startTime,
    endTime: event.endTime,
    location: event.location,
    eventType: event.eventType as EventType,
    isWebinar: event.isWebinar,
    cpdHours: Number(event.cpdHours),
    structured: event.structured,
    logoUrl: logoUrl(event),
    eventProviders: (event.providers ?? []).map((name) => ({ name })),
    capacity: event.capacity,
    seatsLeft: seatsLeft(event),
    bookingDeadline: event.bookingDeadline?.toISOString() ?? null,
    status: event.status as EventStatus,
  };
}

export function memberEventDto(event: EventRow, membership: MembershipFacts | null, bookingNo: string | null, now = Date.now()): EventDto {
  const reason = notBookableReason(event, membership, bookingNo, now);
  return {
    ...baseEvent(event),
    fee: fromCents(feeCentsFor(event, membership?.categoryCode)),
    bookable: reason === null,
    notBookableReason: reason,
    bookingNo,
  };
}

export interface EventCounts {
  booked: number;
  attended: number;
  awarded: number;
}

export function adminEventDto(event: EventRow, counts: EventCounts, checkInLeadMinutes: number): AdminEvent {
  return {
    ...baseEvent(event),
    fees: Object.fromEntries(Object.entries(event.fees ?? {}).map(([code, cents]) => [code, fromCents(cents)])),
    booked: counts.booked,
    attended: counts.attended,
    awarded: counts.awarded,
    started: hasStarted(event),
    attendanceOpen: attendanceOpen(event, checkInLeadMinutes),
    attendanceOpensAt: new Date(attendanceOpensAt(event, checkInLeadMinutes)).toISOString(),
    publishedAt: event.publishedAt?.toISOString() ?? null,
    closedAt: event.closedAt?.toISOString() ?? null,
    cancelledAt: event.cancelledAt?.toISOString() ?? null,
  };
}

export function bookingDto(booking: BookingRow, event: EventRow, now = Date.now()): Booking {
  const status = booking.status as BookingStatus;
  return {
    bookingNo: booking.bookingNo,
    eventNo: event.no,
    eventDescription: event.description,
    location: event.location,
    startDate: event.startDate,
    endDate: event.endDate,
    startTime: event.startTime,
    endTime: event.endTime,
    eventType: event.eventType as EventType,
    status,
    isActive: status !== 'cancelled',
    amount: fromCents(booking.amountCents),
    billed: booking.invoiceNo !== null,
    paid: booking.receiptNo !== null,
    receiptNo: booking.receiptNo,
    proformaInvoiceNo: booking.invoiceNo,
    ticketNo: booking.ticketNo,
    attended: booking.attendedAt !== null,
    cancellable: isCancellable(booking, event, now),
    createdAt: booking.createdAt.toISOString(),
  };
}

export function isCancellable(booking: Pick<BookingRow, 'status'>, event: EventRow, now = Date.now()): boolean {
  return (
    (booking.status === 'open' || booking.status === 'billed') &&
    (event.status === 'published' || event.status === 'draft') &&
    !hasStarted(event, now)
  );
}

export function adminBookingDto(
  booking: BookingRow,
  event: EventRow,
  extra: { name: string; email: string | null; cpdCertificateNo: string | null },
): AdminBooking {
  return {
    ...bookingDto(booking, event),
    memberNo: booking.memberNo,
    name: extra.name,
    email: extra.email,
    attendedAt: booking.attendedAt?.toISOString() ?? null,
    cpdCertificateNo: extra.cpdCertificateNo,
  };
}

export interface MembershipFacts {
  memberNo: string;
  categoryCode: string;
}

/** The profile's Active membership with a member number (the newest), or null: only such members book. */
export async function activeMembership(db: Db, profileId: string | null | undefined): Promise<MembershipFacts | null> {
  if (!profileId) return null;
  const [row] = await db
    .select({ memberNo: memberships.memberNo, categoryCode: memberships.categoryCode })
    .from(memberships)
    .where(and(eq(memberships.profileId, profileId), eq(memberships.status, 'Active'), isNotNull(memberships.memberNo)))
    .orderBy(desc(memberships.id))
    .limit(1);
  return row?.memberNo ? row : null;
}

/** An event by number (numbers are upper case; a typed lower-case one is found too). */
export async function findEvent(db: Db, no: string): Promise<EventRow | null> {
  const [row] = await db.select().from(events).where(eq(events.no, no.trim().toUpperCase())).limit(1);
  return row ?? null;
}

export async function eventOr404(db: Db, no: string): Promise<EventRow> {
  const event = await findEvent(db, no);
  if (!event) throw notFound(eventMessages.notFound);
  return event;
}

export async function findBooking(db: Db, bookingNo: string): Promise<{ booking: BookingRow; event: EventRow } | null> {
  const [row] = await db
    .select({ booking: eventBookings, event: events })
    .from(eventBookings)
    .innerJoin(events, eq(events.no, eventBookings.eventNo))
    .where(eq(eventBookings.bookingNo, bookingNo.trim().toUpperCase()))
    .limit(1);
  return row ?? null;
}
