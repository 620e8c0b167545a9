import { type Db, schema } from '@portal/db';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { isInGoodStanding } from '../billing';
import { buildChecklist, loadChecklistFacts } from './checklist';
import { bioDetails, type ProfileDto } from './dto';
import { pictureDataUrl } from './files';

const { profiles, memberships, membershipCategories, lookupItems, files, profileEntries } = schema;

async function workExperience(db: Db, profileId: string) {
  const rows = await db
    .select({ data: profileEntries.data })
    .from(profileEntries)
    .where(and(eq(profileEntries.profileId, profileId), eq(profileEntries.section, 'work-experience')))
    .orderBy(asc(profileEntries.entryNo));
  const jobs = rows.map(({ data }) => ({
    NameOfFirm: String(data.NameOfFirm ?? ''),
    PositionHeld: String(data.PositionHeld ?? ''),
    Current: data.Current === true,
  }));
  // The current job first: the dashboard shows it as the workplace.
  return [...jobs.filter((j) => j.Current), ...jobs.filter((j) => !j.Current)];
}

/**
 * The profile as the dashboard, drawer and bio form read it: a fixed number of queries whatever the
 * profile holds (no query per entry or per title).
 */
export async function loadProfile(ctx: AppContext, profileId: string): Promise<ProfileDto | null> {
  const { db } = ctx;
  const [row] = await db
    .select({ profile: profiles, categoryDescription: membershipCategories.description })
    .from(profiles)
    .leftJoin(membershipCategories, eq(membershipCategories.code, profiles.membershipType))
    .where(eq(profiles.profileId, profileId));
  if (!row) return null;
  const p = row.profile;
  const lookupWhere = [
    p.discipline ? and(eq(lookupItems.list, 'disciplines'), eq(lookupItems.code, p.discipline)) : undefined,
    p.titles.length ? and(eq(lookupItems.list, 'titles'), inArray(lookupItems.code, p.titles)) : undefined,
  ].filter(Boolean);
  const [membershipRows, lookups, idFile, workexp, picture, facts, goodStanding] = await Promise.all([
    db.select().from(memberships).where(eq(memberships.profileId, profileId)),
    lookupWhere.length
      ? db
          .select()
          .from(lookupItems)
          .where(or(...lookupWhere))
      : Promise.resolve([]),
    p.idFileId ? db.select({ id: files.id, fileName: files.fileName }).from(files).where(eq(files.id, p.idFileId)) : Promise.resolve([]),
    workExperience(db, profileId),
    pictureDataUrl(ctx, p.pictureFileId),
    loadChecklistFacts(ctx, p),
    isInGoodStanding(db, profileId),
  ]);
  const application = p.membershipType ? await buildChecklist(db, facts, p.membershipType, 'Application') : [];
  const titleDescriptions = new Map(lookups.filter((l) => l.list === 'titles').map((l) => [l.code, l.description]));
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
    DisciplineDescription: lookups.find((l) => l.list === 'disciplines')?.description ?? null,
    IdentificationDocumentNo: p.identificationDocumentNo,
    Email: p.email,
    PhoneNo: p.phoneNo,
    picture,
    confirmed: p.confirmed,
    ProfileComplete: application.every((item) => item.pass),
    profileTitle: p.titles.filter((t) => titleDescriptions.has(t)).map((t) => ({ title: t, description: titleDescriptions.get(t) ?? t })),
    memberInformation: membershipRows.map((m) => ({
      No: m.memberNo,
      Status: m.status,
      Gender: p.gender,
      Category: m.categoryCode,
      Registration_Date: m.registrationDate,
    })),
    workexp,
    goodStanding,
    Type: p.type,
    ...bioDetails(p),
    IDFile: idFile[0] ?? null,
  };
}
