import { type DocumentKind, documentMessages, EVENT_TYPE_LABELS, type EventType } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { notFound } from '../../shared/errors';
import { cpdStanding } from '../cpd';
import type { Branding } from './branding';
import type { DocumentRow } from './issue';
import { kes } from './money-pdfs';
import {
  certificateFrame,
  drawQr,
  field,
  heading,
  letterhead,
  longDate,
  MARGIN,
  type Pdf,
  registrarSignature,
  shortDate,
  table,
} from './pdf';

const { cpdAwards, eventBookings, events, membershipCategories } = schema;

/** The documents of events and CPD (issue 12): the booking's ticket, the CPD certificate, the yearly statement. */
export const CPD_DOCUMENT_KINDS = ['event_ticket', 'cpd_certificate', 'cpd_statement'] as const;
export type CpdDocumentKind = (typeof CPD_DOCUMENT_KINDS)[number];

export function isCpdDocument(kind: DocumentKind): kind is CpdDocumentKind {
  return (CPD_DOCUMENT_KINDS as readonly string[]).includes(kind);
}

/** A statement's subject: the profile and the year (`P0001:2026`). */
export function cpdStatementSubject(profileId: string, year: string): string {
  return `${profileId}:${year}`;
}

const yearOf = (subjectKey: string | null) => /:(\d{4})$/.exec(subjectKey ?? '')?.[1] ?? null;
const points = (value: string | number) => {
  const n = Math.round(Number(value) * 10) / 10;
  return `${n} CPD point${n === 1 ? '' : 's'}`;
};

function eventDates(event: { startDate: string; endDate: string; startTime: string; endTime: string }): string {
  if (event.startDate === event.endDate) return `${longDate(event.startDate)}, ${event.startTime} to ${event.endTime}`;
  return `${longDate(event.startDate)} ${event.startTime} to ${longDate(event.endDate)} ${event.endTime}`;
}

async function loadBooking(db: Db, bookingNo: string) {
  const [row] = await db
    .select({ booking: eventBookings, event: events })
    .from(eventBookings)
    .innerJoin(events, eq(events.no, eventBookings.eventNo))
    .where(eq(eventBookings.bookingNo, bookingNo))
    .limit(1);
  return row ?? null;
}

async function loadAward(db: Db, certificateNo: string) {
  const [row] = await db.select().from(cpdAwards).where(eq(cpdAwards.certificateNo, certificateNo)).limit(1);
  return row ?? null;
}

async function categoryDescription(db: Db, code: string | null): Promise<string | null> {
  if (!code) return null;
  const [row] = await db
    .select({ description: membershipCategories.description })
    .from(membershipCategories)
    .where(eq(membershipCategories.code, code));
  return row?.description ?? code;
}

/** Reads what the document needs and returns its drawing step (the renderer adds the footer and its QR code). */
export async function prepareCpdDocument(
  ctx: AppContext,
  row: DocumentRow,
  branding: Branding,
  title: string,
  verifyUrl: string,
): Promise<(doc: Pdf) => void> {
  const kind = row.kind as CpdDocumentKind;
  switch (kind) {
    case 'event_ticket': {
      const found = row.subjectKey ? await loadBooking(ctx.db, row.subjectKey) : null;
      if (!found) break;
      return (doc) => drawTicket(doc, branding, title, row, found, verifyUrl);
    }
    case 'cpd_certificate': {
      const award = await loadAward(ctx.db, row.documentNo);
      if (!award) break;
      return (doc) => drawCpdCertificate(doc, branding, title, row, award);
    }
    case 'cpd_statement': {
      const year = yearOf(row.subjectKey);
      if (!year || !row.profileId) break;
      const [standing, awards, category] = await Promise.all([
        cpdStanding(ctx.db, row.profileId, year),
        ctx.db
          .select()
          .from(cpdAwards)
          .where(and(eq(cpdAwards.profileId, row.profileId), eq(cpdAwards.period, year)))
          .orderBy(asc(cpdAwards.eventDate), asc(cpdAwards.id)),
        categoryDescription(ctx.db, row.categoryCode),
      ]);
      return (doc) => drawStatement(doc, branding, title, row, { year, standing, awards, category });
    }
  }
  throw notFound(documentMessages.documentNotFound);
}

