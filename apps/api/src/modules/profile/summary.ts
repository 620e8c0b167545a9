import type { ProfileSummary } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, eq, inArray } from 'drizzle-orm';

const { profiles, memberships, membershipCategories, lookupItems } = schema;

/** The profile as the dashboard and drawer read it. */
export async function loadProfileSummary(db: Db, profileId: string): Promise<ProfileSummary | null> {
  const [row] = await db
    .select({ profile: profiles, categoryDescription: membershipCategories.description })
    .from(profiles)
    .leftJoin(membershipCategories, eq(membershipCategories.code, profiles.membershipType))
    .where(eq(profiles.profileId, profileId));
  if (!row) return null;
  const p = row.profile;
  const [membershipRows, discipline, titles] = await Promise.all([
    db.select().from(memberships).where(eq(memberships.profileId, profileId)),
    p.discipline
      ? db
          .select()
          .from(lookupItems)
          .where(and(eq(lookupItems.list, 'disciplines'), eq(lookupItems.code, p.discipline)))
      : Promise.resolve([]),
    p.titles.length
      ? db
          .select()
          .from(lookupItems)
          .where(and(eq(lookupItems.list, 'titles'), inArray(lookupItems.code, p.titles)))
      : Promise.resolve([]),
  ]);
  return {
    ProfileID: p.profileId,
    FirstName: p.firstName,
    SecondName: p.secondName,
    LastName: p.lastName,
    Gender: p.gender,
    DateOfBirth: p.dateOfBirth ?? '0001-01-01',
    MemberNo: p.memberNo,
    MemberShipType: p.membershipType,
    CategoryDescription: row.categoryDescription,
    Discipline: p.discipline,
    DisciplineDescription: discipline[0]?.description ?? null,
    IdentificationDocumentNo: p.identificationDocumentNo,
    Email: p.email,
    PhoneNo: p.phoneNo,
    picture: null,
    confirmed: p.confirmed,
    ProfileComplete: false,
    profileTitle: titles.map((t) => ({ title: t.code, description: t.description })),
    memberInformation: membershipRows.map((m) => ({
      No: m.memberNo,
      Status: m.status,
      Gender: p.gender,
      Category: m.categoryCode,
      Registration_Date: m.registrationDate,
    })),
    workexp: p.currentWorkplace ? [{ NameOfFirm: p.currentWorkplace, PositionHeld: p.currentPosition ?? '', Current: true }] : [],
  };
}
