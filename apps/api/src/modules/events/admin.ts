import { type AdminEvent, type EventInput, eventInput, eventMessages, toCents } from '@portal/contract';
import { type Db, nextNumber, queryRows, schema } from '@portal/db';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../shared/context';
import { badRequest, conflict } from '../../shared/errors';
import { cancelLiveBooking } from './booking';
import { adminEventDto, type EventCounts, type EventRow, eventOr404, hasStarted } from './model';
import { queueEventCancelled } from './notices';

const { events, eventBookings, membershipCategories, cpdAwards } = schema;

type ParsedInput = z.output<typeof eventInput>;

/** Booked (live), attended and awarded counts per event, in one query. */
export async function countsFor(db: Db, eventNos: string[]): Promise<Map<string, EventCounts>> {
  const counts = new Map<string, EventCounts>(eventNos.map((no) => [no, { booked: 0, attended: 0, awarded: 0 }]));
  if (eventNos.length === 0) return counts;
  const rows = await db
    .select({
      no: eventBookings.eventNo,
      booked: sql<number>`count(*)::int`,
      attended: sql<number>`(count(*) filter (where ${eventBookings.attendedAt} is not null))::int`,
    })
    .from(eventBookings)
    .where(and(inArray(eventBookings.eventNo, eventNos), ne(eventBookings.status, 'cancelled')))
    .groupBy(eventBookings.eventNo);
  for (const row of rows) Object.assign(counts.get(row.no) ?? {}, { booked: Number(row.booked), attended: Number(row.attended) });
  const awards = await db
    .select({ no: cpdAwards.eventNo, awarded: sql<number>`count(*)::int` })
    .from(cpdAwards)
    .where(and(eq(cpdAwards.source, 'event'), inArray(cpdAwards.eventNo, eventNos)))
    .groupBy(cpdAwards.eventNo);
  for (const row of awards) {
    const entry = row.no ? counts.get(row.no) : undefined;
    if (entry) entry.awarded = Number(row.awarded);
  }
  return counts;
}

export async function adminEvent(ctx: AppContext, event: EventRow): Promise<AdminEvent> {
  const counts = await countsFor(ctx.db, [event.no]);
  return adminEventDto(event, counts.get(event.no) ?? { booked: 0, attended: 0, awarded: 0 }, ctx.config.checkInLeadMinutes);
}

/** The fees' category codes must exist: 400 naming each unknown one. Fees become cents. */
async function feesInCents(db: Db, fees: Record<string, number>): Promise<Record<string, number>> {
  const codes = Object.keys(fees);
  if (codes.length === 0) return {};
  const known = await db
    .select({ code: membershipCategories.code })
    .from(membershipCategories)
    .where(inArray(membershipCategories.code, codes));
  const knownCodes = new Set(known.map((k) => k.code));
  const errors: Record<string, string[]> = {};
  for (const code of codes) if (!knownCodes.has(code)) errors[`fees.${code}`] = [eventMessages.feeCategoryUnknown(code)];
  const first = Object.values(errors)[0]?.[0];
  if (first) throw badRequest(first, errors);
  return Object.fromEntries(codes.map((code) => [code, toCents(fees[code])]));
}

function columns(input: ParsedInput, fees: Record<string, number>) {
  return {
    description: input.description,
    details: input.details,
    startDate: input.startDate,
    endDate: input.endDate,
    startTime: input.startTime,
    endTime: input.endTime,
    location: input.location,
    eventType: input.eventType,
    isWebinar: input.isWebinar,
    cpdHours: (Math.round(input.cpdHours * 10) / 10).toFixed(1),
    structured: input.structured,
    providers: input.providers,
    capacity: input.capacity,
    bookingDeadline: input.bookingDeadline ? new Date(input.bookingDeadline) : null,
    fees,
  };
}

