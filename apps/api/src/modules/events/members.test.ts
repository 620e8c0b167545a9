import { eventMessages, messages } from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bookEvent,
  bookingMember,
  bookingRow,
  createEvent,
  dayFromNow,
  eventRow,
  payByCard,
  quickMembers,
  startEvent,
} from '../../../test/events';
import { createMember, createTestApp, createUser, signIn, type TestApp } from '../../../test/harness';
import { expectSoundLedger } from '../../../test/payments';
import { findInvoice } from '../billing/index';

const t: TestApp = await createTestApp();
afterEach(() => expectSoundLedger(t));

const book = (token: string | undefined, no: string) => t.call('POST', `/api/events/${no}/book`, { token });

describe('GET /api/events/all_events', () => {
  it("lists published events ending today or later, soonest first, with the fee of the caller's category", async () => {
    const member = await bookingMember(t, { category: 'PROFESSIONAL' });
    const later = await createEvent(t, { startDate: dayFromNow(30), fees: { PROFESSIONAL: 1500, GRADUATE: 500 }, capacity: 40 });
    const sooner = await createEvent(t, { startDate: dayFromNow(3) });
    const draft = await createEvent(t, { status: 'draft', startDate: dayFromNow(2) });
    const past = await createEvent(t, { startDate: dayFromNow(-5), endDate: dayFromNow(-4) });
    // Started yesterday, ends tomorrow: still listed, not bookable.
    const running = await createEvent(t, { startDate: dayFromNow(-1), endDate: dayFromNow(1) });
    const cancelled = await createEvent(t, { status: 'cancelled', startDate: dayFromNow(4) });

    const response = await t.call('GET', '/api/events/all_events', { token: member.token });
    expect(response.status).toBe(200);
    const list = response.body.data as { no: string }[];
    const nos = list.map((e) => e.no);
    expect(nos).toEqual(expect.arrayContaining([later.no, sooner.no, running.no]));
    for (const hidden of [draft.no, past.no, cancelled.no]) expect(nos).not.toContain(hidden);
    expect(nos.indexOf(running.no)).toBeLessThan(nos.indexOf(sooner.no));
    expect(nos.indexOf(sooner.no)).toBeLessThan(nos.indexOf(later.no));

    const paid = list.find((e) => e.no === later.no);
    expect(paid).toMatchObject({ fee: 1500, capacity: 40, seatsLeft: 40, bookable: true, notBookableReason: null, bookingNo: null });
    expect(list.find((e) => e.no === sooner.no)).toMatchObject({ fee: 0, seatsLeft: null, bookable: true });
    expect(list.find((e) => e.no === running.no)).toMatchObject({ bookable: false, notBookableReason: eventMessages.alreadyStarted });

    const graduate = await bookingMember(t, { category: 'GRADUATE' });
    const theirs = (await t.call('GET', '/api/events/all_events', { token: graduate.token })).body.data as { no: string; fee: number }[];
    expect(theirs.find((e) => e.no === later.no)?.fee).toBe(500);
  });

  it('says why an event cannot be booked', async () => {
    const member = await bookingMember(t);
    const deadline = await createEvent(t, { bookingDeadline: new Date(Date.now() - 60_000).toISOString() });
    const full = await createEvent(t, { capacity: 2, seatsTaken: 2 });
    const booked = await createEvent(t);
    const booking = await bookEvent(t, member.token, booked.no);
    const list = (await t.call('GET', '/api/events/all_events', { token: member.token })).body.data as Record<string, unknown>[];
    const of = (no: string) => list.find((e) => e.no === no);
    expect(of(deadline.no)).toMatchObject({ bookable: false, notBookableReason: eventMessages.bookingClosed });
    expect(of(full.no)).toMatchObject({ bookable: false, notBookableReason: eventMessages.full, seatsLeft: 0 });
    expect(of(booked.no)).toMatchObject({ bookable: false, notBookableReason: eventMessages.alreadyBooked, bookingNo: booking.bookingNo });

    // A signed-in user without a membership sees the events but cannot book.
    const applicant = await createUser(t.db);
    const token = await signIn(t, applicant.email);
    const theirs = (await t.call('GET', '/api/events/all_events', { token })).body.data as Record<string, unknown>[];
    expect(theirs.find((e) => e.no === booked.no)).toMatchObject({ bookable: false, notBookableReason: eventMessages.membershipRequired });
  });

  it('needs a session', async () => {
    expect((await t.call('GET', '/api/events/all_events')).status).toBe(401);
    expect((await t.call('GET', '/api/events')).status).toBe(401);
  });
});