type BookingFacts = NonNullable<Awaited<ReturnType<typeof loadBooking>>>;
type AwardRow = typeof cpdAwards.$inferSelect;

function drawTicket(doc: Pdf, branding: Branding, title: string, row: DocumentRow, facts: BookingFacts, verifyUrl: string) {
  const { booking, event } = facts;
  let y = letterhead(doc, branding);
  const left = MARGIN;
  const width = doc.page.width - MARGIN * 2;
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#555555').text(title.toUpperCase(), left, y, { width, characterSpacing: 1 });
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor(branding.colors.primary)
    .text(event.description, left, doc.y + 4, { width });
  y = doc.y + 14;
  // The scan target at the door: the same address as the footer's QR code, large.
  const qrSize = 150;
  drawQr(doc, verifyUrl, left + width - qrSize, y, qrSize);
  doc.y = y;
  const fieldWidth = width - qrSize - 20;
  const line = (label: string, value: string | null) => field(doc, label, value, { x: left, width: fieldWidth });
  line('Booking No.', booking.bookingNo);
  line('Attendee', row.holderName);
  line('Member No.', booking.memberNo);
  line('When', eventDates(event));
  line(event.isWebinar ? 'Where (webinar)' : 'Where', event.location);
  line('Type', EVENT_TYPE_LABELS[event.eventType as EventType] ?? event.eventType);
  line('CPD', points(event.cpdHours));
  if (event.providers.length) line('Provider', event.providers.join(', '));
  line('Fee', booking.amountCents > 0 ? kes(booking.amountCents) : 'Free');
  const state =
    booking.status === 'cancelled'
      ? 'Cancelled'
      : booking.amountCents > 0 && !booking.receiptNo
        ? `Awaiting payment (invoice ${booking.invoiceNo ?? '-'})`
        : booking.receiptNo
          ? `Paid (receipt ${booking.receiptNo})`
          : 'Confirmed';
  line('Status', state);
  doc.y = Math.max(doc.y, y + qrSize) + 16;
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#444444')
    .text(
      event.isWebinar
        ? 'Join with the link the organisers send before the webinar; your attendance is taken from the webinar’s list and earns the CPD points above when the event closes.'
        : 'Show this ticket at the entrance: the QR code is scanned to check you in, and your attendance earns the CPD points above when the event closes.',
      left,
      doc.y,
      { width },
    );
}

function drawCpdCertificate(doc: Pdf, branding: Branding, title: string, row: DocumentRow, award: AwardRow) {
  const { line } = certificateFrame(doc, branding);
  line(title.toUpperCase(), 'Helvetica-Bold', 24, '#222222', 18);
  line('This is to certify that', 'Helvetica-Oblique', 12, '#444444', 10);
  line(row.holderName.toUpperCase() || '-', 'Helvetica-Bold', 26, branding.colors.primary, 10);
  if (award.memberNo) line(`Member No. ${award.memberNo}`, 'Helvetica', 12, '#444444', 8);
  line(`attended ${award.description}`, 'Helvetica', 14, '#222222', 6);
  const when = award.eventDate === award.endDate ? longDate(award.eventDate) : `${longDate(award.eventDate)} to ${longDate(award.endDate)}`;
  line([award.location, when].filter(Boolean).join(', '), 'Helvetica', 12, '#444444', 10);
  line(`and is awarded ${points(award.points)} for ${award.period}.`, 'Helvetica-Bold', 14, '#222222', 6);
  if (award.provider) line(`Provided by ${award.provider}.`, 'Helvetica', 10, '#444444', 4);
  registrarSignature(doc, branding);
}

interface StatementFacts {
  year: string;
  standing: Awaited<ReturnType<typeof cpdStanding>>;
  awards: AwardRow[];
  category: string | null;
}

