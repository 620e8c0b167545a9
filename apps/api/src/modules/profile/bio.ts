import {
  BIO_FILE_RULES,
  type BioInput,
  BOARD_CAPTION,
  bioBase,
  bioSchemaFor,
  fileRequiredMessage,
  profileMessages,
} from '@portal/contract';
import { type Db, nextNumber, schema } from '@portal/db';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../shared/context';
import { conflict, forbidden, notFound, Problems } from '../../shared/errors';
import { loadMinorSettings } from '../../shared/organisation';
import type { UserRow } from '../../shared/session';
import { formFields, uploadsOf } from '../../shared/uploads';
import { type PreparedFile, preparePdf, preparePhoto, withFileChanges } from './files';
import { profileNotices } from './notices';

const { profiles, users, applications, membershipCategories, lookupItems } = schema;
type ProfileRow = typeof profiles.$inferSelect;
type Bio = z.output<typeof bioBase>;

/** Form field names of the bio's files. */
export const PHOTO_FIELD = 'Image';
export const ID_FIELD = 'ID';

// The two bio schemas, built once: zod compiles a schema on its first parse, and building and compiling one per
// call cost about half a millisecond of CPU on every GET /api/profile (issue 11).
const bioSchemas = { board: bioSchemaFor({ boardCaption: true }), other: bioSchemaFor({ boardCaption: false }) };
const bioSchema = (boardCaption: boolean) => (boardCaption ? bioSchemas.board : bioSchemas.other);

/** The stored bio in the form's shape, for the checklist's PROFILE rule. */
export function bioSchemaForRow(p: ProfileRow, boardCaption: boolean) {
  const input: BioInput = {
    LastName: p.lastName,
    FirstName: p.firstName,
    SecondName: p.secondName ?? '',
    Gender: p.gender as BioInput['Gender'],
    profileTitle: p.titles,
    DateOfBirth: p.dateOfBirth ?? '',
    IdentificationDocumentNo: p.identificationDocumentNo ?? '',
    Nationality: p.nationality ?? '',
    county: p.county ?? '',
    City: p.city ?? '',
    Discipline: p.discipline ?? '',
    specialization: p.specialization ?? '',
    Disability: p.disability,
    PWDCardNo: p.pwdCardNo ?? '',
    DisabilityDescription: p.disabilityDescription ?? '',
    memberPracticingFirm: p.practicingFirm ?? '',
  };
  return bioSchema(boardCaption).safeParse(input);
}

async function boardCaptionApplies(ctx: AppContext) {
  return (await loadMinorSettings(ctx.db)).organisation_caption === BOARD_CAPTION;
}

/** Titles offered to a category (part 1 §5): entitled categories see every title, others only the non-entitled ones. */
async function checkTitles(db: Db, category: string | null, titles: string[], problems: Problems) {
  if (!titles.length) return;
  const [cat] = category
    ? await db.select({ entitled: membershipCategories.entitled }).from(membershipCategories).where(eq(membershipCategories.code, category))
    : [];
  const rows = await db
    .select({ code: lookupItems.code, extra: lookupItems.extra })
    .from(lookupItems)
    .where(and(eq(lookupItems.list, 'titles'), inArray(lookupItems.code, titles)));
  const offered = new Set(rows.filter((r) => cat?.entitled || !r.extra.entitled).map((r) => r.code));
  if (titles.some((t) => !offered.has(t))) problems.add('profileTitle', profileNotices.titleNotAllowed);
}

interface BioFiles {
  photo?: PreparedFile;
  id?: PreparedFile;
}

async function readBioFiles(req: FastifyRequest, problems: Problems, need: { photo: boolean; id: boolean }): Promise<BioFiles> {
  const out: BioFiles = {};
  const [photo] = uploadsOf(req, PHOTO_FIELD);
  if (photo) out.photo = await preparePhoto(photo, problems);
  else if (need.photo) problems.add(PHOTO_FIELD, profileMessages.photoRequired);
  const [id] = uploadsOf(req, ID_FIELD);
  if (id) out.id = await preparePdf(id, problems, profileMessages.idPdf);
  else if (need.id) problems.add(ID_FIELD, fileRequiredMessage(BIO_FILE_RULES.id));
  return out;
}

function bioColumns(input: Bio) {
  return {
    firstName: input.FirstName,
    secondName: input.SecondName || null,
    lastName: input.LastName,
    gender: input.Gender,
    dateOfBirth: input.DateOfBirth,
    identificationDocumentNo: input.IdentificationDocumentNo,
    discipline: input.Discipline,
    titles: [...new Set(input.profileTitle)],
    nationality: input.Nationality,
    county: input.county || null,
    city: input.City || null,
    disability: input.Disability,
    pwdCardNo: input.Disability ? input.PWDCardNo : null,
    disabilityDescription: input.Disability ? input.DisabilityDescription : null,
    practicingFirm: input.memberPracticingFirm || null,
    specialization: input.specialization || null,
  };
}

/** Validates the bio form and its files; every problem is reported together. */
async function readBio(ctx: AppContext, req: FastifyRequest, category: string | null, stored: ProfileRow | null) {
  const boardCaption = await boardCaptionApplies(ctx);
  const problems = new Problems();
  const input = problems.parse(bioSchema(boardCaption), formFields(req.body));
  if (input) await checkTitles(ctx.db, category, input.profileTitle, problems);
  const files = await readBioFiles(req, problems, { photo: !stored?.pictureFileId, id: boardCaption && !stored?.idFileId });
  problems.throwIfAny();
  return { input: input as Bio, files };
}

