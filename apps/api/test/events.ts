import { type AdminEvent, type AttendanceResult, type Booking, type EventInput, encodePaymentRequest } from '@portal/contract';
import { type Db, nextNumber, schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { DAY_MS, nairobiDate } from '../src/shared/dates';
import { createSession } from '../src/shared/session';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createMember, type MemberOptions, signIn, type TestApp } from './harness';

/**
 * Events factories (issue 12). Two levels:
 * - database level: `createEvent(t, overrides)` inserts an event row directly (published, starting in a week, free,
 *   no capacity limit unless told otherwise), `startEvent(t, no)` moves its start into the past so it can be closed;
 * - API level: `createEventViaApi`, `bookEvent`, `checkIn`, `closeEvent`, `cancelBooking`, with `eventInputFor` giving a
 *   valid `POST /api/admin/events` body and `bookingMember` a signed-in member who may book.
 */

export type EventRow = typeof schema.events.$inferSelect;
export type BookingRow = typeof schema.eventBookings.$inferSelect;

/** The Nairobi calendar date `days` from now (negative: in the past). */
export function dayFromNow(days: number): string {
  return nairobiDate(new Date(Date.now() + days * DAY_MS));
}

/** A valid `POST /api/admin/events` body: a free seminar a week from now, 09:00-17:00, 3 CPD points. */
export function eventInputFor(overrides: Partial<EventInput> = {}): EventInput {
  const startDate = overrides.startDate ?? dayFromNow(7);
  return {
    description: 'Bridge design seminar',
    details: 'Design codes and practice.',
    startDate,
    endDate: overrides.endDate ?? startDate,
    startTime: '09:00',
    endTime: '17:00',
    location: 'Nairobi, KICC',
    eventType: 'SEMINARS',
    isWebinar: false,
    cpdHours: 3,
    structured: true,
    providers: ['Institution of Engineers'],
    capacity: null,
    bookingDeadline: null,
    fees: {},
    ...overrides,
  };
}

export interface EventOverrides extends Partial<Omit<EventInput, 'fees'>> {
  no?: string;
  /** Category code → fee in KES (as the API takes them); stored in cents. */
  fees?: Record<string, number>;
  status?: 'draft' | 'published' | 'closed' | 'cancelled';
  seatsTaken?: number;
}

/** An event row written directly (published by default): for tests that need an event without the admin API. */
export async function createEvent(t: Pick<TestApp, 'db'>, overrides: EventOverrides = {}): Promise<EventRow> {
  const input = eventInputFor(overrides);
  const status = overrides.status ?? 'published';
  const no = overrides.no ?? (await nextNumber(t.db, 'event', 'EVT'));
  const fees = Object.fromEntries(Object.entries(input.fees ?? {}).map(([code, kes]) => [code, Math.round(kes * 100)]));
  const [row] = await t.db
    .insert(schema.events)
    .values({
      no,
      description: input.description,
      details: input.details ?? '',
      startDate: input.startDate,
      endDate: input.endDate,
      startTime: input.startTime,
      endTime: input.endTime,
      location: input.location,
      eventType: input.eventType,
      isWebinar: input.isWebinar ?? false,
      cpdHours: String(input.cpdHours),
      structured: input.structured ?? true,
      providers: input.providers ?? [],
      capacity: input.capacity ?? null,
      seatsTaken: overrides.seatsTaken ?? 0,
      bookingDeadline: input.bookingDeadline ? new Date(input.bookingDeadline) : null,
      fees,
      status,
      publishedAt: status === 'draft' ? null : new Date(),
      closedAt: status === 'closed' ? new Date() : null,
      cancelledAt: status === 'cancelled' ? new Date() : null,
    })
    .returning();
  return row;
}

/**
 * Moves the event's start to 00:00 `daysAgo` days ago (today by default), so it has started and can be closed; it
 * ends today at 23:59, so it is still listed. The booking deadline is cleared.
 */