function drawStatement(doc: Pdf, branding: Branding, title: string, row: DocumentRow, facts: StatementFacts) {
  const { year, standing, awards } = facts;
  letterhead(doc, branding);
  doc.font('Helvetica-Bold').fontSize(16).fillColor('#222222').text(`${title} ${year}`, MARGIN);
  doc.moveDown(0.6);
  field(doc, 'Member', row.holderName);
  field(doc, 'Member No.', row.memberNo);
  field(doc, 'Category', facts.category);
  field(doc, 'Year', `1 Jan to 31 Dec ${year}`);
  const required = standing.requirement;
  field(
    doc,
    'Annual requirement',
    required ? `${points(required.annualPoints)}, of which ${required.structuredPoints} structured` : 'None',
  );
  field(doc, 'Earned', `${points(standing.points)}, of which ${standing.structuredPoints} structured`);
  doc.moveDown(0.6);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(standing.met ? '#1B5E20' : branding.colors.error)
    .text(
      standing.met
        ? `${row.holderName} met the CPD requirement of ${branding.name} for ${year}.`
        : `${row.holderName} has not met the CPD requirement of ${branding.name} for ${year}.`,
      MARGIN,
    );
  heading(doc, branding, 'Activities');
  table(
    doc,
    branding,
    [
      { label: 'Activity', width: 34 },
      { label: 'Provider', width: 20 },
      { label: 'Dates', width: 22 },
      { label: 'Points', width: 10 },
      { label: 'Structured', width: 14 },
    ],
    awards.map((a) => [
      a.description,
      a.provider,
      a.eventDate === a.endDate ? shortDate(a.eventDate) : `${shortDate(a.eventDate)} – ${shortDate(a.endDate)}`,
      String(Math.round(Number(a.points) * 10) / 10),
      a.structured ? 'Yes' : 'No',
    ]),
  );
}

export interface CpdVerification {
  statement: string;
  valid: boolean;
  reason: string | null;
}

const gone = (statement: string, reason: string): CpdVerification => ({ statement, valid: false, reason });

/**
 * What the document certifies and whether it holds: a ticket while its booking stands (not cancelled, the event
 * not cancelled, the fee paid); a CPD certificate while its award is on record; a statement while the year's
 * requirement is still met.
 */
export async function verifyCpdDocument(ctx: AppContext, row: DocumentRow, organisation: string): Promise<CpdVerification> {
  const holder = row.holderName;
  switch (row.kind as CpdDocumentKind) {
    case 'event_ticket': {
      const found = row.subjectKey ? await loadBooking(ctx.db, row.subjectKey) : null;
      if (!found) return gone(holder, 'The booking is no longer on record.');
      const { booking, event } = found;
      const statement = `${holder} holds booking ${booking.bookingNo} for ${event.description} (${eventDates(event)}, ${event.location}), an event of ${organisation}.`;
      if (booking.status === 'cancelled') return gone(statement, 'The booking has been cancelled.');
      if (event.status === 'cancelled') return gone(statement, 'The event has been cancelled.');
      if (booking.amountCents > 0 && !booking.receiptNo) return gone(statement, 'The booking has not been paid yet.');
      return { statement, valid: true, reason: null };
    }
    case 'cpd_certificate': {
      const award = await loadAward(ctx.db, row.documentNo);
      if (!award) return gone(holder, 'The CPD award is no longer on record.');
      return {
        statement: `${holder}${award.memberNo ? `, member number ${award.memberNo},` : ''} attended ${award.description} (${longDate(award.eventDate)}) and was awarded ${points(award.points)} for ${award.period} by ${organisation}.`,
        valid: true,
        reason: null,
      };
    }
    case 'cpd_statement': {
      const year = yearOf(row.subjectKey);
      if (!year || !row.profileId) return gone(holder, 'The member is no longer on record.');
      const standing = await cpdStanding(ctx.db, row.profileId, year);
      const statement = `${holder}${row.memberNo ? `, member number ${row.memberNo},` : ''} earned ${points(standing.points)} in ${year} and met the CPD requirement of ${organisation} for that year.`;
      if (!standing.met) return gone(statement, `The CPD record for ${year} no longer meets the requirement.`);
      return { statement, valid: true, reason: null };
    }
  }
}
