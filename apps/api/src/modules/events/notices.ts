import { type Db, schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import { longDate } from '../../shared/dates';
import { organisationName } from '../../shared/organisation';
import { enqueue } from '../outbox/outbox';
import { type BookingRow, type EventRow, kes } from './model';

const { users, profiles } = schema;

export interface Recipient {
  email: string;
  firstName: string;
}

/**
 * Where a booking's e-mails go: the address on record of the account that booked (the portal's verified sign-in
 * address), else the first account of the profile, else the profile's own e-mail. Null when there is none.
 */
export async function recipientOf(db: Db, booking: Pick<BookingRow, 'profileId' | 'userId'>): Promise<Recipient | null> {
  const [profile] = await db
    .select({ email: profiles.email, firstName: profiles.firstName })
    .from(profiles)
    .where(eq(profiles.profileId, booking.profileId));
  const accounts = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.profileId, booking.profileId))
    .orderBy(users.id);
  const account = accounts.find((a) => a.id === booking.userId) ?? accounts[0];
  const email = account?.email ?? profile?.email ?? null;
  return email ? { email, firstName: profile?.firstName || 'member' } : null;
}

const when = (event: EventRow) =>
  event.startDate === event.endDate
    ? `${longDate(event.startDate)}, ${event.startTime}-${event.endTime}`
    : `${longDate(event.startDate)} ${event.startTime} to ${longDate(event.endDate)} ${event.endTime}`;

async function send(db: Db, to: Recipient, subject: string, lines: string[]) {
  const displayName = await organisationName(db);
  await enqueue(db, { channel: 'email', to: to.email, subject, body: [`Dear ${to.firstName},`, '', ...lines, '', displayName].join('\n') });
}

/** The booking confirmation (in the booking's transaction, so a failed booking sends nothing). */
export async function queueBookingConfirmation(db: Db, config: Config, booking: BookingRow, event: EventRow): Promise<void> {
  const to = await recipientOf(db, booking);
  if (!to) return;
  const lines = [
    `Your booking ${booking.bookingNo} for ${event.description} (${event.no}) is recorded.`,
    `When: ${when(event)}`,
    `Where: ${event.location}`,
  ];
  if (booking.invoiceNo) {
    lines.push(
      '',
      `Your seat is reserved. Pay invoice ${booking.invoiceNo} of ${kes(booking.amountCents)} to confirm it: ${config.publicUrl}/events`,
    );
  } else {
    lines.push('', `Your ticket${booking.ticketNo ? ` ${booking.ticketNo}` : ''} is on the Booked Events page: ${config.publicUrl}/events`);
  }
  await send(db, to, `Event booking ${booking.bookingNo}: ${event.description}`, lines);
}

/** The event was cancelled by the board: the booking with it, and what was credited. */
export async function queueEventCancelled(db: Db, config: Config, booking: BookingRow, event: EventRow, creditedCents: number) {
  const to = await recipientOf(db, booking);
  if (!to) return;
  const lines = [
    `${event.description} (${event.no}), planned for ${when(event)}, has been cancelled. Your booking ${booking.bookingNo} is cancelled.`,
  ];
  if (creditedCents > 0) lines.push(`${kes(creditedCents)} has been credited to your account: ${config.publicUrl}/billing`);
  else if (booking.invoiceNo) lines.push(`Invoice ${booking.invoiceNo} has been cancelled; there is nothing to pay.`);
  await send(db, to, `Event cancelled: ${event.description}`, lines);
}

/** CPD points awarded for attending, with the certificate's number. */
export async function queueAwardNotice(
  db: Db,
  config: Config,
  booking: Pick<BookingRow, 'profileId' | 'userId'>,
  event: EventRow,
  certificateNo: string,
): Promise<void> {
  const to = await recipientOf(db, booking);
  if (!to) return;
  const points = Number(event.cpdHours);
  await send(db, to, `CPD points awarded: ${event.description}`, [
    `Thank you for attending ${event.description} (${event.no}) on ${when(event)}.`,
    `${points} CPD ${points === 1 ? 'point has' : 'points have'} been added to your record for ${event.startDate.slice(0, 4)}.`,
    `Your CPD certificate number is ${certificateNo}. See it on your CPD page: ${config.publicUrl}/cpd`,
  ]);
}