export async function startEvent(t: Pick<TestApp, 'db'>, no: string, daysAgo = 0): Promise<void> {
  await t.db
    .update(schema.events)
    .set({ startDate: dayFromNow(-daysAgo), startTime: '00:00', endDate: dayFromNow(0), endTime: '23:59', bookingDeadline: null })
    .where(eq(schema.events.no, no));
}

/**
 * A booking row written directly (no seat counted, no invoice, no ticket): for CPD tests that need attendees of
 * events in any year. Status 'open' and not attended unless told.
 */
export async function insertBooking(
  t: Pick<TestApp, 'db'>,
  eventNo: string,
  member: { profileId: string; memberNo?: string | null; userId?: number | null },
  options: { status?: 'open' | 'billed' | 'closed' | 'cancelled'; attended?: boolean } = {},
): Promise<BookingRow> {
  const bookingNo = await nextNumber(t.db, 'event-booking', 'BKG');
  const [row] = await t.db
    .insert(schema.eventBookings)
    .values({
      bookingNo,
      eventNo,
      profileId: member.profileId,
      memberNo: member.memberNo ?? null,
      userId: member.userId ?? null,
      status: options.status ?? 'open',
      attendedAt: options.attended ? new Date() : null,
    })
    .returning();
  return row;
}

export async function eventRow(t: Pick<TestApp, 'db'>, no: string): Promise<EventRow> {
  const [row] = await t.db.select().from(schema.events).where(eq(schema.events.no, no));
  return row;
}

export async function bookingRow(t: Pick<TestApp, 'db'>, bookingNo: string): Promise<BookingRow> {
  const [row] = await t.db.select().from(schema.eventBookings).where(eq(schema.eventBookings.bookingNo, bookingNo));
  return row;
}

/** The administrator's token (the seeded main admin). */
export async function adminToken(t: TestApp): Promise<string> {
  return signIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
}

/** A signed-in member with an Active membership (PROFESSIONAL unless told), who may book events. */
export async function bookingMember(t: TestApp, options: MemberOptions = {}) {
  const member = await createMember(t.db as Db, { ...options, withUser: true });
  if (!member.user) throw new Error('member without user');
  const token = await signIn(t, member.user.email);
  return { ...member, user: member.user, token, profileId: member.profile.profileId, memberNo: member.profile.memberNo as string };
}

