import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMember, createTestApp } from '../../../test/harness';
import { pdfText } from '../../../test/pdf-text';
import type { AppContext } from '../../shared/context';
import { cpdStatementSubject, issueDocument, renderDocument } from './index';
import { verifyDocument } from './verify';

const t = await createTestApp();
const ctx = { db: t.db, config: t.config, storage: { get: async () => null, put: async () => {}, remove: async () => {} } } as AppContext;

let counter = 0;
async function eventWithBooking(options: { amountCents?: number; receiptNo?: string | null; status?: string } = {}) {
  counter++;
  const { profile } = await createMember(t.db, { firstName: 'Wanjiru', lastName: 'Mwangi' });
  const no = `EVTDOC${counter}`;
  await t.db.insert(schema.events).values({
    no,
    description: `Bridge design masterclass ${counter}`,
    startDate: '2026-03-10',
    endDate: '2026-03-11',
    startTime: '09:00',
    endTime: '17:00',
    location: 'KICC, Nairobi',
    eventType: 'COURSES',
    cpdHours: '5',
    providers: ['Institution of Engineers of Kenya'],
    status: 'published',
  });
  const bookingNo = `BKGDOC${counter}`;
  await t.db.insert(schema.eventBookings).values({
    bookingNo,
    eventNo: no,
    profileId: profile.profileId,
    memberNo: profile.memberNo,
    status: options.status ?? (options.amountCents && !options.receiptNo ? 'billed' : 'open'),
    amountCents: options.amountCents ?? 0,
    invoiceNo: options.amountCents ? `INVDOC${counter}` : null,
    receiptNo: options.receiptNo ?? null,
  });
  return { profile, no, bookingNo };
}

describe('event ticket', () => {
  it('prints the booking with a large QR code and verifies while the booking stands and is paid', async () => {
    const { profile, bookingNo } = await eventWithBooking({ amountCents: 150_000 });
    const ticket = await issueDocument(ctx, {
      kind: 'event_ticket',
      profileId: profile.profileId,
      subjectKey: bookingNo,
      holderName: 'Wanjiru Mwangi',
      memberNo: profile.memberNo,
    });
    expect(ticket.documentNo).toMatch(/^TKT-/);
    const text = await pdfText(await renderDocument(ctx, ticket.documentNo));
    expect(text).toContain('EVENT TICKET');
    expect(text).toContain(bookingNo);
    expect(text).toContain('Wanjiru Mwangi');
    expect(text).toContain('KICC, Nairobi');
    expect(text).toContain('5 CPD points');
    expect(text).toContain('KES 1,500.00');
    expect(text).toContain('Awaiting payment');
    expect(text).toContain(`/search/verify/${ticket.documentNo}`);

    const unpaid = await verifyDocument(ctx, ticket.documentNo);
    expect(unpaid).toMatchObject({ valid: false, reason: 'The booking has not been paid yet.', title: 'Event Ticket' });

    await t.db
      .update(schema.eventBookings)
      .set({ receiptNo: 'RCT999', status: 'open' })
      .where(eq(schema.eventBookings.bookingNo, bookingNo));
    const paid = await verifyDocument(ctx, ticket.documentNo);
    expect(paid.valid).toBe(true);
    expect(paid.statement).toContain(bookingNo);

    await t.db.update(schema.eventBookings).set({ status: 'cancelled' }).where(eq(schema.eventBookings.bookingNo, bookingNo));
    expect(await verifyDocument(ctx, ticket.documentNo)).toMatchObject({ valid: false, reason: 'The booking has been cancelled.' });
  });
});

describe('CPD certificate and statement', () => {
  it('certifies an award, and a statement verifies only while the year’s requirement is met', async () => {
    const { profile, no, bookingNo } = await eventWithBooking();
    await t.db
      .insert(schema.cpdRequirements)
      .values({ categoryCode: 'PROFESSIONAL', annualPoints: '8', structuredPoints: '5' })
      .onConflictDoUpdate({ target: schema.cpdRequirements.categoryCode, set: { annualPoints: '8', structuredPoints: '5' } });
    const certificate = await issueDocument(ctx, {
      kind: 'cpd_certificate',
      profileId: profile.profileId,
      subjectKey: bookingNo,
      holderName: 'Wanjiru Mwangi',
      memberNo: profile.memberNo,
    });
    const [award] = await t.db
      .insert(schema.cpdAwards)
      .values({
        profileId: profile.profileId,
        memberNo: profile.memberNo,
        source: 'event',
        eventNo: no,
        bookingNo,
        description: 'Bridge design masterclass',
        provider: 'Institution of Engineers of Kenya',
        location: 'KICC, Nairobi',
        eventDate: '2026-03-10',
        endDate: '2026-03-11',
        points: '5',
        period: '2026',
        certificateNo: certificate.documentNo,
      })
      .returning();
    const certText = await pdfText(await renderDocument(ctx, certificate.documentNo));
    expect(certText).toContain('CPD CERTIFICATE');
    expect(certText).toContain('WANJIRU MWANGI');
    expect(certText).toContain('5 CPD points for 2026');
    const verified = await verifyDocument(ctx, certificate.documentNo);
    expect(verified).toMatchObject({ valid: true, title: 'CPD Certificate' });
    expect(verified.statement).toContain('awarded 5 CPD points for 2026');

    const statement = await issueDocument(ctx, {
      kind: 'cpd_statement',
      profileId: profile.profileId,
      subjectKey: cpdStatementSubject(profile.profileId, '2026'),
      holderName: 'Wanjiru Mwangi',
      memberNo: profile.memberNo,
      categoryCode: 'PROFESSIONAL',
    });
    // 5 of 8 points: not met, so the statement does not hold.
    expect((await verifyDocument(ctx, statement.documentNo)).valid).toBe(false);
    await t.db.insert(schema.cpdAwards).values({
      profileId: profile.profileId,
      memberNo: profile.memberNo,
      source: 'activity',
      activityId: award.id + 100_000,
      description: 'Paper on slope stability',
      eventDate: '2026-05-01',
      endDate: '2026-05-01',
      points: '3.5',
      structured: false,
      period: '2026',
    });
    const met = await verifyDocument(ctx, statement.documentNo);
    expect(met).toMatchObject({ valid: true, title: 'CPD Compliance Statement' });
    expect(met.statement).toContain('earned 8.5 CPD points in 2026');
    const text = await pdfText(await renderDocument(ctx, statement.documentNo));
    expect(text).toContain('CPD Compliance Statement 2026');
    expect(text).toContain('Professional Engineer');
    expect(text).toContain('met the CPD requirement');
    expect(text).toContain('Paper on slope stability');
    expect(text).toContain('8.5 CPD points, of which 5 structured');
  });
});