/** `POST admin/events`: a draft with the next EVT number. */
export async function createEvent(ctx: AppContext, input: EventInput | ParsedInput, userId: number): Promise<AdminEvent> {
  const parsed = eventInput.parse(input);
  const fees = await feesInCents(ctx.db, parsed.fees);
  const row = await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const no = await nextNumber(tx, 'event', 'EVT');
    const [created] = await tx
      .insert(events)
      .values({ no, ...columns(parsed, fees), status: 'draft', createdBy: userId })
      .returning();
    return created;
  });
  return adminEvent(ctx, row);
}

/** `POST admin/events/{no}`: not once closed or cancelled; the capacity never below the seats already taken. */
export async function updateEvent(ctx: AppContext, no: string, input: EventInput | ParsedInput): Promise<AdminEvent> {
  const parsed = eventInput.parse(input);
  const existing = await eventOr404(ctx.db, no);
  const fees = await feesInCents(ctx.db, parsed.fees);
  const row = await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [locked] = await tx.select().from(events).where(eq(events.no, existing.no)).for('update');
    if (locked.status === 'closed' || locked.status === 'cancelled') throw conflict(eventMessages.notEditable);
    if (parsed.capacity !== null && parsed.capacity < locked.seatsTaken) {
      const message = eventMessages.capacityBelowBooked(locked.seatsTaken);
      throw badRequest(message, { capacity: [message] });
    }
    const [updated] = await tx
      .update(events)
      .set({ ...columns(parsed, fees), updatedAt: new Date() })
      .where(eq(events.no, locked.no))
      .returning();
    return updated;
  });
  return adminEvent(ctx, row);
}

/** `POST admin/events/{no}/publish`: draft → published. */
export async function publishEvent(ctx: AppContext, no: string): Promise<AdminEvent> {
  const event = await eventOr404(ctx.db, no);
  // Members could see it but never book it: the dates need moving first.
  if (event.status === 'draft' && hasStarted(event)) throw conflict(eventMessages.startPassed);
  const [published] = await ctx.db
    .update(events)
    .set({ status: 'published', publishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(events.no, event.no), eq(events.status, 'draft')))
    .returning();
  if (!published) throw conflict(eventMessages.cannotPublish);
  return adminEvent(ctx, published);
}

/**
 * `POST admin/events/{no}/cancel`: not once closed. Every live booking is cancelled with its seat, each invoice
 * cleared by a credit note (what was paid becomes credit), and each booker told by e-mail; one transaction.
 */
export async function cancelEvent(ctx: AppContext, no: string, userId: number): Promise<{ event: AdminEvent; cancelledBookings: number }> {
  const existing = await eventOr404(ctx.db, no);
  const result = await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [event] = await tx.select().from(events).where(eq(events.no, existing.no)).for('update');
    if (event.status === 'closed') throw conflict(eventMessages.cannotCancelEvent);
    if (event.status === 'cancelled') throw conflict(eventMessages.notEditable);
    const live = await tx
      .select()
      .from(eventBookings)
      .where(and(eq(eventBookings.eventNo, event.no), inArray(eventBookings.status, ['open', 'billed'])))
      .orderBy(asc(eventBookings.bookingNo));
    let cancelledBookings = 0;
    for (const booking of live) {
      const done = await cancelLiveBooking(tx, booking, `Event ${event.no} cancelled: booking ${booking.bookingNo}`, userId);
      if (!done) continue;
      cancelledBookings++;
      await queueEventCancelled(tx, ctx.config, done.booking, event, done.creditedCents);
    }
    const [cancelled] = await tx
      .update(events)
      .set({ status: 'cancelled', cancelledAt: new Date(), updatedAt: new Date() })
      .where(eq(events.no, event.no))
      .returning();
    return { row: cancelled, cancelledBookings };
  });
  return { event: await adminEvent(ctx, result.row), cancelledBookings: result.cancelledBookings };
}

/** Attendees who earn the points: checked in, on an open (paid or free) or closed booking. */
export async function attendedLiveCount(db: Db, eventNo: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from event_bookings
        where event_no = ${eventNo} and attended_at is not null and status in ('open', 'closed')`,
  );
  return Number(row?.n ?? 0);
}