function assertIndividual(user: UserRow) {
  if (user.isAdmin || user.isApprover) throw forbidden(profileNotices.adminNoProfile);
  if (user.type === 'Corporate') throw forbidden(profileNotices.individualOnly);
}

/**
 * POST /api/profile: the caller's bio, once. The profile takes the account's category, email and phone;
 * the account and its applications are linked to it. Answers the new profile id.
 */
export async function createBio(ctx: AppContext, req: FastifyRequest, user: UserRow): Promise<string> {
  assertIndividual(user);
  if (user.profileId) throw conflict(profileNotices.profileExists);
  const { input, files } = await readBio(ctx, req, user.category, null);
  return withFileChanges(ctx, async (tx, changes) => {
    const profileId = await nextNumber(tx, 'profile', 'PR');
    await tx.insert(profiles).values({
      profileId,
      type: 'Individual',
      ...bioColumns(input),
      email: user.email,
      phoneNo: user.phoneNo,
      membershipType: user.category,
    });
    const picture = files.photo ? await changes.save(profileId, 'picture', files.photo) : null;
    const idFile = files.id ? await changes.save(profileId, 'id-document', files.id) : null;
    if (picture || idFile) {
      await tx
        .update(profiles)
        .set({ pictureFileId: picture?.id ?? null, idFileId: idFile?.id ?? null })
        .where(eq(profiles.profileId, profileId));
    }
    await linkAccount(tx, user, profileId);
    return profileId;
  });
}

/** Points the account (only if it still has no profile: two simultaneous creates cannot both win) and its applications at the profile. */
export async function linkAccount(tx: Db, user: UserRow, profileId: string) {
  const linked = await tx
    .update(users)
    .set({ profileId, updatedAt: new Date() })
    .where(and(eq(users.id, user.id), isNull(users.profileId)))
    .returning({ id: users.id });
  if (!linked.length) throw conflict(profileNotices.profileExists);
  await tx
    .update(applications)
    .set({ profileId, updatedAt: new Date() })
    .where(and(eq(applications.userId, user.id), isNull(applications.profileId)));
}

async function ownProfile(ctx: AppContext, user: UserRow): Promise<ProfileRow> {
  const [row] = user.profileId ? await ctx.db.select().from(profiles).where(eq(profiles.profileId, user.profileId)) : [];
  if (!row) throw notFound(profileNotices.noProfile);
  return row;
}

/** `{confirmed: true}` alone (with the caller's ProfileID at most) is the confirmation of the name (part 1 §4). */
export function isConfirmation(fields: Record<string, unknown>) {
  const confirmed = fields.confirmed === true || fields.confirmed === 'true' || fields.confirmed === '1' || fields.confirmed === 1;
  const bioKeys = Object.keys(bioBase.shape).filter((k) => k !== 'confirmed');
  return confirmed && !bioKeys.some((k) => fields[k] !== undefined);
}

export async function confirmProfile(ctx: AppContext, user: UserRow, fields: Record<string, unknown>) {
  const profile = await ownProfile(ctx, user);
  // A ProfileID only ever addresses the caller's own profile.
  if (fields.ProfileID !== undefined && fields.ProfileID !== '' && String(fields.ProfileID) !== profile.profileId) {
    throw notFound(profileNotices.noProfile);
  }
  await ctx.db.update(profiles).set({ confirmed: true, updatedAt: new Date() }).where(eq(profiles.profileId, profile.profileId));
  return { message: profileMessages.confirmed };
}

/**
 * POST /api/profile/update: the same form; files only replace what is stored. Changing a name clears the
 * confirmation, since the member confirmed the name as it was.
 */
export async function updateBio(ctx: AppContext, req: FastifyRequest, user: UserRow): Promise<string> {
  assertIndividual(user);
  const stored = await ownProfile(ctx, user);
  const { input, files } = await readBio(ctx, req, user.category ?? stored.membershipType, stored);
  const columns = bioColumns(input);
  // Case does not make another name (the form upper-cases other names).
  const same = (a: string | null, b: string | null) => (a ?? '').toUpperCase() === (b ?? '').toUpperCase();
  const renamed =
    !same(columns.firstName, stored.firstName) || !same(columns.lastName, stored.lastName) || !same(columns.secondName, stored.secondName);
  await withFileChanges(ctx, async (tx, changes) => {
    const picture = files.photo ? await changes.save(stored.profileId, 'picture', files.photo) : null;
    const idFile = files.id ? await changes.save(stored.profileId, 'id-document', files.id) : null;
    await tx
      .update(profiles)
      .set({
        ...columns,
        ...(picture ? { pictureFileId: picture.id } : {}),
        ...(idFile ? { idFileId: idFile.id } : {}),
        ...(renamed ? { confirmed: false } : {}),
        updatedAt: new Date(),
      })
      .where(eq(profiles.profileId, stored.profileId));
    await changes.drop(stored.profileId, [picture && stored.pictureFileId, idFile && stored.idFileId]);
  });
  return stored.profileId;
}
