import { type Db, schema } from '@portal/db';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';

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

/** Points still needed overall and from structured activities, and whether the requirement is met. */
function shortfall(requirement: CpdRequirementFigures | null, points: number, structuredPoints: number) {
  const remaining = requirement ? Math.max(0, toPoints(requirement.annualPoints - points)) : 0;
  const structuredRemaining = requirement ? Math.max(0, toPoints(requirement.structuredPoints - structuredPoints)) : 0;
  return { remaining, structuredRemaining, met: requirement !== null && remaining === 0 && structuredRemaining === 0 };
}

/**
 * Where a member stands on CPD for one year: points awarded that year (events attended, outside activities
 * accepted), the structured part, and the requirement of the member's current category (decisions.md §8). A
 * requirement is met when both the total and the structured share are reached; with no requirement, nothing is met.
 */
export async function cpdStanding(db: Db, profileId: string, year: string): Promise<CpdStanding> {
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
  const requirement = await cpdRequirementFor(db, membership?.categoryCode);
  return {
    categoryCode: membership?.categoryCode ?? null,
    memberNo: membership?.memberNo ?? null,
    points,
    structuredPoints,
    requirement,
    ...shortfall(requirement, points, structuredPoints),
  };
}

/**
 * Whether the requirement of `categoryCode` was met in each of `years`, in one query: null for every year when
 * the category has no requirement. The checklist rules ask this for the last few years at once (decision 032).
 */
export async function cpdMetInYears(
  db: Db,
  profileId: string,
  years: number[],
  categoryCode: string | null,
): Promise<Map<number, boolean | null>> {
  const requirement = await cpdRequirementFor(db, categoryCode);
  if (!requirement || !years.length) return new Map(years.map((y) => [y, null]));
  const rows = await db
    .select({
      period: cpdAwards.period,
      points: sql<string>`coalesce(sum(${cpdAwards.points}), 0)`,
      structured: sql<string>`coalesce(sum(${cpdAwards.points}) filter (where ${cpdAwards.structured}), 0)`,
    })
    .from(cpdAwards)
    .where(and(eq(cpdAwards.profileId, profileId), inArray(cpdAwards.period, years.map(String))))
    .groupBy(cpdAwards.period);
  return new Map(
    years.map((year) => {
      const sums = rows.find((r) => r.period === String(year));
      return [year, shortfall(requirement, toPoints(sums?.points), toPoints(sums?.structured)).met];
    }),
  );
}
