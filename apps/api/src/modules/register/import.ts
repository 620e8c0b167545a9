import {
  IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportColumn,
  type ImportReport,
  type ImportRow,
  MEMBER_TYPES,
  MEMBERSHIP_STATUSES,
  registerMessages as m,
  parsePhone,
} from '@portal/contract';
import { type Db, queryRows, reserveNumbers, schema } from '@portal/db';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../shared/audit';
import type { AppContext } from '../../shared/context';
import { badRequest, conflict, HttpError } from '../../shared/errors';
import type { Upload } from '../../shared/uploads';
import { freshLookups, type RegisterLookups } from './lookups';
import { forgetStats } from './stats';

const { profiles, memberships } = schema;

/** A row's values once checked and normalised: what the register holds for the member. */
interface MemberValues {
  memberNo: string;
  firstName: string;
  secondName: string | null;
  lastName: string;
  idNumber: string;
  email: string | null;
  phone: string | null;
  category: string;
  discipline: string | null;
  registrationDate: string | null;
  status: string;
  type: string;
}

interface Candidate {
  line: number;
  values: MemberValues;
}

interface Existing {
  profileId: string;
  profileMemberNo: string | null;
  firstName: string;
  secondName: string | null;
  lastName: string;
  idNumber: string | null;
  email: string | null;
  phone: string | null;
  membershipType: string | null;
  discipline: string | null;
  type: string;
  membershipId: number | null;
  category: string | null;
  status: string | null;
  registrationDate: string | null;
}

const MEMBER_NO = /^[A-Z0-9][A-Z0-9/-]{0,29}$/;
const ID_NUMBER = /^[A-Z0-9]{1,30}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CHUNK = 1000;

// ---------------------------------------------------------------- reading the file

/** The file's text: UTF-8 (with or without BOM), else Windows-1252 as spreadsheets save it; binary is refused. */
function fileText(bytes: Buffer): string {
  if (bytes.includes(0)) throw badRequest(m.notCsv, { file: [m.notCsv] });
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  // Text, not a binary file that happens to hold no zero byte: control characters other than tab and line ends.
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127) throw badRequest(m.notCsv, { file: [m.notCsv] });
  }
  return text;
}

const headerKey = (name: string) => name.replace(/[\s_]/g, '').toLowerCase();

interface ParsedRow {
  line: number;
  cells: Record<ImportColumn, string>;
}

function parseRegister(text: string): ParsedRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      info: true,
    }) as unknown as typeof records;
  } catch (error) {
    const detail = (error as Error).message;
    throw badRequest(m.unreadable(detail), { file: [m.unreadable(detail)] });
  }
  if (!records.length) throw badRequest(m.emptyFile, { file: [m.emptyFile] });
  const header = records[0].record.map(headerKey);
  const positions = new Map<ImportColumn, number>();
  for (const column of IMPORT_COLUMNS) {
    const at = header.indexOf(headerKey(column));
    if (at !== -1) positions.set(column, at);
  }
  const missing = IMPORT_COLUMNS.filter((c) => !positions.has(c));
  if (missing.length) throw badRequest(m.missingColumns(missing), { file: [m.missingColumns(missing)] });
  const rows = records.slice(1).filter((r) => r.record.some((cell) => cell !== ''));
  if (!rows.length) throw badRequest(m.emptyFile, { file: [m.emptyFile] });
  if (rows.length > IMPORT_MAX_ROWS) throw badRequest(m.tooManyRows, { file: [m.tooManyRows] });
  return rows.map(({ record, info }) => {
    const cells = {} as Record<ImportColumn, string>;
    for (const column of IMPORT_COLUMNS) cells[column] = record[positions.get(column) as number] ?? '';
    // info.lines is where the record ends; a quoted value may span lines.
    const newlines = record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);
    return { line: info.lines - newlines, cells };
  });
}

// ---------------------------------------------------------------- checking a row

const collapse = (value: string) => value.replace(/\s+/g, ' ').trim();

