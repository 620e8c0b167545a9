import { schema } from '@portal/db';
import { eq, inArray, sql } from 'drizzle-orm';
import { cachedPerDb } from '../../shared/cached-per-db';
import type { AppContext } from '../../shared/context';
import { keptRequirementRows } from '../../shared/kept-requirements';
import { preparedPerDb } from '../../shared/prepared';
import { isInGoodStanding } from '../billing';
import { checklistItems, entryStats, entryStatsJson, loadChecklistFacts } from './checklist';
import { bioDetails, type ProfileDto } from './dto';
import { pictureDataUrl } from './files';

const { profiles, memberships, membershipCategories, lookupItems, files, profileEntries } = schema;

interface MembershipJson {
  memberNo: string;
  status: string;
  categoryCode: string;
  registrationDate: string | null;
}

/**
 * Every dashboard and page of the shell reads the profile summary: one prepared query (issue 11) brings the profile,
 * its category's description, its memberships, its jobs and its entries' counts, the last three as JSON columns,
 * so a summary is one round trip to the database instead of five (issue 27).
 */
const profileRow = preparedPerDb((db) =>
  db
    .select({
      profile: profiles,
      categoryDescription: membershipCategories.description,
      memberships: sql<MembershipJson[]>`(select coalesce(json_agg(json_build_object('memberNo', m.member_no, 'status', m.status,
        'categoryCode', m.category_code, 'registrationDate', m.registration_date) order by m.id), '[]'::json)
        from ${memberships} m where m.profile_id = ${profiles.profileId})`,
      jobs: sql<
        { data: Record<string, unknown> }[]
      >`(select coalesce(json_agg(json_build_object('data', e.data) order by e.entry_no), '[]'::json)
        from ${profileEntries} e where e.profile_id = ${profiles.profileId} and e.section = 'work-experience')`,
      entryStats: entryStatsJson(profiles.profileId),
    })
    .from(profiles)
    .leftJoin(membershipCategories, eq(membershipCategories.code, profiles.membershipType))
    .where(eq(profiles.profileId, sql.placeholder('profileId')))
    .prepare('profile_summary'),
);

/** The descriptions of disciplines and titles, kept a minute: setup lists, never edited through the portal. */
const descriptions = cachedPerDb(async (db) => {
  const rows = await db
    .select({ list: lookupItems.list, code: lookupItems.code, description: lookupItems.description })
    .from(lookupItems)
    .where(inArray(lookupItems.list, ['disciplines', 'titles']));
  return {
    disciplines: new Map(rows.filter((r) => r.list === 'disciplines').map((r) => [r.code, r.description])),
    titles: new Map(rows.filter((r) => r.list === 'titles').map((r) => [r.code, r.description])),
  };
});

function workExperience(rows: { data: Record<string, unknown> }[]) {
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
  const [lookups, idFile, picture, facts, goodStanding, requirementList] = await Promise.all([
    descriptions.get(db),
    p.idFileId ? db.select({ id: files.id, fileName: files.fileName }).from(files).where(eq(files.id, p.idFileId)) : Promise.resolve([]),
    pictureDataUrl(ctx, p.pictureFileId),
    loadChecklistFacts(ctx, p, entryStats(row.entryStats)),
    isInGoodStanding(db, profileId),
    p.membershipType ? keptRequirementRows(db, p.membershipType, 'Application') : Promise.resolve([]),
  ]);
  const application = checklistItems(requirementList, facts);
  const membershipRows = row.memberships;
  const workexp = workExperience(row.jobs);
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
    DisciplineDescription: (p.discipline && lookups.disciplines.get(p.discipline)) ?? null,
    IdentificationDocumentNo: p.identificationDocumentNo,
    Email: p.email,
    PhoneNo: p.phoneNo,
    picture,
    confirmed: p.confirmed,
    ProfileComplete: application.every((item) => item.pass),
    profileTitle: p.titles.filter((t) => lookups.titles.has(t)).map((t) => ({ title: t, description: lookups.titles.get(t) ?? t })),
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
