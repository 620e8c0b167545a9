import { type CpdSummary, cpdMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { conflict, forbidden } from '../../shared/errors';
import type { UserRow } from '../../shared/session';
import { cpdStatementSubject, fullName, issueDocument, renderDocument } from '../documents';
import { chosenYear, subjectProfileId, toPoints } from './common';
import { cpdStanding } from './standing';

const { cpdActivities, profiles } = schema;

/**
 * `GET cpd/summary?year=`: the dashboard's figures for one year (this year in Nairobi by default): the years to
 * choose from, points and the requirement from the member's standing, and the hours still waiting for an approver.
 */
export async function cpdSummary(ctx: AppContext, user: UserRow, requested: string | undefined, now = new Date()): Promise<CpdSummary> {
  const { year, years } = await chosenYear(ctx.db, requested, now);
  if (!user.profileId) {
    const none = { memberNo: null, categoryCode: null, points: 0, structuredPoints: 0, requirement: null };
    return { year, years, ...none, remaining: 0, structuredRemaining: 0, met: false, pendingHours: 0 };
  }
  const [standing, [pending]] = await Promise.all([
    cpdStanding(ctx.db, user.profileId, year),
    ctx.db
      .select({ hours: sql<string>`coalesce(sum(${cpdActivities.hours}), 0)` })
      .from(cpdActivities)
      .where(
        and(
          eq(cpdActivities.profileId, user.profileId),
          eq(cpdActivities.status, 'Pending'),
          sql`extract(year from ${cpdActivities.endDate}) = ${Number(year)}`,
        ),
      ),
  ]);
  return {
    year,
    years,
    memberNo: standing.memberNo,
    categoryCode: standing.categoryCode,
    points: standing.points,
    structuredPoints: standing.structuredPoints,
    requirement: standing.requirement,
    remaining: standing.remaining,
    structuredRemaining: standing.structuredRemaining,
    met: standing.met,
    pendingHours: toPoints(pending?.hours),
  };
}

/**
 * `GET cpd/statement/{year}`: the yearly CPD compliance statement (base64 PDF), only once the requirement of that
 * year is met (409 otherwise). The caller's own; admins and approvers may name a member by `?profileId=`. One
 * document number per member and year, verifiable by its QR code.
 */
export async function cpdStatement(ctx: AppContext, user: UserRow, year: string, requestedProfileId: string | undefined): Promise<string> {
  await chosenYear(ctx.db, year);
  const profileId = await subjectProfileId(ctx.db, user, requestedProfileId);
  if (!profileId) throw forbidden(cpdMessages.membershipRequired);
  const standing = await cpdStanding(ctx.db, profileId, year);
  if (!standing.memberNo) throw forbidden(cpdMessages.membershipRequired);
  if (!standing.requirement) throw conflict(cpdMessages.noRequirement);
  if (!standing.met) throw conflict(cpdMessages.statementNotMet(year));
  const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.profileId, profileId)).limit(1);
  const row = await issueDocument(ctx, {
    kind: 'cpd_statement',
    profileId,
    subjectKey: cpdStatementSubject(profileId, year),
    holderName: fullName(profile) || standing.memberNo,
    memberNo: standing.memberNo,
    categoryCode: standing.categoryCode,
    details: { year },
  });
  return (await renderDocument(ctx, row.documentNo)).toString('base64');
}