/** A date as YYYY-MM-DD: ISO (an Excel time of midnight allowed) or day first (30/06/2015), as Kenyan registers write it. */
export function parseRegisterDate(value: string): string | null | 'invalid' {
  if (!value) return null;
  let y: number;
  let mo: number;
  let d: number;
  const iso = value.match(/^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T]00:00(?::00(?:\.0+)?)?Z?)?$/);
  const dayFirst = value.match(/^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/);
  if (iso) [y, mo, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dayFirst) [d, mo, y] = [Number(dayFirst[1]), Number(dayFirst[2]), Number(dayFirst[3])];
  else return 'invalid';
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return 'invalid';
  return date.toISOString().slice(0, 10);
}

function byCodeOrDescription(entries: Iterable<[string, string]>, value: string): string | undefined {
  const wanted = value.toLowerCase();
  for (const [code, description] of entries) {
    if (code.toLowerCase() === wanted || description.toLowerCase() === wanted) return code;
  }
  return undefined;
}

/** The row's values, or the reasons it is refused (all of them, joined). */
function checkRow(cells: Record<ImportColumn, string>, lookups: RegisterLookups): MemberValues | string {
  const reasons: string[] = [];
  const memberNo = cells.MemberNo.replace(/\s+/g, '').toUpperCase();
  if (!memberNo) reasons.push(m.memberNoRequired);
  else if (!MEMBER_NO.test(memberNo)) reasons.push(m.memberNoInvalid);

  const firstName = collapse(cells.FirstName);
  const secondName = collapse(cells.SecondName) || null;
  const lastName = collapse(cells.LastName);
  if (!firstName) reasons.push(m.firstNameRequired);
  if (!lastName) reasons.push(m.lastNameRequired);
  for (const [field, value] of [
    ['First Name', firstName],
    ['Second Name', secondName],
    ['Last Name', lastName],
  ] as const) {
    if (value && value.length > 100) reasons.push(m.nameTooLong(field));
  }

  const idNumber = cells.IdentificationDocumentNo.replace(/\s+/g, '').toUpperCase();
  if (!idNumber) reasons.push(m.idRequired);
  else if (!ID_NUMBER.test(idNumber)) reasons.push(m.idInvalid);

  const email = cells.Email.trim().toLowerCase() || null;
  if (email && (!EMAIL.test(email) || email.length > 254)) reasons.push(m.emailInvalid);

  // Any usual way of writing a number, kept in the one stored form (decision 040).
  const rawPhone = cells.PhoneNo.trim();
  const phone = rawPhone ? parsePhone(rawPhone) : null;
  if (rawPhone && !phone) reasons.push(m.phoneInvalid);

  const categoryValue = collapse(cells.Category);
  let category: string | undefined;
  if (!categoryValue) reasons.push(m.categoryRequired);
  else {
    category = byCodeOrDescription(
      [...lookups.categories].map(([code, c]) => [code, c.description]),
      categoryValue,
    );
    if (!category) reasons.push(m.unknownCategory(categoryValue));
  }

  const disciplineValue = collapse(cells.Discipline);
  const discipline = disciplineValue ? (byCodeOrDescription(lookups.disciplines, disciplineValue) ?? null) : null;
  if (disciplineValue && !discipline) reasons.push(m.unknownDiscipline(disciplineValue));

  const registrationDate = parseRegisterDate(cells.RegistrationDate.trim());
  if (registrationDate === 'invalid') reasons.push(m.dateInvalid);
  else if (registrationDate && registrationDate > new Date().toISOString().slice(0, 10)) reasons.push(m.dateInFuture);

  const status = MEMBERSHIP_STATUSES.find((s) => s.toLowerCase() === collapse(cells.Status).toLowerCase());
  if (!status) reasons.push(m.statusInvalid);

  const categoryType = category ? lookups.categories.get(category)?.categoryType : undefined;
  const typeValue = collapse(cells.Type);
  const type = typeValue ? MEMBER_TYPES.find((t) => t.toLowerCase() === typeValue.toLowerCase()) : categoryType;
  if (typeValue && !type) reasons.push(m.typeInvalid);
  else if (type && categoryType && type !== categoryType) reasons.push(m.typeMismatch(category as string, categoryType));

  if (reasons.length) return reasons.join('; ');
  return {
    memberNo,
    firstName,
    secondName,
    lastName,
    idNumber,
    email,
    phone,
    category: category as string,
    discipline,
    registrationDate: registrationDate as string | null,
    status: status as string,
    type: type ?? 'Individual',
  };
}