describe('GET /api/events/:no', () => {
  it('shows a published event, never a draft', async () => {
    const member = await bookingMember(t);
    const event = await createEvent(t, { providers: ['IEK', 'EBK'], cpdHours: 4.5 });
    const response = await t.call('GET', `/api/events/${event.no}`, { token: member.token });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      no: event.no,
      cpdHours: 4.5,
      eventProviders: [{ name: 'IEK' }, { name: 'EBK' }],
      logoUrl: null,
      status: 'published',
    });
    const draft = await createEvent(t, { status: 'draft' });
    const hidden = await t.call('GET', `/api/events/${draft.no}`, { token: member.token });
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe(eventMessages.notFound);
    expect((await t.call('GET', '/api/events/EVT999999', { token: member.token })).status).toBe(404);
  });
});

describe('POST /api/events/:no/book', () => {
  it('books a free event at once: open, a ticket, a confirmation e-mail, a seat taken', async () => {
    const member = await bookingMember(t);
    const event = await createEvent(t, { capacity: 5 });
    const response = await book(member.token, event.no);
    expect(response.status).toBe(200);
    const { booking, message } = response.body.data;
    expect(message).toBe(eventMessages.booked);
    expect(booking).toMatchObject({
      eventNo: event.no,
      status: 'open',
      isActive: true,
      amount: 0,
      billed: false,
      paid: false,
      proformaInvoiceNo: null,
      attended: false,
      cancellable: true,
    });
    expect(booking.bookingNo).toMatch(/^BKG\d{6}$/);
    expect(booking.ticketNo).toMatch(/^TKT-/);
    const [ticket] = await t.db.select().from(schema.documents).where(eq(schema.documents.documentNo, booking.ticketNo));
    expect(ticket).toMatchObject({
      kind: 'event_ticket',
      subjectKey: booking.bookingNo,
      profileId: member.profileId,
      memberNo: member.memberNo,
    });
    expect((await eventRow(t, event.no)).seatsTaken).toBe(1);
    const row = await bookingRow(t, booking.bookingNo);
    expect(row).toMatchObject({ memberNo: member.memberNo, userId: member.user.id, invoiceNo: null });
    const mails = (await t.outboxFor(member.user.email)).filter((m) => m.subject?.includes(booking.bookingNo));
    expect(mails).toHaveLength(1);
    expect(mails[0].body).toContain(event.description);

    const mine = await t.call('GET', '/api/events', { token: member.token });
    expect(mine.body.data.map((b: { bookingNo: string }) => b.bookingNo)).toContain(booking.bookingNo);
    const one = await t.call('GET', `/api/events/bookings/${booking.bookingNo}`, { token: member.token });
    expect(one.body.data).toMatchObject({ bookingNo: booking.bookingNo, status: 'open' });
  });

  it('books a member once: a second booking answers 409, also when both arrive at once', async () => {
    const member = await bookingMember(t);
    const event = await createEvent(t);
    await bookEvent(t, member.token, event.no);
    const again = await book(member.token, event.no);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(eventMessages.alreadyBooked);

    const other = await bookingMember(t);
    const second = await createEvent(t, { capacity: 10 });
    const answers = await Promise.all([book(other.token, second.no), book(other.token, second.no), book(other.token, second.no)]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(409);
      expect(a.body.message).toBe(eventMessages.alreadyBooked);
    }
    expect((await eventRow(t, second.no)).seatsTaken).toBe(1);
  });

  it('gives 50 members racing for the last 10 seats exactly 10 bookings', async () => {
    const event = await createEvent(t, { capacity: 30, seatsTaken: 20 });
    const members = await quickMembers(t, 50);
    const answers = await Promise.all(members.map((m) => book(m.token, event.no)));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(10);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(409);
      expect(a.body.message).toBe(eventMessages.full);
    }
    expect((await eventRow(t, event.no)).seatsTaken).toBe(30);
    const rows = await t.db.select().from(schema.eventBookings).where(eq(schema.eventBookings.eventNo, event.no));
    expect(rows).toHaveLength(10);
  });

  it('refuses what cannot be booked', async () => {
    const member = await bookingMember(t);
    const draft = await createEvent(t, { status: 'draft' });
    expect((await book(member.token, draft.no)).status).toBe(404);
    const closed = await createEvent(t, { status: 'closed' });
    const notOpen = await book(member.token, closed.no);
    expect(notOpen.status).toBe(409);
    expect(notOpen.body.message).toBe(eventMessages.notOpenForBooking);
    const started = await createEvent(t);
    await startEvent(t, started.no);
    const late = await book(member.token, started.no);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(eventMessages.alreadyStarted);
    const deadline = await createEvent(t, { bookingDeadline: new Date(Date.now() - 1000).toISOString() });
    expect((await book(member.token, deadline.no)).body.message).toBe(eventMessages.bookingClosed);
    const full = await createEvent(t, { capacity: 1, seatsTaken: 1 });
    const noSeat = await book(member.token, full.no);
    expect(noSeat.status).toBe(409);
    expect(noSeat.body.message).toBe(eventMessages.full);
    expect(await t.db.select().from(schema.eventBookings).where(eq(schema.eventBookings.profileId, member.profileId))).toHaveLength(0);
  });

  it('books only Active members with a member number (403 otherwise)', async () => {
    const event = await createEvent(t);
    const applicant = await createUser(t.db);
    const noProfile = await book(await signIn(t, applicant.email), event.no);
    expect(noProfile.status).toBe(403);
    expect(noProfile.body.message).toBe(eventMessages.membershipRequired);

    const lapsed = await createMember(t.db, { withUser: true });
    await t.db.update(schema.memberships).set({ status: 'Suspended' }).where(eq(schema.memberships.profileId, lapsed.profile.profileId));
    const refused = await book(await signIn(t, lapsed.user?.email as string), event.no);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(eventMessages.membershipRequired);
    expect((await book(undefined, event.no)).status).toBe(401);
  });

  it("bills a paid event from the server's fee table; paying through POST /api/payments turns it open with its receipt", async () => {
    const member = await bookingMember(t, { category: 'PROFESSIONAL' });
    const event = await createEvent(t, { fees: { PROFESSIONAL: 2500.5, GRADUATE: 100 } });
    const response = await book(member.token, event.no);
    expect(response.status).toBe(200);
    const { booking, message } = response.body.data;
    expect(message).toBe(eventMessages.billed);
    expect(booking).toMatchObject({ status: 'billed', amount: 2500.5, billed: true, paid: false, receiptNo: null });
    const invoice = await findInvoice(t.db, booking.proformaInvoiceNo);
    expect(invoice).toMatchObject({
      profileId: member.profileId,
      purpose: 'event',
      amountCents: 250_050,
      remainingCents: 250_050,
      externalDocumentNo: booking.bookingNo,
      dueDate: event.startDate,
    });
    expect(invoice?.description).toBe(`Event fee ${event.no} ${event.description}`);
    const mail = (await t.outboxFor(member.user.email)).find((m) => m.subject?.includes(booking.bookingNo));
    expect(mail?.body).toContain(booking.proformaInvoiceNo);

    // The checkout finds the invoice by the booking number too (its external document number).
    const receiptNo = await payByCard(t, member.token, booking.proformaInvoiceNo);
    const paid = await t.call('GET', `/api/events/bookings/${booking.bookingNo}`, { token: member.token });
    expect(paid.body.data).toMatchObject({
      status: 'open',
      paid: true,
      billed: true,
      receiptNo,
      proformaInvoiceNo: booking.proformaInvoiceNo,
    });
  });

  it('pays a booking named by its booking number at the checkout', async () => {
    const member = await bookingMember(t);
    const event = await createEvent(t, { fees: { PROFESSIONAL: 100 } });
    const booking = await bookEvent(t, member.token, event.no);
    const receiptNo = await payByCard(t, member.token, booking.bookingNo);
    expect(await bookingRow(t, booking.bookingNo)).toMatchObject({ status: 'open', receiptNo });
  });
});

