import { type AttendanceOutcome, type AttendanceResult, eventMessages, formatDateTime } from '@portal/contract';
import { schema } from '@portal/db';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { conflict } from '../../shared/errors';
import { fullName } from '../documents/index';
import { attendanceOpen, attendanceOpensAt, eventOr404 } from './model';

const { eventBookings, profiles } = schema;

const TICKET = /TKT-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/;

/**
 * What a scanned or typed value names: a ticket number (alone or inside the ticket QR's verification address) or a
 * booking number (alone, or the last segment of an address).
 */
export function parseAttendanceValue(value: string): { ticketNo: string } | { bookingNo: string } {
  let text = value.trim();
  try {
    text = decodeURIComponent(text);
  } catch {
    // Not URI-encoded: read as typed.
  }
  const upper = text.toUpperCase();
  const ticket = TICKET.exec(upper);
  if (ticket) return { ticketNo: ticket[0] };
  const last = upper.split(/[/?#]/).filter(Boolean).pop() ?? upper;
  return { bookingNo: last.trim() };
}

/**
 * Checks people in (`POST admin/events/{no}/attendance`) on a published or closed event (a late one on a closed
 * event is awarded on the next close). Each value's outcome: checked_in, already, unknown (not a booking of this
 * event), cancelled, or unpaid (a billed booking is not checked in).
 */
export async function recordAttendance(ctx: AppContext, no: string, values: string[], userId: number): Promise<AttendanceResult> {
  const event = await eventOr404(ctx.db, no);
  if (event.status !== 'published' && event.status !== 'closed') throw conflict(eventMessages.notPublished);
  const lead = ctx.config.checkInLeadMinutes;
  if (!attendanceOpen(event, lead))
    throw conflict(eventMessages.attendanceNotYet(formatDateTime(new Date(attendanceOpensAt(event, lead)))));
  const parsed = values.map((value) => ({ value, ref: parseAttendanceValue(value) }));
  const bookingNos = [...new Set(parsed.flatMap((p) => ('bookingNo' in p.ref ? [p.ref.bookingNo] : [])))];
  const ticketNos = [...new Set(parsed.flatMap((p) => ('ticketNo' in p.ref ? [p.ref.ticketNo] : [])))];
  const rows =
    bookingNos.length + ticketNos.length === 0
      ? []
      : await ctx.db
          .select({ booking: eventBookings, profile: profiles })
          .from(eventBookings)
          .innerJoin(profiles, eq(profiles.profileId, eventBookings.profileId))
          .where(
            and(
              eq(eventBookings.eventNo, event.no),
              or(
                bookingNos.length ? inArray(eventBookings.bookingNo, bookingNos) : undefined,
                ticketNos.length ? inArray(eventBookings.ticketNo, ticketNos) : undefined,
              ),
            ),
          );
  const byBooking = new Map(rows.map((r) => [r.booking.bookingNo, r]));
  const byTicket = new Map(rows.filter((r) => r.booking.ticketNo).map((r) => [r.booking.ticketNo as string, r]));

  // Everyone to check in, in one conditional update: a booking checked in meanwhile (another door) is 'already'.
  const toCheckIn = [
    ...new Set(
      rows
        .filter((r) => r.booking.attendedAt === null && (r.booking.status === 'open' || r.booking.status === 'closed'))
        .map((r) => r.booking.bookingNo),
    ),
  ];
  const checkedIn = new Set(
    toCheckIn.length === 0
      ? []
      : (
          await ctx.db
            .update(eventBookings)
            .set({ attendedAt: new Date(), checkedInBy: userId, updatedAt: new Date() })
            .where(
              and(
                inArray(eventBookings.bookingNo, toCheckIn),
                isNull(eventBookings.attendedAt),
                inArray(eventBookings.status, ['open', 'closed']),
              ),
            )
            .returning({ bookingNo: eventBookings.bookingNo })
        ).map((r) => r.bookingNo),
  );

  const reported = new Set<string>();
  const results = parsed.map(({ value, ref }) => {
    const row = 'ticketNo' in ref ? byTicket.get(ref.ticketNo) : byBooking.get(ref.bookingNo);
    if (!row) return { value, outcome: 'unknown' as AttendanceOutcome, bookingNo: null, name: null };
    const { booking } = row;
    let outcome: AttendanceOutcome;
    if (booking.status === 'cancelled') outcome = 'cancelled';
    else if (booking.status === 'billed') outcome = 'unpaid';
    else if (checkedIn.has(booking.bookingNo) && !reported.has(booking.bookingNo)) outcome = 'checked_in';
    else outcome = 'already';
    reported.add(booking.bookingNo);
    return { value, outcome, bookingNo: booking.bookingNo, name: fullName(row.profile) };
  });
  return { results, checkedIn: checkedIn.size };
}
