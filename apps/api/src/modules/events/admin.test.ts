import { type AdminEvent, EVENT_LOGO_MAX_BYTES, eventMessages, formatDateTime } from '@portal/contract';
import { schema } from '@portal/db';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  bookEvent,
  bookingMember,
  bookingRow,
  checkIn,
  closeEvent,
  createEvent,
  createEventViaApi,
  dayFromNow,
  eventInputFor,
  eventRow,
  insertBooking,
  payByCard,
  startEvent,
} from '../../../test/events';
import { createTestApp, type TestApp } from '../../../test/harness';
import { postMultipart } from '../../../test/multipart';
import { expectSoundLedger } from '../../../test/payments';
import { claimedPng } from '../../../test/profile';
import { findInvoice } from '../billing/index';
import { parseAttendanceValue } from './attendance';

const t: TestApp = await createTestApp();
afterEach(() => expectSoundLedger(t));
let admin: string;
beforeAll(async () => {
  admin = await adminToken(t);
});

const auditOf = (action: string, target: string) =>
  t.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.action, action), eq(schema.auditLog.target, `event:${target}`)));

describe('POST /api/admin/events and edits', () => {
  it('creates a draft with the next number, fees per category in shillings, and records it', async () => {
    const response = await t.call('POST', '/api/admin/events', {
      token: admin,
      body: eventInputFor({ fees: { PROFESSIONAL: 1500, GRADUATE: 0 }, capacity: 50, cpdHours: 2.5, providers: ['IEK', 'EBK'] }),
    });
    expect(response.status).toBe(200);
    const event = response.body.data;
    expect(event.no).toMatch(/^EVT\d{6}$/);
    expect(event).toMatchObject({
      status: 'draft',
      fees: { PROFESSIONAL: 1500, GRADUATE: 0 },
      capacity: 50,
      seatsLeft: 50,
      cpdHours: 2.5,
      booked: 0,
      attended: 0,
      awarded: 0,
      publishedAt: null,
      eventProviders: [{ name: 'IEK' }, { name: 'EBK' }],
    });
    expect((await eventRow(t, event.no)).fees).toEqual({ PROFESSIONAL: 150_000, GRADUATE: 0 });
    expect(await auditOf('event.created', event.no)).toHaveLength(1);
    const read = await t.call('GET', `/api/admin/events/${event.no}`, { token: admin });
    expect(read.body.data).toMatchObject({ no: event.no, status: 'draft' });
  });

  it('refuses unknown fee categories and invalid forms with field errors', async () => {
    const unknown = await t.call('POST', '/api/admin/events', { token: admin, body: eventInputFor({ fees: { NOPE: 10 } }) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors['fees.NOPE']).toEqual([eventMessages.feeCategoryUnknown('NOPE')]);
    const backwards = await t.call('POST', '/api/admin/events', {
      token: admin,
      body: eventInputFor({ startDate: dayFromNow(5), endDate: dayFromNow(4) }),
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors.endDate).toContain(eventMessages.endBeforeStart);
    const blank = await t.call('POST', '/api/admin/events', {
      token: admin,
      body: { ...eventInputFor(), description: ' ', cpdHours: 500 },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.errors.description).toContain(eventMessages.descriptionRequired);
    expect(blank.body.errors.cpdHours).toContain(eventMessages.pointsInvalid);
  });

  it('edits an event; never below the seats booked, never once closed or cancelled', async () => {
    const event = await createEvent(t, { capacity: 10, seatsTaken: 4 });
    const edited = await t.call('POST', `/api/admin/events/${event.no}`, {
      token: admin,
      body: eventInputFor({ description: 'Renamed', capacity: 4, startDate: event.startDate }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ description: 'Renamed', capacity: 4, seatsLeft: 0, status: 'published' });
    expect(await auditOf('event.updated', event.no)).toHaveLength(1);
    const below = await t.call('POST', `/api/admin/events/${event.no}`, { token: admin, body: eventInputFor({ capacity: 3 }) });
    expect(below.status).toBe(400);
    expect(below.body.message).toBe(eventMessages.capacityBelowBooked(4));
    expect(below.body.errors.capacity).toEqual([eventMessages.capacityBelowBooked(4)]);
    for (const status of ['closed', 'cancelled'] as const) {
      const done = await createEvent(t, { status });
      const refused = await t.call('POST', `/api/admin/events/${done.no}`, { token: admin, body: eventInputFor() });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(eventMessages.notEditable);
    }
    expect((await t.call('POST', '/api/admin/events/EVT999999', { token: admin, body: eventInputFor() })).status).toBe(404);
  });

  it('publishes a draft once', async () => {
    const draft = await createEventViaApi(t, admin, {}, { publish: false });
    const published = await t.call('POST', `/api/admin/events/${draft.no}/publish`, { token: admin });
    expect(published.status).toBe(200);
    expect(published.body.data.status).toBe('published');
    expect(published.body.data.publishedAt).not.toBeNull();
    const again = await t.call('POST', `/api/admin/events/${draft.no}/publish`, { token: admin });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(eventMessages.cannotPublish);
  });

  it('refuses to publish a draft whose start has passed, and says when attendance opens', async () => {
    const late = await createEventViaApi(t, admin, {}, { publish: false });
    await startEvent(t, late.no, 1);
    const published = await t.call('POST', `/api/admin/events/${late.no}/publish`, { token: admin });
    expect(published.status).toBe(409);
    expect(published.body.message).toBe(eventMessages.startPassed);
    const upcoming = await createEventViaApi(t, admin);
    expect(upcoming).toMatchObject({ started: false, attendanceOpen: false });
    await startEvent(t, upcoming.no);
    const started = await t.call('GET', `/api/admin/events/${upcoming.no}`, { token: admin });
    expect(started.body.data).toMatchObject({ started: true, attendanceOpen: true });
  });
});

describe('check-in opens two hours before the start (CHECK_IN_OPENS_MINUTES)', () => {
  /** An event starting `minutes` from now (Nairobi wall clock), published. */
  async function startingIn(minutes: number) {
    const event = await createEventViaApi(t, admin);
    const at = new Date(Date.now() + minutes * 60_000 + 3 * 3600_000);
    const startDate = at.toISOString().slice(0, 10);
    const startTime = at.toISOString().slice(11, 16);
    await t.db
      .update(schema.events)
      .set({ startDate, startTime, endDate: startDate, endTime: '23:59' })
      .where(eq(schema.events.no, event.no));
    return (await t.call('GET', `/api/admin/events/${event.no}`, { token: admin })).body.data as AdminEvent;
  }

  it('lets the door check people in from two hours before the start, and not earlier', async () => {
    const soon = await startingIn(100);
    expect(soon).toMatchObject({ started: false, attendanceOpen: true });
    const member = await bookingMember(t);
    const booking = await bookEvent(t, member.token, soon.no);
    expect((await checkIn(t, admin, soon.no, [booking.bookingNo])).results[0].outcome).toBe('checked_in');

    const later = await startingIn(150);
    expect(later).toMatchObject({ started: false, attendanceOpen: false });
    expect(Date.parse(later.attendanceOpensAt) - Date.now()).toBeGreaterThan(25 * 60_000);
    const refused = await t.call('POST', `/api/admin/events/${later.no}/attendance`, { token: admin, body: { bookingNos: ['BK-1'] } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(eventMessages.attendanceNotYet(formatDateTime(later.attendanceOpensAt)));
  });
});

describe('logos', () => {
  const upload = (no: string, content: Buffer, token: string | undefined = admin) =>
    postMultipart(t, `/api/admin/events/${no}/logo`, { logo: { filename: 'logo.bin', contentType: 'image/png', content } }, token);

  it('stores a PNG, JPEG or WebP checked by content, serves it publicly with a day of caching, replaces the old one', async () => {
    const event = await createEvent(t);
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const stored = await upload(event.no, png);
    expect(stored.status).toBe(200);
    expect(stored.body.data.logoUrl).toMatch(new RegExp(`^/api/events/${event.no}/logo\\?v=`));
    const first = await eventRow(t, event.no);
    expect(first.logoType).toBe('image/png');
    expect(await auditOf('event.logo_saved', event.no)).toHaveLength(1);

    const served = await t.app.inject({ method: 'GET', url: stored.body.data.logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=86400');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(300);

    const webp = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#993366' } })
      .webp()
      .toBuffer();
    const replaced = await upload(event.no, webp);
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.logoUrl).not.toBe(stored.body.data.logoUrl);
    const second = await eventRow(t, event.no);
    expect(second.logoType).toBe('image/webp');
    expect(await t.app.inject({ method: 'GET', url: replaced.body.data.logoUrl }).then((r) => r.headers['content-type'])).toBe(
      'image/webp',
    );
    // Scaled down to fit 1600×1600.
    const servedWebp = await t.app.inject({ method: 'GET', url: `/api/events/${event.no}/logo` });
    expect((await sharp(servedWebp.rawPayload).metadata()).width).toBe(1600);

    const jpeg = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000000' } })
      .jpeg()
      .toBuffer();
    expect((await upload(event.no, jpeg)).status).toBe(200);
    expect((await eventRow(t, event.no)).logoType).toBe('image/jpeg');
  });

  it('refuses what is not an image, too large or claiming too many pixels', async () => {
    const event = await createEvent(t);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    for (const content of [
      html,
      claimedPng(50_000, 50_000),
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), html]),
    ]) {
      const refused = await upload(event.no, content);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(eventMessages.logoInvalid);
    }
    const huge = await upload(event.no, Buffer.alloc(EVENT_LOGO_MAX_BYTES + 10, 1));
    expect(huge.status).toBe(413);
    const missing = await postMultipart(t, `/api/admin/events/${event.no}/logo`, { note: 'no file' }, admin);
    expect(missing.status).toBe(400);
    expect((await eventRow(t, event.no)).logoKey).toBeNull();
    const none = await t.call('GET', `/api/events/${event.no}/logo`);
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(eventMessages.logoNotFound);
    expect((await t.call('GET', '/api/events/EVT999999/logo')).status).toBe(404);
  });
});

describe('POST /api/admin/events/:no/cancel', () => {
  it('cancels every live booking with its credit note and tells the bookers', async () => {
    const event = await createEvent(t, { fees: { PROFESSIONAL: 1000 }, capacity: 10 });
    const unpaid = await bookingMember(t);
    const paid = await bookingMember(t);
    const free = await bookingMember(t, { category: 'GRADUATE' });
    const unpaidBooking = await bookEvent(t, unpaid.token, event.no);
    const paidBooking = await bookEvent(t, paid.token, event.no);
    await payByCard(t, paid.token, paidBooking.proformaInvoiceNo as string);
    const freeBooking = await bookEvent(t, free.token, event.no);
    await t.call('POST', `/api/events/bookings/${freeBooking.bookingNo}/cancel`, { token: free.token });
    const freeAgain = await bookEvent(t, free.token, event.no);

    const response = await t.call('POST', `/api/admin/events/${event.no}/cancel`, { token: admin });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ status: 'cancelled', booked: 0 });
    expect((await eventRow(t, event.no)).seatsTaken).toBe(0);
    for (const booking of [unpaidBooking, paidBooking, freeAgain])
      expect((await bookingRow(t, booking.bookingNo)).status).toBe('cancelled');
    expect((await findInvoice(t.db, unpaidBooking.proformaInvoiceNo as string))?.remainingCents).toBe(0);
    const paidRow = await bookingRow(t, paidBooking.bookingNo);
    const [credit] = await t.db
      .select()
      .from(schema.ledgerEntries)
      .where(eq(schema.ledgerEntries.documentNo, paidRow.creditNoteNo as string));
    expect(credit).toMatchObject({ amountCents: -100_000, remainingCents: -100_000 });
    expect((await bookingRow(t, freeAgain.bookingNo)).creditNoteNo).toBeNull();
    const told = (await t.outboxFor(paid.user.email)).find((m) => m.subject?.startsWith('Event cancelled'));
    expect(told?.body).toContain('KES 1,000.00');
    expect((await t.outboxFor(free.user.email)).filter((m) => m.subject?.startsWith('Event cancelled'))).toHaveLength(1);
    expect(await auditOf('event.cancelled', event.no)).toHaveLength(1);

    const again = await t.call('POST', `/api/admin/events/${event.no}/cancel`, { token: admin });
    expect(again.status).toBe(409);
    const closed = await createEvent(t, { status: 'closed' });
    const refused = await t.call('POST', `/api/admin/events/${closed.no}/cancel`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(eventMessages.cannotCancelEvent);
  });
});

describe('attendance', () => {
  it('reads booking numbers, ticket numbers and the ticket QR address', () => {
    expect(parseAttendanceValue(' bkg000012 ')).toEqual({ bookingNo: 'BKG000012' });
    expect(parseAttendanceValue('TKT-ABCD-EFGH-JKMN-PQRS')).toEqual({ ticketNo: 'TKT-ABCD-EFGH-JKMN-PQRS' });
    expect(parseAttendanceValue('https://portal.example/search/verify/TKT-ABCD-EFGH-JKMN-PQRS')).toEqual({
      ticketNo: 'TKT-ABCD-EFGH-JKMN-PQRS',
    });
    expect(parseAttendanceValue('https://portal.example/search/verify/tkt-abcd-efgh-jkmn-pqrs?x=1')).toEqual({
      ticketNo: 'TKT-ABCD-EFGH-JKMN-PQRS',
    });
    expect(parseAttendanceValue('%E0%A4%A')).toEqual({ bookingNo: '%E0%A4%A' });
  });

  it('checks in by any of them, once, and says why others are not', async () => {
    const event = await createEvent(t, { fees: { GRADUATE: 500 } });
    const other = await createEvent(t);
    const [a, b, c, d, e] = await Promise.all([1, 2, 3, 4, 5].map(() => bookingMember(t)));
    const byNumber = await bookEvent(t, a.token, event.no);
    const byTicket = await bookEvent(t, b.token, event.no);
    const byQr = await bookEvent(t, c.token, event.no);
    const cancelled = await bookEvent(t, d.token, event.no);
    await t.call('POST', `/api/events/bookings/${cancelled.bookingNo}/cancel`, { token: d.token });
    const graduate = await bookingMember(t, { category: 'GRADUATE' });
    const unpaid = await bookEvent(t, graduate.token, event.no);
    const elsewhere = await bookEvent(t, e.token, other.no);

    // Not weeks before: a check-in that early would earn CPD without attending.
    const early = await t.call('POST', `/api/admin/events/${event.no}/attendance`, {
      token: admin,
      body: { bookingNos: [byNumber.bookingNo] },
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/^Check-in opens at \d+ \w+ \d{4}, \d\d:\d\d, before the event starts$/);
    await startEvent(t, event.no);

    const result = await checkIn(t, admin, event.no, [
      byNumber.bookingNo.toLowerCase(),
      byTicket.ticketNo as string,
      `http://portal.test/search/verify/${byQr.ticketNo}`,
      cancelled.bookingNo,
      unpaid.bookingNo,
      elsewhere.bookingNo,
      'BKG999999',
      byNumber.bookingNo,
    ]);
    expect(result.checkedIn).toBe(3);
    expect(result.results.map((r) => r.outcome)).toEqual([
      'checked_in',
      'checked_in',
      'checked_in',
      'cancelled',
      'unpaid',
      'unknown',
      'unknown',
      'already',
    ]);
    expect(result.results[0]).toMatchObject({ bookingNo: byNumber.bookingNo, name: 'Amina Achieng Odhiambo' });
    expect(result.results[6]).toMatchObject({ bookingNo: null, name: null });
    const row = await bookingRow(t, byQr.bookingNo);
    expect(row.attendedAt).not.toBeNull();
    expect(row.checkedInBy).not.toBeNull();
    expect((await bookingRow(t, unpaid.bookingNo)).attendedAt).toBeNull();

    const again = await checkIn(t, admin, event.no, [byTicket.bookingNo]);
    expect(again).toMatchObject({ checkedIn: 0, results: [{ outcome: 'already' }] });

    const list = await t.call('GET', `/api/admin/events/${event.no}/bookings`, { token: admin });
    expect(list.status).toBe(200);
    const mine = list.body.data.bookings.find((x: { bookingNo: string }) => x.bookingNo === byNumber.bookingNo);
    expect(mine).toMatchObject({ memberNo: a.memberNo, email: a.user.email, attended: true, cpdCertificateNo: null });
    expect(mine.attendedAt).not.toBeNull();
    expect(list.body.data).toMatchObject({ total: 5, page: 1, pageSize: 50 });
    expect(list.body.data.bookings).toHaveLength(5);

    // Paged by booking number, searched and filtered, with the number that match.
    const page = async (query: string) => (await t.call('GET', `/api/admin/events/${event.no}/bookings?${query}`, { token: admin })).body;
    const second = await page('pageSize=2&page=2');
    expect(second.data).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    const all = list.body.data.bookings.map((x: { bookingNo: string }) => x.bookingNo);
    expect(all).toEqual([...all].sort());
    expect(second.data.bookings.map((x: { bookingNo: string }) => x.bookingNo)).toEqual(all.slice(2, 4));
    const attendedOnes = list.body.data.bookings.filter((x: { attended: boolean }) => x.attended).length;
    expect((await page('attended=yes')).data.total).toBe(attendedOnes);
    expect((await page('attended=no')).data.total).toBe(5 - attendedOnes);
    expect((await page(`search=${byNumber.bookingNo.toLowerCase()}`)).data.bookings.map((x: { bookingNo: string }) => x.bookingNo)).toEqual(
      [byNumber.bookingNo],
    );
    expect((await page(`search=${encodeURIComponent(a.memberNo ?? '')}`)).data.bookings[0].bookingNo).toBe(byNumber.bookingNo);
    expect((await page('search=odhiambo amina')).data.bookings.map((x: { name: string }) => x.name)).toContain('Amina Achieng Odhiambo');
    expect((await page('search=nobody-at-all')).data).toMatchObject({ total: 0, bookings: [] });
    const cancelledOnes = list.body.data.bookings.filter((x: { status: string }) => x.status === 'cancelled').length;
    expect((await page('status=cancelled')).data.total).toBe(cancelledOnes);
    for (const bad of ['status=lost', 'attended=maybe', 'page=0', 'pageSize=500', `search=${'x'.repeat(101)}`]) {
      expect((await t.call('GET', `/api/admin/events/${event.no}/bookings?${bad}`, { token: admin })).status, bad).toBe(400);
    }
  });

  it('takes attendance only for published and closed events', async () => {
    const draft = await createEvent(t, { status: 'draft' });
    const refused = await t.call('POST', `/api/admin/events/${draft.no}/attendance`, { token: admin, body: { bookingNos: ['BKG000001'] } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(eventMessages.notPublished);
    const empty = await t.call('POST', `/api/admin/events/${draft.no}/attendance`, { token: admin, body: { bookingNos: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(eventMessages.bookingNosRequired);
  });
});

describe('POST /api/admin/events/:no/close', () => {
  it('awards CPD points with a certificate to each attendee once the event has started, and e-mails them', async () => {
    const event = await createEvent(t, { cpdHours: 5, providers: ['IEK', 'EBK'], structured: false });
    const attendee = await bookingMember(t);
    const absent = await bookingMember(t);
    const booking = await bookEvent(t, attendee.token, event.no);
    const absentBooking = await bookEvent(t, absent.token, event.no);

    const early = await t.call('POST', `/api/admin/events/${event.no}/close`, { token: admin });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(eventMessages.cannotCloseBeforeStart);

    await startEvent(t, event.no);
    await checkIn(t, admin, event.no, [booking.bookingNo]);
    const closed = await closeEvent(t, admin, event.no);
    expect(closed).toMatchObject({ awarded: 1, attendees: 1, event: { status: 'closed', booked: 2, attended: 1, awarded: 1 } });
    expect(closed.event.closedAt).not.toBeNull();

    const [award] = await t.db.select().from(schema.cpdAwards).where(eq(schema.cpdAwards.bookingNo, booking.bookingNo));
    const started = await eventRow(t, event.no);
    expect(award).toMatchObject({
      profileId: attendee.profileId,
      memberNo: attendee.memberNo,
      source: 'event',
      eventNo: event.no,
      description: event.description,
      provider: 'IEK, EBK',
      location: event.location,
      eventDate: started.startDate,
      endDate: started.endDate,
      points: '5.0',
      structured: false,
      period: started.startDate.slice(0, 4),
    });
    expect(award.certificateNo).toMatch(/^CPD-/);
    const [certificate] = await t.db
      .select()
      .from(schema.documents)
      .where(eq(schema.documents.documentNo, award.certificateNo as string));
    expect(certificate).toMatchObject({
      kind: 'cpd_certificate',
      subjectKey: booking.bookingNo,
      details: { eventNo: event.no, awardId: award.id },
    });
    const mail = (await t.outboxFor(attendee.user.email)).find((m) => m.subject?.startsWith('CPD points awarded'));
    expect(mail?.body).toContain(award.certificateNo);
    expect(mail?.body).toContain('5 CPD points');
    expect((await t.outboxFor(absent.user.email)).filter((m) => m.subject?.startsWith('CPD points awarded'))).toHaveLength(0);
    expect((await bookingRow(t, booking.bookingNo)).status).toBe('closed');
    expect((await bookingRow(t, absentBooking.bookingNo)).status).toBe('closed');
    expect(await auditOf('event.closed', event.no)).toHaveLength(1);

    // The members' views follow: closed, not cancellable, the certificate in the administrators' list.
    const mine = await t.call('GET', `/api/events/bookings/${booking.bookingNo}`, { token: attendee.token });
    expect(mine.body.data).toMatchObject({ status: 'closed', attended: true, cancellable: false });
    const list = await t.call('GET', `/api/admin/events/${event.no}/bookings`, { token: admin });
    expect(list.body.data.bookings.find((x: { bookingNo: string }) => x.bookingNo === booking.bookingNo).cpdCertificateNo).toBe(
      award.certificateNo,
    );

    // Closing again awards nobody twice; a late check-in on the closed event is awarded by the next close.
    const again = await closeEvent(t, admin, event.no);
    expect(again).toMatchObject({ awarded: 0, attendees: 1 });
    await checkIn(t, admin, event.no, [absentBooking.bookingNo]);
    const late = await closeEvent(t, admin, event.no);
    expect(late).toMatchObject({ awarded: 1, attendees: 2 });
    expect(await t.db.select().from(schema.cpdAwards).where(eq(schema.cpdAwards.eventNo, event.no))).toHaveLength(2);
    expect((await t.outboxFor(attendee.user.email)).filter((m) => m.subject?.startsWith('CPD points awarded'))).toHaveLength(1);
  });

  it('awards once when two administrators close at once', async () => {
    const event = await createEvent(t, { cpdHours: 2 });
    const members = await Promise.all([1, 2, 3].map(() => bookingMember(t)));
    const bookings = [];
    for (const m of members) bookings.push(await bookEvent(t, m.token, event.no));
    await startEvent(t, event.no);
    await checkIn(
      t,
      admin,
      event.no,
      bookings.map((b) => b.bookingNo),
    );
    const second = await adminToken(t);
    const answers = await Promise.all([
      t.call('POST', `/api/admin/events/${event.no}/close`, { token: admin }),
      t.call('POST', `/api/admin/events/${event.no}/close`, { token: second }),
      t.call('POST', `/api/admin/events/${event.no}/close`, { token: admin }),
    ]);
    for (const a of answers) expect(a.status).toBe(200);
    expect(answers.reduce((sum, a) => sum + a.body.data.awarded, 0)).toBe(3);
    const awards = await t.db.select().from(schema.cpdAwards).where(eq(schema.cpdAwards.eventNo, event.no));
    expect(awards).toHaveLength(3);
    expect(new Set(awards.map((a) => a.certificateNo)).size).toBe(3);
    for (const m of members) {
      expect((await t.outboxFor(m.user.email)).filter((x) => x.subject?.startsWith('CPD points awarded'))).toHaveLength(1);
    }
  });

  it('awards the event start year, skips unpaid and cancelled bookings, and refuses drafts and cancelled events', async () => {
    const event = await createEvent(t, { startDate: '2025-06-10', endDate: '2025-06-11', cpdHours: 1.5 });
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => bookingMember(t)));
    const attended = await insertBooking(t, event.no, { profileId: a.profileId, memberNo: a.memberNo }, { attended: true });
    await insertBooking(t, event.no, { profileId: b.profileId, memberNo: b.memberNo }, { status: 'billed', attended: true });
    await insertBooking(t, event.no, { profileId: c.profileId, memberNo: c.memberNo }, { status: 'cancelled', attended: true });
    const closed = await closeEvent(t, admin, event.no);
    expect(closed).toMatchObject({ awarded: 1, attendees: 1 });
    const [award] = await t.db.select().from(schema.cpdAwards).where(eq(schema.cpdAwards.eventNo, event.no));
    expect(award).toMatchObject({ bookingNo: attended.bookingNo, period: '2025', points: '1.5' });

    for (const status of ['draft', 'cancelled'] as const) {
      const other = await createEvent(t, { status, startDate: '2025-06-10' });
      const refused = await t.call('POST', `/api/admin/events/${other.no}/close`, { token: admin });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(eventMessages.cannotClose);
    }
  });
});
