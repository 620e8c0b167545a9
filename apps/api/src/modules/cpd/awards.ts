import { type CpdAward, cpdMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { forbidden, notFound } from '../../shared/errors';
import type { UserRow } from '../../shared/session';
import { renderDocument } from '../documents';
import { isStaff, toPoints } from './common';

const { cpdAwards, memberships } = schema;
type AwardRow = typeof cpdAwards.$inferSelect;

export function awardDto(row: AwardRow): CpdAward {
  return {
    id: row.id,
    memberNo: row.memberNo,
    description: row.description,
    provider: row.provider,
    location: row.location,
    eventDate: row.eventDate,
    endDate: row.endDate,
    pointAwarded: toPoints(row.points),
    eventCode: row.eventNo,
    certificateNo: row.certificateNo,
    period: row.period,
    source: row.source === 'event' ? 'event' : 'activity',
    structured: row.structured,
  };
}

/**
 * `GET cpd_awards/awards?memberNo=` (part 2 §7): the caller's own awards (no number, or one of their own numbers);
 * admins and approvers may name any member's number (an unknown one has none). A member naming another member's
 * number, or one that does not exist, gets 403. Newest first.
 */
export async function listAwards(ctx: AppContext, user: UserRow, memberNo: string | undefined): Promise<CpdAward[]> {
  let profileId = user.profileId;
  if (memberNo) {
    const [record] = await ctx.db
      .select({ profileId: memberships.profileId })
      .from(memberships)
      .where(eq(memberships.memberNo, memberNo))
      .limit(1);
    const own = record !== undefined && record.profileId === user.profileId;
    if (!own && !isStaff(user)) throw forbidden(cpdMessages.notYourAwards);
    profileId = record?.profileId ?? null;
  }
  if (!profileId) return [];
  const rows = await ctx.db
    .select()
    .from(cpdAwards)
    .where(eq(cpdAwards.profileId, profileId))
    .orderBy(desc(cpdAwards.eventDate), desc(cpdAwards.id));
  return rows.map(awardDto);
}

/** `GET cpd/certificate/{certificateNo}`: an event award's CPD certificate (base64 PDF), for its holder or staff. */
export async function cpdCertificate(ctx: AppContext, user: UserRow, certificateNo: string): Promise<string> {
  const [award] = await ctx.db
    .select({ profileId: cpdAwards.profileId })
    .from(cpdAwards)
    .where(eq(cpdAwards.certificateNo, certificateNo))
    .limit(1);
  if (!award || (award.profileId !== user.profileId && !isStaff(user))) throw notFound(cpdMessages.certificateNotFound);
  return (await renderDocument(ctx, certificateNo)).toString('base64');
}
