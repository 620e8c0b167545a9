import type { AdminEventsPage, adminEventsQuery } from '@portal/contract';
import { schema } from '@portal/db';
import { and, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../shared/context';
import { containsPattern, searchWords } from '../../shared/sql-search';
import { countsFor } from './admin';
import { adminEventDto } from './model';

const { events } = schema;

/**
 * `GET admin/events`: a page of events, newest start first, by status, start date (from, to) and every word of the
 * number, description, location or providers, with booked, attended and awarded counts for that page only. The
 * order is read from `events_status_start_no_idx` (one status) or `events_start_no_idx` (every status), where the
 * start dates bound the scan too.
 */
export async function eventsPage(ctx: AppContext, query: z.output<typeof adminEventsQuery>): Promise<AdminEventsPage> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(events.status, query.status));
  if (query.from) conditions.push(gte(events.startDate, query.from));
  if (query.to) conditions.push(lte(events.startDate, query.to));
  const cleaned = query.search?.replace(/\s+/g, ' ');
  if (cleaned) {
    const text = sql`lower(${events.no} || ' ' || ${events.description} || ' ' || ${events.location} || ' ' || ${events.providers}::text)`;
    for (const word of searchWords(cleaned)) conditions.push(sql`${text} like ${containsPattern(word)}`);
  }
  const where = conditions.length ? and(...conditions) : undefined;

  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(events)
      .where(where)
      .orderBy(desc(events.startDate), desc(events.startTime), desc(events.no))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(events).where(where),
  ]);
  const counts = await countsFor(
    ctx.db,
    rows.map((r) => r.no),
  );
  return {
    events: rows.map((row) =>
      adminEventDto(row, counts.get(row.no) ?? { booked: 0, attended: 0, awarded: 0 }, ctx.config.checkInLeadMinutes),
    ),
    total: Number(total),
    page: query.page,
    pageSize: query.pageSize,
  };
}