describe('POST /api/events/bookings/:bookingNo/cancel', () => {
  it('cancels a free booking and frees its seat', async () => {
    const member = await bookingMember(t);
    const event = await createEvent(t, { capacity: 1 });
    const booking = await bookEvent(t, member.token, event.no);
    expect((await eventRow(t, event.no)).seatsTaken).toBe(1);
    const response = await t.call('POST', `/api/events/bookings/${booking.bookingNo}/cancel`, { token: member.token });
    expect(response.status).toBe(200);
    expect(response.body.data.message).toBe(eventMessages.cancelled);
    expect(response.body.data.booking).toMatchObject({ status: 'cancelled', isActive: false, cancellable: false });
    expect((await eventRow(t, event.no)).seatsTaken).toBe(0);
    // Cancelled twice: 409. The freed seat can be booked again, by the same member too.
    const twice = await t.call('POST', `/api/events/bookings/${booking.bookingNo}/cancel`, { token: member.token });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(eventMessages.cannotCancel);
    const rebooked = await bookEvent(t, member.token, event.no);
    expect(rebooked.bookingNo).not.toBe(booking.bookingNo);
    // No ticket for the cancelled booking.
    const ticket = await t.call('GET', `/api/events/bookings/${booking.bookingNo}/ticket`, { token: member.token });
    expect(ticket.status).toBe(409);
    expect(ticket.body.message).toBe(eventMessages.ticketCancelled);
  });

  it('clears an unpaid invoice with a credit note', async () => {
    const member = await bookingMember(t);
    const event = await createEvent(t, { fees: { PROFESSIONAL: 1500 } });
    const booking = await bookEvent(t, member.token, event.no);
    const response = await t.call('POST', `/api/events/bookings/${booking.bookingNo}/cancel`, { token: member.token });
    expect(response.status).toBe(200);
    expect(response.body.data.message).toBe(eventMessages.cancelled);
    const row = await bookingRow(t, booking.bookingNo);
    expect(row.status).toBe('cancelled');
    expect(row.creditNoteNo).toMatch(/^CRN/);
    expect(row.receiptNo).toBeNull();
    expect((await findInvoice(t.db, booking.proformaInvoiceNo as string))?.remainingCents).toBe(0);
    const [note] = await t.db
      .select()
      .from(schema.ledgerEntries)
      .where(eq(schema.ledgerEntries.documentNo, row.creditNoteNo as string));
    expect(note).toMatchObject({ documentType: 'Credit Memo', amountCents: -150_000, remainingCents: 0 });
  });

  it('credits a paid booking in full', async () => {
    const member = await bookingMember(t);
    const event = await createEvent(t, { fees: { PROFESSIONAL: 1500 } });
    const booking = await bookEvent(t, member.token, event.no);
    await payByCard(t, member.token, booking.proformaInvoiceNo as string);
    const response = await t.call('POST', `/api/events/bookings/${booking.bookingNo}/cancel`, { token: member.token });
    expect(response.status).toBe(200);
    const row = await bookingRow(t, booking.bookingNo);
    expect(response.body.data.message).toBe(eventMessages.cancelledWithCredit('KES 1,500.00', row.creditNoteNo as string));
    const [note] = await t.db
      .select()
      .from(schema.ledgerEntries)
      .where(eq(schema.ledgerEntries.documentNo, row.creditNoteNo as string));
    // The whole amount stays as the member's credit (no other invoice to settle).
    expect(note).toMatchObject({ amountCents: -150_000, remainingCents: -150_000 });
  });

  it("is refused once the event has started, and for someone else's booking (404)", async () => {
    const member = await bookingMember(t);
    const other = await bookingMember(t);
    const event = await createEvent(t);
    const booking = await bookEvent(t, member.token, event.no);
    const foreign = await t.call('POST', `/api/events/bookings/${booking.bookingNo}/cancel`, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(eventMessages.bookingNotFound);
    await startEvent(t, event.no);
    const late = await t.call('POST', `/api/events/bookings/${booking.bookingNo}/cancel`, { token: member.token });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(eventMessages.cannotCancel);
    expect((await bookingRow(t, booking.bookingNo)).status).toBe('open');
  });
});

describe('bookings and tickets: who may read them', () => {
  it("answers 404 for another member's booking or ticket; administrators read any", async () => {
    const member = await bookingMember(t);
    const other = await bookingMember(t);
    const event = await createEvent(t);
    const booking = await bookEvent(t, member.token, event.no);
    for (const url of [`/api/events/bookings/${booking.bookingNo}`, `/api/events/bookings/${booking.bookingNo}/ticket`]) {
      const response = await t.call('GET', url, { token: other.token });
      expect(response.status).toBe(404);
      expect(response.body.message).toBe(eventMessages.bookingNotFound);
      expect((await t.call('GET', url)).status).toBe(401);
    }
    expect((await t.call('GET', '/api/events', { token: other.token })).body.data).toEqual([]);
    const admin = await createUser(t.db, { isAdmin: true });
    const adminToken = await signIn(t, admin.email);
    const seen = await t.call('GET', `/api/events/bookings/${booking.bookingNo}`, { token: adminToken });
    expect(seen.status).toBe(200);
    expect(seen.body.data.bookingNo).toBe(booking.bookingNo);
  });

  it('serves the ticket PDF to its owner', async () => {
    const member = await bookingMember(t);
    const event = await createEvent(t);
    const booking = await bookEvent(t, member.token, event.no);
    const response = await t.call('GET', `/api/events/bookings/${booking.bookingNo}/ticket`, { token: member.token });
    expect(response.status).toBe(200);
    expect(Buffer.from(response.body.data, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('members get 403 on every administrator route', async () => {
    const member = await bookingMember(t);
    const event = await createEvent(t);
    const calls: ['GET' | 'POST', string][] = [
      ['GET', '/api/admin/events'],
      ['POST', '/api/admin/events'],
      ['GET', `/api/admin/events/${event.no}`],
      ['POST', `/api/admin/events/${event.no}`],
      ['POST', `/api/admin/events/${event.no}/publish`],
      ['POST', `/api/admin/events/${event.no}/cancel`],
      ['POST', `/api/admin/events/${event.no}/close`],
      ['GET', `/api/admin/events/${event.no}/bookings`],
      ['POST', `/api/admin/events/${event.no}/attendance`],
      ['POST', `/api/admin/events/${event.no}/logo`],
    ];
    for (const [method, url] of calls) {
      const response = await t.call(method, url, { token: member.token, body: method === 'POST' ? {} : undefined });
      expect(response.status, url).toBe(403);
      expect(response.body.message).toBe(messages.notAllowed);
      expect((await t.call(method, url)).status, url).toBe(401);
    }
    expect((await eventRow(t, event.no)).status).toBe('published');
  });
});
