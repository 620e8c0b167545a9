import {
  codeKey,
  contactSchemaFor,
  type FileRule,
  fileRequiredMessage,
  messages,
  profileMessages,
  refereeSchemaFor,
  SECTION_CODED_FIELDS,
  SECTIONS,
  type SectionDefinition,
  type SectionEntry,
  type SectionName,
  transcriptMessages,
} from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, asc, eq, max, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../shared/context';
import { describeCodes, entryCodes } from '../../shared/describe-codes';
import { badRequest, conflict, forbidden, notFound, Problems } from '../../shared/errors';
import { cachedMinorSettings } from '../../shared/organisation';
import { preparedPerDb } from '../../shared/prepared';
import type { UserRow } from '../../shared/session';
import { cleanFileName, formFields, uploadsOf } from '../../shared/uploads';
import { refereeDeliveries, refereeEntryRemoved, refereeEntrySaved } from '../referees';
import { type FileChanges, type FileRef, type PreparedFile, preparePdf, withFileChanges } from './files';
import { profileNotices } from './notices';

const { profiles, profileEntries, lookupItems } = schema;
type EntryRow = typeof profileEntries.$inferSelect;
type Data = Record<string, unknown>;

/** The certification's extra files: repeated `transcripts` with `transcriptDescriptions` (JSON list, same order). */
const TRANSCRIPT_FILES = 'transcripts';

export function entryDto(row: EntryRow): SectionEntry {
  return { ...row.data, EntryNo: row.entryNo, lineNo: row.entryNo, entryNo: row.entryNo, ProfileID: row.profileId };
}

function definition(section: SectionName): SectionDefinition {
  return SECTIONS[section];
}

/** A section of the other member type (directors for an individual, …) is refused. */
function assertSectionFor(user: UserRow, section: SectionName) {
  const { memberType } = definition(section);
  if (memberType !== 'Both' && memberType !== (user.type === 'Corporate' ? 'Corporate' : 'Individual')) {
    throw forbidden(profileNotices.wrongMemberType);
  }
}

/**
 * Referee entries also carry where their current request went, masked (`sentToEmail`, `sentToPhone`): the
 * referee's email and phone on record, which the applicant cannot change (docs/decisions/028).
 */
async function withDeliveries(db: Db, profileId: string, section: SectionName, entries: SectionEntry[]): Promise<SectionEntry[]> {
  if (section !== 'referee' || !entries.length) return entries;
  const deliveries = await refereeDeliveries(db, profileId);
  return entries.map((e) => ({ ...e, sentToEmail: '', sentToPhone: '', ...deliveries.get(e.EntryNo) }));
}

// Every tab of the profile page reads its section: built once and prepared (issue 11).
const sectionEntries = preparedPerDb((db) =>
  db
    .select()
    .from(profileEntries)
    .where(and(eq(profileEntries.profileId, sql.placeholder('profileId')), eq(profileEntries.section, sql.placeholder('section'))))
    .orderBy(asc(profileEntries.entryNo))
    .prepare('profile_section_entries'),
);

/**
 * The descriptions of the entries' setup codes (SECTION_CODED_FIELDS) as `codeDescriptions`, by field: the member's
 * tables show 'Kenya Certificate of Secondary Education', not 'KCSE', as the back office does (decision 040).
 */
async function withCodeDescriptions(db: Db, section: SectionName, rows: EntryRow[], entries: SectionEntry[]): Promise<SectionEntry[]> {
  const coded = Object.entries(SECTION_CODED_FIELDS[section] ?? {});
  if (!coded.length || !rows.length) return entries;
  const labels = await describeCodes(db, entryCodes(rows));
  return entries.map((entry) => {
    const codeDescriptions: Record<string, string> = {};
    for (const [field, list] of coded) {
      const label = labels.get(codeKey(list, entry[field]));
      if (label) codeDescriptions[field] = label;
    }
    return { ...entry, codeDescriptions };
  });
}

/** GET /api/profile/{section}: the caller's entries in entry order. */
export async function listEntries(ctx: AppContext, user: UserRow, section: SectionName): Promise<SectionEntry[]> {
  assertSectionFor(user, section);
  if (!user.profileId) return [];
  const rows = await sectionEntries(ctx.db).execute({ profileId: user.profileId, section });
  const entries = await withCodeDescriptions(ctx.db, section, rows, rows.map(entryDto));
  return withDeliveries(ctx.db, user.profileId, section, entries);
}

/** EntryNo (or the spec's entryNo / lineNo) of the request; null when none was sent. */
function requestedEntryNo(fields: Data): number | null {
  const raw = fields.EntryNo ?? fields.entryNo ?? fields.lineNo;
  if (raw === undefined || raw === null || raw === '') return null;
  const n = Number(raw);
  // Anything that is not an entry number addresses no entry of the caller's.
  if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) throw notFound(profileNotices.entryNotFound);
  return n;
}

