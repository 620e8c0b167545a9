import { type Booking, type EventDto, eventMessages } from '@portal/contract';
import { type Db, nextNumber, schema, sqlState } from '@portal/db';
import { and, asc, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { nairobiDate } from '../../shared/dates';
import { conflict, forbidden, HttpError, notFound } from '../../shared/errors';
import type { UserRow } from '../../shared/session';
import { findInvoice, lockOpenInvoices, postCreditNote, raiseInvoice } from '../billing/index';
import { fullName, issueDocument, renderDocument } from '../documents/index';
import {
  activeMembership,
  type BookingRow,
  bookingDto,
  deadlinePassed,
  type EventRow,
  eventOr404,
  feeCentsFor,
  findBooking,
  hasStarted,
  isCancellable,
  kes,
  memberEventDto,
} from './model';
import { queueBookingConfirmation } from './notices';

const { events, eventBookings, profiles } = schema;

/** Whether the caller may read any booking (the back office). */
const isStaff = (user: UserRow) => user.isAdmin || user.isApprover;

/** The caller's live bookings by event number. */
async function liveBookingsOf(db: Db, profileId: string | null, eventNos?: string[]): Promise<Map<string, string>> {
  if (!profileId) return new Map();
  const rows = await db
    .select({ eventNo: eventBookings.eventNo, bookingNo: eventBookings.bookingNo })
    .from(eventBookings)
    .where(
      and(
        eq(eventBookings.profileId, profileId),
        ne(eventBookings.status, 'cancelled'),
        eventNos ? inArray(eventBookings.eventNo, eventNos) : undefined,
      ),
    );
  return new Map(rows.map((r) => [r.eventNo, r.bookingNo]));
}

/** Upcoming events (`GET events/all_events`): published, ending today or later in Nairobi, soonest first. */
export async function upcomingEvents(ctx: AppContext, user: UserRow): Promise<EventDto[]> {
  const rows = await ctx.db
    .select()
    .from(events)
    .where(and(eq(events.status, 'published'), gte(events.endDate, nairobiDate(new Date()))))
    .orderBy(asc(events.startDate), asc(events.startTime), asc(events.no));
  const membership = await activeMembership(ctx.db, user.profileId);
  const booked = await liveBookingsOf(ctx.db, user.profileId);
  const now = Date.now();
  return rows.map((event) => memberEventDto(event, membership, booked.get(event.no) ?? null, now));
}

/** One event as the member sees it; drafts do not exist for members. */
export async function memberEvent(ctx: AppContext, user: UserRow, no: string): Promise<EventDto> {
  const event = await eventOr404(ctx.db, no);
  if (event.status === 'draft') throw notFound(eventMessages.notFound);
  const membership = await activeMembership(ctx.db, user.profileId);
  const booked = await liveBookingsOf(ctx.db, user.profileId, [event.no]);
  return memberEventDto(event, membership, booked.get(event.no) ?? null);
}

/** The caller's bookings (`GET events`), newest first. */
export async function myBookings(ctx: AppContext, user: UserRow): Promise<Booking[]> {
  if (!user.profileId) return [];
  const rows = await ctx.db
    .select({ booking: eventBookings, event: events })
    .from(eventBookings)
    .innerJoin(events, eq(events.no, eventBookings.eventNo))
    .where(eq(eventBookings.profileId, user.profileId))
    .orderBy(desc(eventBookings.createdAt), desc(eventBookings.bookingNo));
  const now = Date.now();
  return rows.map((r) => bookingDto(r.booking, r.event, now));
}

/** A booking the caller may see: their own, or any for the back office; 404 otherwise (no hint it exists). */
export async function visibleBooking(ctx: AppContext, user: UserRow, bookingNo: string) {
  const found = await findBooking(ctx.db, bookingNo);
  if (!found || (found.booking.profileId !== user.profileId && !isStaff(user))) throw notFound(eventMessages.bookingNotFound);
  return found;
}

export async function readBooking(ctx: AppContext, user: UserRow, bookingNo: string): Promise<Booking> {
  const { booking, event } = await visibleBooking(ctx, user, bookingNo);
  return bookingDto(booking, event);
}

/** Issues (or finds) the booking's ticket document and keeps its number on the booking. */
export async function issueTicket(ctx: AppContext, db: Db, booking: BookingRow, event: EventRow): Promise<string> {
  const [profile] = await db.select().from(profiles).where(eq(profiles.profileId, booking.profileId));
  const document = await issueDocument(
    { ...ctx, db },
    {
      kind: 'event_ticket',
      profileId: booking.profileId,
      subjectKey: booking.bookingNo,
      holderName: fullName(profile),
      memberNo: booking.memberNo,
      details: { eventNo: event.no },
    },
  );
  if (booking.ticketNo !== document.documentNo) {
    await db.update(eventBookings).set({ ticketNo: document.documentNo }).where(eq(eventBookings.bookingNo, booking.bookingNo));
  }
  return document.documentNo;
}

/** The ticket PDF (base64): own booking, or any for the back office; none for a cancelled booking. */
export async function ticketPdf(ctx: AppContext, user: UserRow, bookingNo: string): Promise<string> {
  const { booking, event } = await visibleBooking(ctx, user, bookingNo);
  if (booking.status === 'cancelled') throw conflict(eventMessages.ticketCancelled);
  const ticketNo = booking.ticketNo ?? (await issueTicket(ctx, ctx.db, booking, event));
  const pdf = await renderDocument(ctx, ticketNo);
  return pdf.toString('base64');
}

/**
 * Books a seat (`POST events/{no}/book`). The seat is taken by one conditional update in the booking's
 * transaction (never past the capacity, whatever arrives at once); one live booking per member and event by the
 * partial unique index; a fee (the server's table, by the member's category) raises an invoice in the ledger.
 */
export async function bookEvent(ctx: AppContext, user: UserRow, no: string): Promise<{ booking: Booking; message: string }> {
  const event = await eventOr404(ctx.db, no);
  if (event.status === 'draft') throw notFound(eventMessages.notFound);
  const membership = await activeMembership(ctx.db, user.profileId);
  if (!user.profileId || !membership) throw forbidden(eventMessages.membershipRequired);
  const profileId = user.profileId;
  if (event.status !== 'published') throw conflict(eventMessages.notOpenForBooking);
  if (hasStarted(event)) throw conflict(eventMessages.alreadyStarted);
  if (deadlinePassed(event)) throw conflict(eventMessages.bookingClosed);
  if ((await liveBookingsOf(ctx.db, profileId, [event.no])).size > 0) throw conflict(eventMessages.alreadyBooked);

  const feeCents = feeCentsFor(event, membership.categoryCode);
  try {
    return await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      // The seat: a row lock and a re-checked condition, so concurrent bookings queue here and the last seat goes once.
      const [seated] = await tx
        .update(events)
        .set({ seatsTaken: sql`${events.seatsTaken} + 1` })
        .where(
          and(
            eq(events.no, event.no),
            eq(events.status, 'published'),
            sql`(${events.capacity} is null or ${events.seatsTaken} < ${events.capacity})`,
          ),
        )
        .returning();
      if (!seated) {
        const [now] = await tx.select({ status: events.status }).from(events).where(eq(events.no, event.no));
        throw conflict(now?.status === 'published' ? eventMessages.full : eventMessages.notOpenForBooking);
      }
      const bookingNo = await nextNumber(tx, 'event-booking', 'BKG');
      const [inserted] = await tx
        .insert(eventBookings)
        .values({
          bookingNo,
          eventNo: event.no,
          profileId,
          memberNo: membership.memberNo,
          userId: user.id,
          status: feeCents > 0 ? 'billed' : 'open',
          amountCents: feeCents,
        })
        .returning();
      let booking = inserted;
      if (feeCents > 0) {
        const invoice = await raiseInvoice(tx, {
          profileId,
          purpose: 'event',
          description: `Event fee ${event.no} ${event.description}`.slice(0, 200),
          amountCents: feeCents,
          externalDocumentNo: bookingNo,
          // Due by the day of the event: an unpaid booking is not arrears before it.
          dueDate: seated.startDate,
          createdBy: user.id,
        });
        [booking] = await tx
          .update(eventBookings)
          .set({ invoiceNo: invoice.documentNo })
          .where(eq(eventBookings.bookingNo, bookingNo))
          .returning();
      }
      const ticketNo = await issueTicket(ctx, tx, booking, seated);
      booking = { ...booking, ticketNo };
      await queueBookingConfirmation(tx, ctx.config, booking, seated);
      return {
        booking: bookingDto(booking, seated),
        message: feeCents > 0 ? eventMessages.billed : eventMessages.booked,
      };
    });
  } catch (error) {
    // The same member's second booking arriving at once: the partial unique index (event, profile) refused it.
    if (!(error instanceof HttpError) && sqlState(error) === '23505') throw conflict(eventMessages.alreadyBooked);
    throw error;
  }
}