function ok<T>(response: { status: number; body: { data?: T; message?: string } }, what: string): T {
  if (response.status !== 200 || response.body?.data === undefined) {
    throw new Error(`${what} failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response.body.data;
}

/** Creates an event through the admin API and (unless `publish: false`) publishes it. */
export async function createEventViaApi(
  t: TestApp,
  token: string,
  overrides: Partial<EventInput> = {},
  options: { publish?: boolean } = {},
): Promise<AdminEvent> {
  const created = ok<AdminEvent>(await t.call('POST', '/api/admin/events', { token, body: eventInputFor(overrides) }), 'create event');
  if (options.publish === false) return created;
  return ok<AdminEvent>(await t.call('POST', `/api/admin/events/${created.no}/publish`, { token }), 'publish event');
}

/** Books the event for the signed-in member; throws unless it succeeds. */
export async function bookEvent(t: TestApp, token: string, eventNo: string): Promise<Booking> {
  return ok<{ booking: Booking; message: string }>(await t.call('POST', `/api/events/${eventNo}/book`, { token }), 'book event').booking;
}

export async function cancelBooking(t: TestApp, token: string, bookingNo: string): Promise<{ booking: Booking; message: string }> {
  return ok(await t.call('POST', `/api/events/bookings/${bookingNo}/cancel`, { token }), 'cancel booking');
}

/** Checks bookings in (booking numbers, ticket numbers or ticket QR addresses). */
export async function checkIn(t: TestApp, token: string, eventNo: string, bookingNos: string[]): Promise<AttendanceResult> {
  return ok<AttendanceResult>(
    await t.call('POST', `/api/admin/events/${eventNo}/attendance`, { token, body: { bookingNos } }),
    'attendance',
  );
}

/** Closes the event (it must have started: see `startEvent`). */
export async function closeEvent(
  t: TestApp,
  token: string,
  eventNo: string,
): Promise<{ event: AdminEvent; awarded: number; attendees: number }> {
  return ok(await t.call('POST', `/api/admin/events/${eventNo}/close`, { token }), 'close event');
}

/**
 * The whole path for CPD tests: a published event with `cpdHours` points, booked by the member, started, the member
 * checked in, and closed. Answers the event number, the booking and the award's certificate number.
 */
export async function attendedEvent(
  t: TestApp,
  member: { token: string },
  overrides: Partial<EventInput> = {},
): Promise<{ eventNo: string; booking: Booking; certificateNo: string | null }> {
  const admin = await adminToken(t);
  const event = await createEvent(t, overrides);
  const booking = await bookEvent(t, member.token, event.no);
  await startEvent(t, event.no);
  await checkIn(t, admin, event.no, [booking.bookingNo]);
  await closeEvent(t, admin, event.no);
  const [award] = await t.db.select().from(schema.cpdAwards).where(eq(schema.cpdAwards.bookingNo, booking.bookingNo));
  return { eventNo: event.no, booking, certificateNo: award?.certificateNo ?? null };
}

/**
 * `count` members who may book, each with a session, made without password hashing (for the concurrency tests:
 * argon2 for fifty members would take most of a minute on a small machine). They cannot sign in with a password.
 */
export async function quickMembers(t: TestApp, count: number, options: MemberOptions = {}) {
  const made: { token: string; profileId: string; memberNo: string; userId: number; email: string }[] = [];
  for (let i = 0; i < count; i++) {
    const member = await createMember(t.db as Db, { ...options, withUser: false });
    const email = member.profile.email ?? `quick-${member.profile.profileId.toLowerCase()}@example.com`;
    const [user] = await t.db
      .insert(schema.users)
      .values({ email, passwordHash: 'not-a-hash', profileId: member.profile.profileId, emailVerifiedAt: new Date() })
      .returning();
    const { token } = await createSession(t.db as Db, t.config, user.id);
    made.push({ token, profileId: member.profile.profileId, memberNo: member.profile.memberNo as string, userId: user.id, email });
  }
  return made;
}

/** Pays an invoice in full through `POST /api/payments` with the card sandbox (approve); answers the receipt number. */
export async function payByCard(t: TestApp, token: string, invoiceNo: string): Promise<string> {
  const request = encodePaymentRequest({
    payerID: 'PR0001',
    sourceDocumentNo: invoiceNo,
    description: 'Event Payment',
    amount: 1,
    accountNo: '0712345678',
    email: 'member@example.com',
    idNumber: '12345678',
    name: 'Amina Odhiambo',
    success_url: '/events',
    fail_url: '/events',
  });
  const created = await t.call('POST', '/api/payments', { token, body: { request, provider: 'CARD' } });
  if (created.status !== 200) throw new Error(`payment failed: ${created.status} ${JSON.stringify(created.body)}`);
  const { id, checkoutUrl } = created.body.data as { id: string; checkoutUrl: string };
  const page = await t.app.inject({ method: 'GET', url: checkoutUrl });
  const form = page.body.split('<form').find((part) => part.includes('value="approved"')) ?? '';
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(form)?.[1] ?? '';
  const action = /action="([^"]+)"/.exec(form)?.[1] ?? '';
  const body = new URLSearchParams({ outcome: field('outcome'), reference: field('reference'), signature: field('signature') });
  const done = await t.app.inject({
    method: 'POST',
    url: action,
    payload: body.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (done.statusCode !== 303) throw new Error(`card sandbox answered ${done.statusCode}`);
  const [row] = await t.db.select().from(schema.payments).where(eq(schema.payments.id, id));
  if (!row?.receiptNo) throw new Error('card payment not posted');
  return row.receiptNo;
}
