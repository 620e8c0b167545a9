import { billingMessages, cpdMessages } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { desc, eq, sql } from 'drizzle-orm';
import { nairobiDate } from '../../shared/dates';
import { badRequest, forbidden, notFound } from '../../shared/errors';
import { cachedMinorSettings } from '../../shared/organisation';
import type { UserRow } from '../../shared/session';

const { memberships, profiles } = schema;

/** CPD points keep one decimal; numeric columns and sums arrive as text. */
export const toPoints = (value: unknown) => Math.round(Number(value ?? 0) * 10) / 10;

/** The calendar year in Nairobi, as text (award periods are text). */
export const thisYear = (now: Date = new Date()) => nairobiDate(now).slice(0, 4);

/** Admins and approvers read and decide anyone's CPD. */
export const isStaff = (user: UserRow) => user.isAdmin || user.isApprover;

/** The dashboard's years: from the `cpd_start_year` setting to this year, newest first. */
export async function cpdYears(db: Db, now: Date = new Date()): Promise<string[]> {
  const start = (await cachedMinorSettings(db)).cpd_start_year;
  const end = Number(thisYear(now));
  const years: string[] = [];
  for (let year = end; year >= Math.min(start, end); year--) years.push(String(year));
  return years;
}

/** A year the dashboard offers (400 `yearInvalid` otherwise), or this year when none is given. */
export async function chosenYear(db: Db, year: string | undefined, now: Date = new Date()): Promise<{ year: string; years: string[] }> {
  const years = await cpdYears(db, now);
  const chosen = year ?? thisYear(now);
  if (!years.includes(chosen)) throw badRequest(cpdMessages.yearInvalid, { year: [cpdMessages.yearInvalid] });
  return { year: chosen, years };
}

export interface MemberRecord {
  profileId: string;
  memberNo: string;
  categoryCode: string;
}

/** The profile's current membership record (an Active one first, then the newest), or null. */
export async function membershipOf(db: Db, profileId: string | null): Promise<MemberRecord | null> {
  if (!profileId) return null;
  const [row] = await db
    .select({ profileId: memberships.profileId, memberNo: memberships.memberNo, categoryCode: memberships.categoryCode })
    .from(memberships)
    .where(eq(memberships.profileId, profileId))
    .orderBy(desc(sql`${memberships.status} = 'Active'`), desc(memberships.id))
    .limit(1);
  return row ?? null;
}

/** The caller's membership record: outside activities are for registered members only (403 otherwise). */
export async function requireMembership(db: Db, user: UserRow): Promise<MemberRecord> {
  const record = await membershipOf(db, user.profileId);
  if (!record) throw forbidden(cpdMessages.membershipRequired);
  return record;
}

/**
 * Whose CPD a document is for: the caller's own profile, or (admins and approvers) the `?profileId=` named. A member
 * naming someone else's profile gets the same 404 as for a profile that does not exist.
 */
export async function subjectProfileId(db: Db, user: UserRow, requested: string | undefined): Promise<string | null> {
  if (!requested || requested === user.profileId) return user.profileId;
  if (!isStaff(user)) throw notFound(billingMessages.profileNotFound);
  const [row] = await db.select({ profileId: profiles.profileId }).from(profiles).where(eq(profiles.profileId, requested)).limit(1);
  if (!row) throw notFound(billingMessages.profileNotFound);
  return row.profileId;
}
