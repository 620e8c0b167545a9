import { type Db, schema } from '@portal/db';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { preparedPerDb } from '../../shared/prepared';
import { isInGoodStanding } from '../billing';
import { checklistItems, loadChecklistFacts, requirementRows } from './checklist';
import { bioDetails, type ProfileDto } from './dto';
import { pictureDataUrl } from './files';

const { profiles, memberships, membershipCategories, lookupItems, files, profileEntries } = schema;

// Every dashboard and page of the shell reads the profile summary: its reads are built once and prepared (issue 11).
const profileRow = preparedPerDb((db) =>
  db
    .select({ profile: profiles, categoryDescription: membershipCategories.description })
    .from(profiles)
    .leftJoin(membershipCategories, eq(membershipCategories.code, profiles.membershipType))
    .where(eq(profiles.profileId, sql.placeholder('profileId')))
    .prepare('profile_summary_profile'),
);
const membershipRowsOf = preparedPerDb((db) =>
  db
    .select()
    .from(memberships)
    .where(eq(memberships.profileId, sql.placeholder('profileId')))
    .prepare('profile_summary_memberships'),
);
const jobRowsOf = preparedPerDb((db) =>
  db
    .select({ data: profileEntries.data })
    .from(profileEntries)
    .where(and(eq(profileEntries.profileId, sql.placeholder('profileId')), eq(profileEntries.section, 'work-experience')))
    .orderBy(asc(profileEntries.entryNo))
    .prepare('profile_summary_jobs'),
);
/** The descriptions of the profile's discipline and titles. */
const descriptionRows = preparedPerDb((db) =>
  db
    .select({ list: lookupItems.list, code: lookupItems.code, description: lookupItems.description })
    .from(lookupItems)
    .where(
      or(
        and(eq(lookupItems.list, 'disciplines'), eq(lookupItems.code, sql.placeholder('discipline'))),
        and(eq(lookupItems.list, 'titles'), sql`${lookupItems.code} = any(${sql.placeholder('titles')})`),
      ),
    )
    .prepare('profile_summary_descriptions'),
);

async function workExperience(db: Db, profileId: string) {
  const rows = await jobRowsOf(db).execute({ profileId });
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
 * profile holds (no query per entry or per title), in two rounds.
 */
export async function loadProfile(ctx: AppContext, profileId: string): Promise<ProfileDto | null> {
  const { db } = ctx;
  const [row] = await profileRow(db).execute({ profileId });
  if (!row) return null;
  const p = row.profile;
  // Everything below needs only the profile row, so it is read at once (one round of queries, not several).
  const [membershipRows, lookups, idFile, workexp, picture, facts, goodStanding, requirementList] = await Promise.all([
    membershipRowsOf(db).execute({ profileId }),
    p.discipline || p.titles.length ? descriptionRows(db).execute({ discipline: p.discipline, titles: p.titles }) : Promise.resolve([]),
    p.idFileId ? db.select({ id: files.id, fileName: files.fileName }).from(files).where(eq(files.id, p.idFileId)) : Promise.resolve([]),
    workExperience(db, profileId),
    pictureDataUrl(ctx, p.pictureFileId),
    loadChecklistFacts(ctx, p),
    isInGoodStanding(db, profileId),
    p.membershipType ? requirementRows(db, p.membershipType, 'Application') : Promise.resolve([]),
  ]);
  const application = checklistItems(requirementList, facts);
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