async function findEntry(db: Db, profileId: string, section: SectionName, entryNo: number) {
  const [row] = await db
    .select()
    .from(profileEntries)
    .where(and(eq(profileEntries.profileId, profileId), eq(profileEntries.section, section), eq(profileEntries.entryNo, entryNo)));
  if (!row) throw notFound(profileNotices.entryNotFound);
  return row;
}

const fileRefOf = (value: unknown): FileRef | null =>
  value && typeof value === 'object' && typeof (value as FileRef).id === 'string' ? (value as FileRef) : null;

interface Transcript {
  description: string;
  file: FileRef;
}
const transcriptsOf = (data: Data | undefined): Transcript[] =>
  Array.isArray(data?.transcript) ? (data.transcript as Transcript[]).filter((t) => fileRefOf(t?.file)) : [];

/** Every file an entry points at. */
function fileIdsOf(section: SectionName, data: Data): string[] {
  const ids = definition(section).files.map((rule) => fileRefOf(data[rule.field])?.id);
  for (const t of transcriptsOf(data)) ids.push(t.file.id);
  return ids.filter((id): id is string => Boolean(id));
}

/** On update, `transcript` (JSON list) names the stored transcripts to keep by file id; without it all are kept. */
function keptTranscripts(fields: Data, stored: Transcript[]): Transcript[] {
  let raw = fields.transcript;
  if (raw === undefined) return stored;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      raw = [];
    }
  }
  if (!Array.isArray(raw)) return stored;
  const wanted = new Map<string, string | undefined>();
  for (const item of raw as { description?: unknown; file?: { id?: unknown }; id?: unknown }[]) {
    const id = item?.file?.id ?? item?.id;
    if (typeof id === 'string')
      wanted.set(id, typeof item.description === 'string' && item.description.trim() ? item.description.trim() : undefined);
  }
  return stored.filter((t) => wanted.has(t.file.id)).map((t) => ({ ...t, description: wanted.get(t.file.id) ?? t.description }));
}

interface CheckedFiles {
  single: Map<string, PreparedFile>;
  transcripts: { description: string; file: PreparedFile }[];
}

async function checkFiles(
  req: FastifyRequest,
  section: SectionName,
  existing: Data | undefined,
  parsed: Data | undefined,
  problems: Problems,
) {
  const checked: CheckedFiles = { single: new Map(), transcripts: [] };
  for (const rule of definition(section).files as FileRule[]) {
    const [upload] = uploadsOf(req, rule.field);
    if (upload) {
      const file = await preparePdf(upload, problems);
      if (file) checked.single.set(rule.field, file);
    } else if (rule.required && !fileRefOf(existing?.[rule.field])) {
      // Named: 'Certificate is required', not 'Attachment is required' (issue 16).
      problems.add(rule.field, fileRequiredMessage(rule));
    }
  }
  if (section === 'certification') {
    const uploads = uploadsOf(req, TRANSCRIPT_FILES);
    const descriptions = ((parsed?.transcriptDescriptions as string[] | undefined) ?? []).map((d) => String(d).trim());
    // Each transcript row that lacks its description or its PDF, by number (the web form says the same).
    for (let i = 0; i < Math.max(uploads.length, descriptions.length); i++) {
      if (!descriptions[i]) problems.add(TRANSCRIPT_FILES, transcriptMessages.description(i + 1));
      if (!uploads[i]) problems.add(TRANSCRIPT_FILES, transcriptMessages.file(i + 1));
    }
    for (const [i, upload] of uploads.entries()) {
      const file = await preparePdf(upload, problems);
      if (file && descriptions[i]) checked.transcripts.push({ description: descriptions[i], file });
    }
  }
  return checked;
}

interface RuleInput {
  tx: Db;
  user: UserRow;
  profileId: string;
  section: SectionName;
  data: Data;
  /** The entry being updated. */
  existing?: EntryRow;
}

