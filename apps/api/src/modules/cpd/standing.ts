import { type Db, schema } from '@portal/db';
import { and, desc, eq, sql } from 'drizzle-orm';

const { cpdAwards, cpdRequirements, memberships } = schema;

export interface CpdRequirementFigures {
  annualPoints: number;
  structuredPoints: number;
}

export interface CpdStanding {
  categoryCode: string | null;
  memberNo: string | null;
  points: number;
  structuredPoints: number;
  /** Null when the member's category has no CPD requirement (or the member has no membership). */
  requirement: CpdRequirementFigures | null;
  /** Points still needed overall, and from structured activities; 0 when met. */
  remaining: number;
  structuredRemaining: number;
  met: boolean;
}

/** One decimal, as the columns keep them (sums of numerics come back as text). */
const toPoints = (value: unknown) => Math.round(Number(value ?? 0) * 10) / 10;

/** The category's annual requirement, or null when it has none (no row, or 0 points). */
export async function cpdRequirementFor(db: Db, categoryCode: string | null | undefined): Promise<CpdRequirementFigures | null> {
  if (!categoryCode) return null;
  const [row] = await db.select().from(cpdRequirements).where(eq(cpdRequirements.categoryCode, categoryCode));
  if (!row || toPoints(row.annualPoints) <= 0) return null;
  return { annualPoints: toPoints(row.annualPoints), structuredPoints: toPoints(row.structuredPoints) };
}

/** The member's current membership (the newest), whose category sets the requirement. */
async function currentMembership(db: Db, profileId: string) {
  const [row] = await db
    .select({ categoryCode: memberships.categoryCode, memberNo: memberships.memberNo })
    .from(memberships)
    .where(eq(memberships.profileId, profileId))
    .orderBy(desc(sql`${memberships.status} = 'Active'`), desc(memberships.id))
    .limit(1);
  return row ?? null;
}

/**
 * Where a member stands on CPD for one year: points awarded that year (events attended, outside activities
 * accepted), the structured part, and the requirement of the member's current category (decisions.md §8), or of
 * `categoryCode` when given (an upgrade's checklist reads the category upgraded from). A requirement is met when
 * both the total and the structured share are reached; with no requirement, nothing is met.
 */
export async function cpdStanding(db: Db, profileId: string, year: string, categoryCode?: string): Promise<CpdStanding> {
  const membership = await currentMembership(db, profileId);
  const [sums] = await db
    .select({
      points: sql<string>`coalesce(sum(${cpdAwards.points}), 0)`,
      structured: sql<string>`coalesce(sum(${cpdAwards.points}) filter (where ${cpdAwards.structured}), 0)`,
    })
    .from(cpdAwards)
    .where(and(eq(cpdAwards.profileId, profileId), eq(cpdAwards.period, year)));
  const points = toPoints(sums?.points);
  const structuredPoints = toPoints(sums?.structured);
  const requirement = await cpdRequirementFor(db, categoryCode ?? membership?.categoryCode);
  const remaining = requirement ? Math.max(0, toPoints(requirement.annualPoints - points)) : 0;
  const structuredRemaining = requirement ? Math.max(0, toPoints(requirement.structuredPoints - structuredPoints)) : 0;
  return {
    categoryCode: membership?.categoryCode ?? null,
    memberNo: membership?.memberNo ?? null,
    points,
    structuredPoints,
    requirement,
    remaining,
    structuredRemaining,
    met: requirement !== null && remaining === 0 && structuredRemaining === 0,
  };
}