// ---------------------------------------------------------------- the register as it stands

function chunks<T>(list: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

const selectExisting = sql`select p.profile_id, p.member_no as profile_member_no, p.first_name, p.second_name, p.last_name,
  p.identification_document_no, p.email, p.phone_no, p.membership_type, p.discipline, p.type`;

function toExisting(r: Record<string, unknown>): Existing {
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  return {
    profileId: String(r.profile_id),
    profileMemberNo: text(r.profile_member_no),
    firstName: String(r.first_name),
    secondName: text(r.second_name),
    lastName: String(r.last_name),
    idNumber: text(r.identification_document_no),
    email: text(r.email),
    phone: text(r.phone_no),
    membershipType: text(r.membership_type),
    discipline: text(r.discipline),
    type: String(r.type),
    membershipId: r.membership_id === null || r.membership_id === undefined ? null : Number(r.membership_id),
    category: text(r.category_code),
    status: text(r.status),
    registrationDate: r.registration_date ? String(r.registration_date).slice(0, 10) : null,
  };
}

/**
 * The register's entry for each number: its membership row and that row's profile, else a profile holding the
 * number without a membership row. `profileHolders` says which profile holds each number.
 */
async function existingMembers(db: Db, memberNos: string[]) {
  const found = new Map<string, Existing>();
  const profileHolders = new Map<string, string>();
  for (const part of chunks(memberNos)) {
    // One after the other: inside a transaction the queries share one connection.
    const withMembership = await queryRows<Record<string, unknown>>(
      db,
      sql`${selectExisting}, m.member_no as key, m.id as membership_id, m.category_code, m.status,
            m.registration_date::text as registration_date
          from memberships m join profiles p on p.profile_id = m.profile_id where m.member_no in ${part}`,
    );
    const profileRows = await queryRows<Record<string, unknown>>(
      db,
      sql`${selectExisting}, p.member_no as key from profiles p where p.member_no in ${part}`,
    );
    for (const r of withMembership) found.set(String(r.key), toExisting(r));
    for (const r of profileRows) {
      profileHolders.set(String(r.key), String(r.profile_id));
      if (!found.has(String(r.key))) found.set(String(r.key), toExisting(r));
    }
  }
  return { found, profileHolders };
}

/** Which member already holds each e-mail / ID number (members only: applicants have no number). */
async function holders(db: Db, column: 'email' | 'id', values: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const expr = column === 'email' ? sql`lower(email)` : sql`upper(identification_document_no)`;
  for (const part of chunks(values)) {
    const rows = await queryRows<{ value: string; member_no: string }>(
      db,
      sql`select ${expr} as value, member_no from profiles where member_no is not null and ${expr} in ${part}`,
    );
    for (const r of rows) found.set(r.value, r.member_no);
  }
  return found;
}

/** The register's columns a row changes on an existing member, by their CSV names (none: the row is unchanged). */
function changedColumns(existing: Existing, v: MemberValues): string[] {
  const compared: [string, unknown, unknown][] = [
    ['MemberNo', existing.profileMemberNo, v.memberNo],
    ['FirstName', existing.firstName, v.firstName],
    ['SecondName', existing.secondName || null, v.secondName],
    ['LastName', existing.lastName, v.lastName],
    ['IdentificationDocumentNo', existing.idNumber, v.idNumber],
    ['Email', existing.email || null, v.email],
    ['PhoneNo', existing.phone || null, v.phone],
    ['Category', existing.category, v.category],
    ['Discipline', existing.discipline || null, v.discipline],
    ['Type', existing.type, v.type],
    ['Status', existing.status, v.status],
    ['RegistrationDate', existing.registrationDate, v.registrationDate],
  ];
  const changed = compared.filter(([, before, after]) => before !== after).map(([name]) => name);
  // The profile's own copy of the category (membership_type) follows the register's.
  if (existing.membershipType !== v.category && !changed.includes('Category')) changed.push('Category');
  // A member known only as a profile gets the membership row the register describes.
  if (existing.membershipId === null) changed.push('Membership');
  return changed;
}

/** The profile columns a register row sets, on insert and on update alike. */
function profileColumns(v: MemberValues) {
  return {
    type: v.type,
    firstName: v.firstName,
    secondName: v.secondName,
    lastName: v.lastName,
    identificationDocumentNo: v.idNumber,
    email: v.email,
    phoneNo: v.phone,
    memberNo: v.memberNo,
    membershipType: v.category,
    discipline: v.discipline,
  };
}

/** The membership columns a register row sets (the member number and profile are the row's key). */
function membershipColumns(v: MemberValues) {
  return { categoryCode: v.category, status: v.status, registrationDate: v.registrationDate };
}

// ---------------------------------------------------------------- the import

/**
 * POST /api/admin/members/import: upserts the body's register, keyed by MemberNo, and reports every row.
 * Rows already as the file has them are left alone (a second import of the same file changes nothing).
 * Portal accounts are never touched: a member who has one keeps their sign-in e-mail and password.
 */
export async function importMembers(ctx: AppContext, request: FastifyRequest, upload: Upload | undefined): Promise<ImportReport> {
  if (!upload || upload.size === 0) throw badRequest(m.fileRequired, { file: [m.fileRequired] });
  if (upload.size > IMPORT_MAX_BYTES) throw new HttpError(413, m.fileTooLarge, { file: [m.fileTooLarge] });
  const parsed = parseRegister(fileText(await upload.read()));
  const lookups = await freshLookups(ctx.db);

  const results = new Map<number, ImportRow>();
  const refuse = (line: number, memberNo: string, reason: string) => results.set(line, { line, memberNo, result: 'refused', reason });

  // Each row on its own, then against the other rows of the file.
  const candidates: Candidate[] = [];
  const firstLine = { memberNo: new Map<string, number>(), email: new Map<string, number>(), id: new Map<string, number>() };
  for (const { line, cells } of parsed) {
    const checked = checkRow(cells, lookups);
    const memberNo = cells.MemberNo.replace(/\s+/g, '').toUpperCase();
    if (typeof checked === 'string') {
      refuse(line, memberNo, checked);
      continue;
    }
    const seen = firstLine.memberNo.get(checked.memberNo);
    if (seen !== undefined) {
      refuse(line, memberNo, m.duplicateMemberNo(seen));
      continue;
    }
    firstLine.memberNo.set(checked.memberNo, line);
    const emailLine = checked.email ? firstLine.email.get(checked.email) : undefined;
    const idLine = firstLine.id.get(checked.idNumber);
    if (emailLine !== undefined || idLine !== undefined) {
      refuse(line, memberNo, [emailLine && m.emailTakenInFile(emailLine), idLine && m.idTakenInFile(idLine)].filter(Boolean).join('; '));
      continue;
    }
    if (checked.email) firstLine.email.set(checked.email, line);
    firstLine.id.set(checked.idNumber, line);
    candidates.push({ line, values: checked });
  }

  const report = await ctx.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    // One import at a time: a second one is told to wait rather than racing this one's inserts.
    const [lock] = await queryRows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(hashtext('register-import')) as ok`);
    if (!lock.ok) throw conflict(m.importBusy);

    const inFile = new Set(candidates.map((c) => c.values.memberNo));
    const existing = await existingMembers(tx, [...inFile]);
    const emailHolders = await holders(
      tx,
      'email',
      candidates.flatMap((c) => (c.values.email ? [c.values.email] : [])),
    );
    const idHolders = await holders(
      tx,
      'id',
      candidates.map((c) => c.values.idNumber),
    );

    const creates: Candidate[] = [];
    const updates: { candidate: Candidate; existing: Existing }[] = [];
    for (const candidate of candidates) {
      const v = candidate.values;
      // Another member's e-mail or ID number (unless that member is in this file too, where the file's own check applies).
      const emailHolder = v.email ? emailHolders.get(v.email) : undefined;
      const idHolder = idHolders.get(v.idNumber);
      const takenReasons = [
        emailHolder && emailHolder !== v.memberNo && !inFile.has(emailHolder) ? m.emailTaken(emailHolder) : null,
        idHolder && idHolder !== v.memberNo && !inFile.has(idHolder) ? m.idTaken(idHolder) : null,
      ].filter((r): r is string => Boolean(r));
      if (takenReasons.length) {
        refuse(candidate.line, v.memberNo, takenReasons.join('; '));
        continue;
      }
      const current = existing.found.get(v.memberNo);
      const holder = existing.profileHolders.get(v.memberNo);
      if (!current) creates.push(candidate);
      else if ((current.profileMemberNo && current.profileMemberNo !== v.memberNo) || (holder && holder !== current.profileId))
        // Inconsistent register data (a membership row on one profile, its number on another): left for a person to sort out.
        refuse(candidate.line, v.memberNo, m.memberNoOnOtherProfile);
      else if (changedColumns(current, v).length === 0)
        results.set(candidate.line, { line: candidate.line, memberNo: v.memberNo, result: 'unchanged' });
      else updates.push({ candidate, existing: current });
    }

    if (creates.length) {
      // The same counter and format as nextNumber('profile', 'PR') when a member fills in a bio.
      const ids = await reserveNumbers(tx, 'profile', 'PR', creates.length);
      const rows = creates.map((c, i) => ({ ...c, profileId: ids[i] }));
      for (const part of chunks(rows, 500)) {
        await tx.insert(profiles).values(part.map(({ values, profileId }) => ({ profileId, ...profileColumns(values) })));
        await tx
          .insert(memberships)
          .values(part.map(({ values, profileId }) => ({ profileId, memberNo: values.memberNo, ...membershipColumns(values) })));
      }
      for (const c of creates) results.set(c.line, { line: c.line, memberNo: c.values.memberNo, result: 'created' });
    }

    for (const { candidate, existing: current } of updates) {
      const v = candidate.values;
      const now = new Date();
      await tx
        .update(profiles)
        .set({ ...profileColumns(v), updatedAt: now })
        .where(eq(profiles.profileId, current.profileId));
      const membership = { ...membershipColumns(v), updatedAt: now };
      if (current.membershipId !== null) {
        await tx.update(memberships).set(membership).where(eq(memberships.id, current.membershipId));
      } else {
        await tx.insert(memberships).values({ profileId: current.profileId, memberNo: v.memberNo, ...membership });
      }
      results.set(candidate.line, {
        line: candidate.line,
        memberNo: v.memberNo,
        result: 'updated',
        reason: `Changed: ${changedColumns(current, v).join(', ')}`,
      });
    }

    const all = [...results.values()].sort((a, b) => a.line - b.line);
    const count = (result: ImportRow['result']) => all.filter((r) => r.result === result).length;
    return {
      fileName: upload.fileName || 'register.csv',
      created: count('created'),
      updated: count('updated'),
      unchanged: count('unchanged'),
      refused: count('refused'),
      // Every row that did something or was refused, in full; the unchanged are only counted (a re-import of the
      // whole register would otherwise answer a line per member).
      rows: all.filter((r) => r.result !== 'unchanged'),
    };
  });

  forgetStats(ctx.db);
  await audit(ctx.db, request, {
    action: 'members.imported',
    target: 'members',
    details: {
      fileName: report.fileName,
      rows: report.rows.length,
      created: report.created,
      updated: report.updated,
      unchanged: report.unchanged,
      refused: report.refused,
    },
  });
  return report;
}