/** Another entry of the caller's in this section matching `condition`. */
async function otherEntryWhere(input: RuleInput, condition: ReturnType<typeof sql>) {
  const [row] = await input.tx
    .select({ id: profileEntries.id })
    .from(profileEntries)
    .where(
      and(
        eq(profileEntries.profileId, input.profileId),
        eq(profileEntries.section, input.section),
        input.existing ? ne(profileEntries.id, input.existing.id) : undefined,
        condition,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** A registered member by number, case-insensitively. */
async function memberByNumber(db: Db, memberNo: string) {
  const [row] = await db.select().from(profiles).where(sql`upper(${profiles.memberNo}) = upper(${memberNo.trim()})`).limit(1);
  return row ?? null;
}

/** Section rules that need the database; each answers fields to store beside the form's. */
const sectionRules: Partial<Record<SectionName, (input: RuleInput) => Promise<Data>>> = {
  async contact(input) {
    if (await otherEntryWhere(input, sql`${profileEntries.data}->>'Type' = ${String(input.data.Type)}`)) {
      throw conflict(profileMessages.oneContactPerType, { Type: [profileMessages.oneContactPerType] });
    }
    return {};
  },
  async specialization(input) {
    const description = String(input.data.Description);
    if (await otherEntryWhere(input, sql`lower(${profileEntries.data}->>'Description') = lower(${description})`)) {
      throw conflict(profileMessages.duplicateSpecialization, { Description: [profileMessages.duplicateSpecialization] });
    }
    return {};
  },
  directors: holderRule,
  shareholders: holderRule,
  async referee(input) {
    const member = await memberByNumber(input.tx, String(input.data.MemberNo));
    if (!member?.memberNo) throw notFound(messages.memberNotFound);
    if (member.profileId === input.profileId) throw badRequest(profileNotices.refereeSelf, { MemberNo: [profileNotices.refereeSelf] });
    if (await otherEntryWhere(input, sql`upper(${profileEntries.data}->>'MemberNo') = upper(${member.memberNo})`)) {
      throw conflict(profileNotices.refereeDuplicate, { MemberNo: [profileNotices.refereeDuplicate] });
    }
    // Left empty it was refused with the form's other fields (sectionSchema); here an unknown code is.
    const types = await refereeTypeCodes(input.tx);
    if (types.length && !types.includes(String(input.data.refereeType))) {
      throw badRequest(profileMessages.refereeTypeRequired, { refereeType: [profileMessages.refereeTypeRequired] });
    }
    // The referee's answer belongs to the referee: kept while the same member is named.
    const sameReferee = input.existing && String(input.existing.data.MemberNo).toUpperCase() === member.memberNo.toUpperCase();
    return {
      MemberNo: member.memberNo,
      response: sameReferee ? (input.existing?.data.response ?? '') : '',
      Remarks: sameReferee ? (input.existing?.data.Remarks ?? '') : '',
    };
  },
  async employees(input) {
    const [type] = await input.tx
      .select({ description: lookupItems.description })
      .from(lookupItems)
      .where(and(eq(lookupItems.list, 'employee-types'), eq(lookupItems.code, String(input.data.code))));
    if (!type) throw badRequest(profileNotices.employeeType, { code: [profileNotices.employeeType] });
    return { description: type.description };
  },
};

/** A director or shareholder who is a Member must carry a registered member number. */
async function holderRule(input: RuleInput): Promise<Data> {
  if (input.data.type !== 'Member') return {};
  const member = await memberByNumber(input.tx, String(input.data.regNo));
  if (!member?.memberNo) throw badRequest(profileMessages.registrationNotFound, { regNo: [profileMessages.registrationNotFound] });
  return { regNo: member.memberNo };
}

async function refereeTypeCodes(db: Db): Promise<string[]> {
  const rows = await db.select({ code: lookupItems.code }).from(lookupItems).where(eq(lookupItems.list, 'referee-types'));
  return rows.map((r) => r.code);
}

async function sectionSchema(ctx: AppContext, section: SectionName) {
  if (section === 'contact') return contactSchemaFor((await cachedMinorSettings(ctx.db)).countyField);
  // Referee Type is required while the board has referee types: reported with every other field at once (issue 16).
  if (section === 'referee') return refereeSchemaFor((await refereeTypeCodes(ctx.db)).length > 0);
  return definition(section).schema;
}

async function storeFiles(changes: FileChanges, profileId: string, section: SectionName, checked: CheckedFiles) {
  const refs: Data = {};
  for (const [field, file] of checked.single) refs[field] = await changes.save(profileId, `${section}.${field}`, file);
  const transcripts: Transcript[] = [];
  for (const t of checked.transcripts)
    transcripts.push({ description: t.description, file: await changes.save(profileId, `${section}.transcript`, t.file) });
  return { refs, transcripts };
}

/**
 * Creates an entry, or updates one when `mode` is update (or the create form carries an EntryNo, as the
 * spec's contact form does). EntryNo only ever addresses the caller's own entries: any other answers 404.
 */
export async function saveEntry(
  ctx: AppContext,
  req: FastifyRequest,
  user: UserRow,
  section: SectionName,
  mode: 'create' | 'update',
): Promise<SectionEntry> {
  assertSectionFor(user, section);
  const profileId = user.profileId;
  if (!profileId) throw notFound(profileNotices.noProfile);
  const fields = formFields(req.body);
  const entryNo = requestedEntryNo(fields);
  if (mode === 'update' && entryNo === null)
    throw badRequest(profileNotices.entryNoRequired, { EntryNo: [profileNotices.entryNoRequired] });
  const existing = entryNo === null ? undefined : await findEntry(ctx.db, profileId, section, entryNo);

  // The attachment's name is its file's name when the form leaves it out (the web app fills it from the picked file).
  const [attachment] = section === 'attachments' ? uploadsOf(req, 'attachment') : [];
  // A file name, typed or taken from the file, is shown and offered back as a download name: its base name only.
  if (section === 'attachments' && typeof fields.fileName === 'string') fields.fileName = cleanFileName(fields.fileName);
  if (attachment && !String(fields.fileName ?? '').trim()) fields.fileName = attachment.fileName;

  const problems = new Problems();
  const parsed = problems.parse(await sectionSchema(ctx, section), fields) as Data | undefined;
  const checked = await checkFiles(req, section, existing?.data, parsed, problems);
  problems.throwIfAny();
  const { transcriptDescriptions: _descriptions, ...formData } = parsed as Data;

  const row = await withFileChanges(ctx, async (tx, changes) => {
    // One writer per profile at a time: entry numbers and the one-per-type rules hold under concurrency.
    await tx.select({ id: profiles.profileId }).from(profiles).where(eq(profiles.profileId, profileId)).for('update');
    const current = existing ? await findEntry(tx, profileId, section, existing.entryNo) : undefined;
    const rule = sectionRules[section];
    const extra = rule ? await rule({ tx, user, profileId, section, data: formData, existing: current }) : {};
    const { refs, transcripts } = await storeFiles(changes, profileId, section, checked);

    const keptFiles: Data = {};
    for (const f of definition(section).files) {
      const stored = fileRefOf(current?.data[f.field]);
      if (stored && !refs[f.field]) keptFiles[f.field] = stored;
    }
    const data: Data = { ...formData, ...extra, ...keptFiles, ...refs };
    if (section === 'certification') {
      const before = transcriptsOf(current?.data);
      const kept = current ? keptTranscripts(fields, before) : [];
      data.transcript = [...kept, ...transcripts];
      const keptIds = new Set(kept.map((t) => t.file.id));
      await changes.drop(
        profileId,
        before.filter((t) => !keptIds.has(t.file.id)).map((t) => t.file.id),
      );
    }
    if (current) {
      await changes.drop(
        profileId,
        Object.keys(refs).map((field) => fileRefOf(current.data[field])?.id),
      );
      const [updated] = await tx
        .update(profileEntries)
        .set({ data, updatedAt: new Date() })
        .where(eq(profileEntries.id, current.id))
        .returning();
      // Naming another member is a replacement: the old links stop working and the new referee is asked.
      if (section === 'referee') await refereeEntrySaved(tx, ctx.config, updated, current);
      return updated;
    }
    const [{ last }] = await tx
      .select({ last: max(profileEntries.entryNo) })
      .from(profileEntries)
      .where(and(eq(profileEntries.profileId, profileId), eq(profileEntries.section, section)));
    const [created] = await tx
      .insert(profileEntries)
      .values({ profileId, section, entryNo: (last ?? 0) + 1, data })
      .returning();
    // A new referee is emailed the request (docs/decisions/018).
    if (section === 'referee') await refereeEntrySaved(tx, ctx.config, created);
    return created;
  });
  const described = await withCodeDescriptions(ctx.db, section, [row], [entryDto(row)]);
  const [saved] = await withDeliveries(ctx.db, profileId, section, described);
  return saved;
}

/** POST /api/profile/{section}/remove {EntryNo}: the entry and the files it points at. */
export async function removeEntry(ctx: AppContext, req: FastifyRequest, user: UserRow, section: SectionName) {
  assertSectionFor(user, section);
  const profileId = user.profileId;
  if (!profileId) throw notFound(profileNotices.entryNotFound);
  const entryNo = requestedEntryNo(formFields(req.body));
  if (entryNo === null) throw badRequest(profileNotices.entryNoRequired, { EntryNo: [profileNotices.entryNoRequired] });
  await withFileChanges(ctx, async (tx, changes) => {
    const [removed] = await tx
      .delete(profileEntries)
      .where(and(eq(profileEntries.profileId, profileId), eq(profileEntries.section, section), eq(profileEntries.entryNo, entryNo)))
      .returning();
    if (!removed) throw notFound(profileNotices.entryNotFound);
    if (section === 'referee') await refereeEntryRemoved(tx, profileId, entryNo);
    await changes.drop(profileId, fileIdsOf(section, removed.data));
  });
  return { message: profileNotices.removed, EntryNo: entryNo };
}
