import { type AdminEvent, eventMessages } from '@portal/contract';
import { type Db, queryRows, schema } from '@portal/db';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { conflict } from '../../shared/errors';
import { issueDocument } from '../documents/index';
import { adminEvent, attendedLiveCount } from './admin';
import { eventOr404, hasStarted } from './model';
import { queueAwardNotice } from './notices';

const { events, eventBookings, cpdAwards } = schema;

interface NewAward {
  id: number;
  booking_no: string;
  profile_id: string;
  member_no: string | null;
  user_id: number | null;
  holder_name: string;
}

/**
 * Closes an event (`POST admin/events/{no}/close`) once it has started: every attended live booking gets one CPD
 * award (points = the event's cpd hours, period = its start year) with a CPD certificate, exactly once. The event
 * row is locked first, so two administrators closing at once take turns, and the awards' unique booking key with
 * ON CONFLICT DO NOTHING means a second close (or one after late check-ins) awards only those not yet awarded.
 * Open bookings become closed (billed ones stay billed: their invoice can still be paid); attendees are e-mailed.
 */
export async function closeEvent(ctx: AppContext, no: string): Promise<{ event: AdminEvent; awarded: number; attendees: number }> {
  const existing = await eventOr404(ctx.db, no);
  const result = await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [event] = await tx.select().from(events).where(eq(events.no, existing.no)).for('update');
    if (event.status !== 'published' && event.status !== 'closed') throw conflict(eventMessages.cannotClose);
    if (!hasStarted(event)) throw conflict(eventMessages.cannotCloseBeforeStart);

    const provider = (event.providers ?? []).join(', ');
    const awards = await queryRows<NewAward>(
      tx,
      sql`with inserted as (
            insert into cpd_awards (profile_id, member_no, source, event_no, booking_no, description, provider, location,
                                    event_date, end_date, points, structured, period)
            select b.profile_id, b.member_no, 'event', b.event_no, b.booking_no, ${event.description}::text, ${provider}::text,
                   ${event.location}::text, ${event.startDate}::date, ${event.endDate}::date, ${event.cpdHours}::numeric,
                   ${event.structured}::boolean, ${event.startDate.slice(0, 4)}::text
            from event_bookings b
            where b.event_no = ${event.no}::text and b.attended_at is not null and b.status in ('open', 'closed')
            order by b.booking_no
            on conflict (booking_no) do nothing
            returning id, booking_no, profile_id, member_no
          )
          select i.id, i.booking_no, i.profile_id, i.member_no, b.user_id,
                 trim(concat_ws(' ', nullif(trim(p.first_name), ''), nullif(trim(p.second_name), ''), nullif(trim(p.last_name), ''))) as holder_name
          from inserted i
          join event_bookings b on b.booking_no = i.booking_no
          join profiles p on p.profile_id = i.profile_id
          order by i.booking_no`,
    );
    for (const award of awards) {
      const document = await issueDocument(
        { ...ctx, db: tx },
        {
          kind: 'cpd_certificate',
          profileId: award.profile_id,
          subjectKey: award.booking_no,
          holderName: award.holder_name,
          memberNo: award.member_no,
          details: { eventNo: event.no, awardId: award.id },
        },
      );
      await tx.update(cpdAwards).set({ certificateNo: document.documentNo }).where(eq(cpdAwards.id, award.id));
      await queueAwardNotice(tx, ctx.config, { profileId: award.profile_id, userId: award.user_id }, event, document.documentNo);
    }
    await tx
      .update(eventBookings)
      .set({ status: 'closed', updatedAt: new Date() })
      .where(and(eq(eventBookings.eventNo, event.no), eq(eventBookings.status, 'open')));
    const [closed] = await tx
      .update(events)
      .set({ status: 'closed', closedAt: sql`coalesce(${events.closedAt}, now())`, updatedAt: new Date() })
      .where(eq(events.no, event.no))
      .returning();
    return { row: closed, awarded: awards.length, attendees: await attendedLiveCount(tx, event.no) };
  });
  return { event: await adminEvent(ctx, result.row), awarded: result.awarded, attendees: result.attendees };
}
