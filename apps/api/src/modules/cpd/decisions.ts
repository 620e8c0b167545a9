import { type CpdActivity, cpdMessages } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../shared/audit';
import type { AppContext } from '../../shared/context';
import { longDate } from '../../shared/dates';
import { conflict, forbidden, notFound } from '../../shared/errors';
import { organisationName } from '../../shared/organisation';
import type { UserRow } from '../../shared/session';
import { enqueue } from '../outbox/outbox';
import { activityDto, nameOf } from './activities';

const { cpdActivities, cpdAwards, profiles, users } = schema;
type ActivityRow = typeof cpdActivities.$inferSelect;

/**
 * Sets the decision only while the activity is Pending; a second decision finds nothing to change (409). Nobody
 * decides their own activity (403): an approver who is also a member has theirs decided by someone else.
 */
async function decide(tx: Db, staff: UserRow, id: number, values: Partial<typeof cpdActivities.$inferInsert>): Promise<ActivityRow> {
  const ownProfile = staff.profileId ? sql`${cpdActivities.profileId} <> ${staff.profileId}` : sql`true`;
  const [updated] = await tx
    .update(cpdActivities)
    .set(values)
    .where(and(eq(cpdActivities.id, id), eq(cpdActivities.status, 'Pending'), ownProfile))
    .returning();
  if (updated) return updated;
  const [exists] = await tx.select({ profileId: cpdActivities.profileId }).from(cpdActivities).where(eq(cpdActivities.id, id));
  if (!exists) throw notFound(cpdMessages.activityNotFound);
  if (exists.profileId === staff.profileId) throw forbidden(cpdMessages.ownActivity);
  throw conflict(cpdMessages.activityDecided);
}

/** The member hears of the decision by e-mail at the account's address, unless they turned updates off. */
async function notifyMember(tx: Db, ctx: AppContext, row: ActivityRow, subject: string, lines: string[]) {
  const [target] = await tx
    .select({ email: users.email, emailUpdates: users.emailUpdates, firstName: profiles.firstName })
    .from(users)
    .innerJoin(profiles, eq(profiles.profileId, users.profileId))
    .where(eq(users.profileId, row.profileId))
    .limit(1);
  if (target?.emailUpdates !== 1) return;
  const displayName = await organisationName(tx);
  await enqueue(tx, {
    channel: 'email',
    to: target.email,
    subject: `${displayName}: ${subject}`,
    body: [`Dear ${target.firstName || 'member'},`, '', ...lines, '', `See your CPD at ${ctx.config.publicUrl}/cpd`, '', displayName].join(
      '\n',
    ),
  });
}

const pointsText = (points: number) => `${points} CPD point${points === 1 ? '' : 's'}`;

/**
 * `POST admin/cpd/activities/{id}/accept`: in one transaction the activity becomes Accepted (only from Pending)
 * and the member is awarded the points for the year the activity ended (one award per activity, by unique key),
 * the member is e-mailed and the decision audited.
 */
export async function acceptActivity(
  ctx: AppContext,
  req: FastifyRequest,
  staff: UserRow,
  id: number,
  decision: { points: number; structured: boolean },
  now = new Date(),
): Promise<CpdActivity> {
  const row = await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const row = await decide(tx, staff, id, {
      status: 'Accepted',
      pointsAwarded: String(decision.points),
      structured: decision.structured,
      reason: null,
      decidedBy: staff.id,
      decidedAt: now,
      updatedAt: now,
    });
    await tx
      .insert(cpdAwards)
      .values({
        profileId: row.profileId,
        memberNo: row.memberNo,
        source: 'activity',
        activityId: row.id,
        description: row.description,
        provider: row.provider,
        location: row.location,
        eventDate: row.startDate,
        endDate: row.endDate,
        points: String(decision.points),
        structured: decision.structured,
        period: row.endDate.slice(0, 4),
      })
      .onConflictDoNothing();
    await notifyMember(tx, ctx, row, 'CPD activity accepted', [
      `Your CPD activity "${row.description}" (${row.provider}, ${longDate(row.startDate)} to ${longDate(row.endDate)}) has been accepted.`,
      `You have been awarded ${pointsText(decision.points)} for ${row.endDate.slice(0, 4)}.`,
    ]);
    await audit(tx, req, {
      action: 'cpd.activity_accepted',
      target: row.memberNo ?? row.profileId,
      details: { activityId: row.id, points: decision.points, structured: decision.structured },
    });
    return row;
  });
  return activityDto(row, await nameOf(ctx.db, row.profileId));
}

/** `POST admin/cpd/activities/{id}/reject`: the activity becomes Rejected with the reason (only from Pending). */
export async function rejectActivity(
  ctx: AppContext,
  req: FastifyRequest,
  staff: UserRow,
  id: number,
  reason: string,
  now = new Date(),
): Promise<CpdActivity> {
  const row = await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const row = await decide(tx, staff, id, { status: 'Rejected', reason, decidedBy: staff.id, decidedAt: now, updatedAt: now });
    await notifyMember(tx, ctx, row, 'CPD activity not accepted', [
      `Your CPD activity "${row.description}" (${row.provider}, ${longDate(row.startDate)} to ${longDate(row.endDate)}) was not accepted.`,
      `Reason: ${reason}`,
    ]);
    await audit(tx, req, {
      action: 'cpd.activity_rejected',
      target: row.memberNo ?? row.profileId,
      details: { activityId: row.id, reason },
    });
    return row;
  });
  return activityDto(row, await nameOf(ctx.db, row.profileId));
}
