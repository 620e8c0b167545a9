import type { AdminBookingsPage, adminBookingsQuery } from '@portal/contract';
import { schema } from '@portal/db';
import { and, asc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../shared/context';
import { containsPattern, searchWords } from '../../shared/sql-search';
import { fullName } from '../documents/index';
import { adminBookingDto, eventOr404 } from './model';

const { cpdAwards, eventBookings, profiles, users } = schema;

/**
 * What a search matches: the booking number or the e-mail exactly, or every word in the member's names and number
 * (the profiles' trigram index, then the event's bookings of those members): never a profile read per booking.
 */
function searchCondition(term: string): SQL {
  const words = searchWords(term.replace(/\s+/g, ' '));
  return sql`(${eventBookings.bookingNo} = ${term.toUpperCase()}
    or ${eventBookings.profileId} in (select profile_id from profiles where lower(email) = ${term.toLowerCase()})
    or ${eventBookings.profileId} in (select p.profile_id from profiles p where ${sql.join(
      words.map((w) => sql`p.search_text like ${containsPattern(w)}`),
      sql` and `,
    )}))`;
}

/**
 * `GET /api/admin/events/{no}/bookings`: a page of the event's bookings by booking number, with the member, e-mail,
 * attendance and CPD certificate, a search and filters (status, attended) and the number that match.
 */
export async function eventBookingsPage(
  ctx: AppContext,
  no: string,
  query: z.output<typeof adminBookingsQuery>,
): Promise<AdminBookingsPage> {
  const event = await eventOr404(ctx.db, no);
  const conditions: SQL[] = [eq(eventBookings.eventNo, event.no)];
  if (query.status) conditions.push(eq(eventBookings.status, query.status));
  if (query.attended) conditions.push(query.attended === 'yes' ? isNotNull(eventBookings.attendedAt) : isNull(eventBookings.attendedAt));
  if (query.search) conditions.push(searchCondition(query.search));
  const where = and(...conditions);

  // The page's booking numbers come from the (event_no, booking_no) index before any row is joined (issue 26).
  const [page, [{ total }]] = await Promise.all([
    ctx.db
      .select({ bookingNo: eventBookings.bookingNo })
      .from(eventBookings)
      .where(where)
      .orderBy(asc(eventBookings.bookingNo))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(eventBookings).where(where),
  ]);
  const rows = page.length
    ? await ctx.db
        .select({ booking: eventBookings, profile: profiles, certificateNo: cpdAwards.certificateNo })
        .from(eventBookings)
        .innerJoin(profiles, eq(profiles.profileId, eventBookings.profileId))
        .leftJoin(cpdAwards, eq(cpdAwards.bookingNo, eventBookings.bookingNo))
        .where(
          inArray(
            eventBookings.bookingNo,
            page.map((r) => r.bookingNo),
          ),
        )
        .orderBy(asc(eventBookings.bookingNo))
    : [];
  const userIds = [...new Set(rows.map((r) => r.booking.userId).filter((id): id is number => id !== null))];
  const emails = new Map<number, string>();
  if (userIds.length > 0) {
    for (const u of await ctx.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds))) {
      emails.set(u.id, u.email);
    }
  }
  const bookings = rows.map((r) =>
    adminBookingDto(r.booking, event, {
      name: fullName(r.profile),
      email: (r.booking.userId !== null ? emails.get(r.booking.userId) : undefined) ?? r.profile.email ?? null,
      cpdCertificateNo: r.certificateNo ?? null,
    }),
  );
  return { bookings, total: Number(total), page: query.page, pageSize: query.pageSize };
}