/**
 * Cancels one live booking inside the caller's transaction: status cancelled, the seat given back, and a booking
 * with an invoice gets a credit note for the invoice's full amount against it (an unpaid invoice is cleared; what
 * was paid becomes credit). Answers the cancelled row and what was credited (paid) in cents; null when the booking
 * was no longer live (a concurrent cancel).
 */
export async function cancelLiveBooking(
  tx: Db,
  booking: BookingRow,
  reason: string,
  createdBy: number | null,
): Promise<{ booking: BookingRow; creditedCents: number } | null> {
  // The member's open invoices before the booking row, in the order payments take them (ledger, then booking).
  if (booking.invoiceNo) await lockOpenInvoices(tx, booking.profileId);
  // Cancelled before the credit note, so the note settling the invoice does not mark this booking paid.
  const [cancelled] = await tx
    .update(eventBookings)
    .set({ status: 'cancelled', cancelledAt: new Date(), updatedAt: new Date() })
    .where(and(eq(eventBookings.bookingNo, booking.bookingNo), inArray(eventBookings.status, ['open', 'billed'])))
    .returning();
  if (!cancelled) return null;
  await tx
    .update(events)
    .set({ seatsTaken: sql`greatest(${events.seatsTaken} - 1, 0)`, updatedAt: new Date() })
    .where(eq(events.no, booking.eventNo));
  if (!cancelled.invoiceNo) return { booking: cancelled, creditedCents: 0 };
  const invoice = await findInvoice(tx, cancelled.invoiceNo);
  if (!invoice) return { booking: cancelled, creditedCents: 0 };
  const paidCents = invoice.amountCents - invoice.remainingCents;
  const note = await postCreditNote(tx, {
    profileId: invoice.profileId,
    amountCents: invoice.amountCents,
    reason: reason.slice(0, 200),
    invoiceNo: invoice.documentNo,
    createdBy,
  });
  const [withNote] = await tx
    .update(eventBookings)
    .set({ creditNoteNo: note.documentNo })
    .where(eq(eventBookings.bookingNo, booking.bookingNo))
    .returning();
  return { booking: withNote, creditedCents: paidCents };
}

/** The member cancels (`POST events/bookings/{bookingNo}/cancel`): before the start, not closed or cancelled. */
export async function cancelBooking(ctx: AppContext, user: UserRow, bookingNo: string): Promise<{ booking: Booking; message: string }> {
  const { booking, event } = await visibleBooking(ctx, user, bookingNo);
  if (!isCancellable(booking, event)) throw conflict(eventMessages.cannotCancel);
  const result = await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // The event's row first (as booking and closing take it), so a close or an event cancel cannot interleave.
    const [locked] = await tx.select().from(events).where(eq(events.no, event.no)).for('update');
    if (!locked || !isCancellable(booking, locked)) throw conflict(eventMessages.cannotCancel);
    const done = await cancelLiveBooking(tx, booking, `Cancelled booking ${booking.bookingNo} (${event.no} ${event.description})`, user.id);
    if (!done) throw conflict(eventMessages.cannotCancel);
    return done;
  });
  return {
    booking: bookingDto(result.booking, event),
    message:
      result.creditedCents > 0 && result.booking.creditNoteNo
        ? eventMessages.cancelledWithCredit(kes(result.creditedCents), result.booking.creditNoteNo)
        : eventMessages.cancelled,
  };
}
