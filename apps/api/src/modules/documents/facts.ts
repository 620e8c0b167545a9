import { type Db, schema } from '@portal/db';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';

export type ApplicationRow = typeof schema.applications.$inferSelect;
export type ProfileRow = typeof schema.profiles.$inferSelect;
export type MembershipRow = typeof schema.memberships.$inferSelect;

/** What an application's documents say, read fresh for every rendering and every verification. */
export interface ApplicationFacts {
  application: ApplicationRow;
  profile: ProfileRow | null;
  categoryDescription: string;
  /** The membership created by release (by the assigned member number), if any. */
  membership: MembershipRow | null;
}

export function fullName(profile: Pick<ProfileRow, 'firstName' | 'secondName' | 'lastName'> | null | undefined): string {
  if (!profile) return '';
  return [profile.firstName, profile.secondName, profile.lastName]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(' ');
}

/** "a Graduate Engineer", "an Accredited Checker". */
export function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

/** The facts of the application with this code; given several candidate codes, of the first one that exists. */
export async function loadApplicationFacts(db: Db, code: string | string[]): Promise<ApplicationFacts | null> {
  const codes = typeof code === 'string' ? [code] : code;
  if (!codes.length) return null;
  // One query: every document and every verification starts here.
  const rows = await db
    .select({
      application: schema.applications,
      profile: schema.profiles,
      membership: schema.memberships,
      categoryDescription: schema.membershipCategories.description,
    })
    .from(schema.applications)
    .leftJoin(schema.profiles, eq(schema.profiles.profileId, schema.applications.profileId))
    .leftJoin(schema.membershipCategories, eq(schema.membershipCategories.code, schema.applications.appliedCategory))
    .leftJoin(schema.memberships, eq(schema.memberships.memberNo, schema.applications.assignedMemberNo))
    .where(codes.length === 1 ? eq(schema.applications.code, codes[0]) : inArray(schema.applications.code, codes))
    .limit(codes.length);
  const row = codes.map((c) => rows.find((r) => r.application.code === c)).find((r) => r !== undefined);
  if (!row) return null;
  return {
    application: row.application,
    profile: row.profile,
    categoryDescription: row.categoryDescription ?? row.application.appliedCategory,
    membership: row.membership,
  };
}

/** The member number an application's acceptance gave: the assigned number, else the membership's. */
export function memberNoOf(facts: ApplicationFacts): string | null {
  return facts.application.assignedMemberNo ?? facts.membership?.memberNo ?? null;
}

/**
 * The reasons a rejection letter gives: the visible comment recorded with the rejection when there is one,
 * otherwise every comment the applicant may see.
 */
export async function rejectionReasons(db: Db, code: string): Promise<string[]> {
  const [event] = await db
    .select({ commentId: schema.applicationEvents.commentId })
    .from(schema.applicationEvents)
    .where(
      and(
        eq(schema.applicationEvents.applicationCode, code),
        eq(schema.applicationEvents.toStatus, 'Rejected'),
        isNotNull(schema.applicationEvents.commentId),
      ),
    )
    .orderBy(desc(schema.applicationEvents.at))
    .limit(1);
  const c = schema.applicationComments;
  const visible = and(eq(c.applicationCode, code), eq(c.hiddenFromApplicant, false));
  if (event?.commentId) {
    const [comment] = await db
      .select({ comment: c.comment })
      .from(c)
      .where(and(visible, eq(c.id, event.commentId)));
    if (comment) return [comment.comment];
  }
  const rows = await db.select({ comment: c.comment }).from(c).where(visible).orderBy(c.createdAt, c.id);
  return rows.map((r) => r.comment);
}

export async function profileEntries(db: Db, profileId: string, sections: string[]) {
  if (!sections.length) return [];
  const e = schema.profileEntries;
  return db
    .select({ section: e.section, entryNo: e.entryNo, data: e.data })
    .from(e)
    .where(and(eq(e.profileId, profileId), inArray(e.section, sections)))
    .orderBy(e.section, e.entryNo);
}
