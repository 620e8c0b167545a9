import * as z from 'zod';
import { MEMBER_TYPES } from './auth';
import { TEXT_LIMITS as L } from './limits';
import { messages } from './messages';

/**
 * The public register (part 1 §2 'Public search', §7 profile/search calls) and the members register an
 * administrator imports (decisions.md §3–4). Decision 021.
 */

/** Search page size (part 1 §9). */
export const SEARCH_PAGE_SIZE = 20;

/**
 * A search lists at most this many members (25 pages): past it the total stops counting and `capped` says
 * there are more, so a very common name costs the server a bounded amount of work (decision 021).
 */
export const SEARCH_MAX_RESULTS = 200;

/** Page count as the spec has it: 'integer division plus one' (part 1 §9). */
export function searchPageCount(total: number): number {
  return Math.floor(total / SEARCH_PAGE_SIZE) + 1;
}

/** A term the public search runs on: trimmed; blank does nothing (part 1 §5). */
export function searchTermOf(input: string | null | undefined): string {
  return (input ?? '').trim();
}

/** Membership statuses a register may hold. Only Active members are listed publicly. */
export const MEMBERSHIP_STATUSES = ['Active', 'Inactive', 'Suspended', 'Lapsed', 'Resigned', 'Deceased'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/**
 * One member in the public register: public fields only (names, titles, member number, category, discipline,
 * photo, workplace when the showWorkPlace setting is on, status and good standing). Never email, phone,
 * ID number, date of birth, gender or address.
 */
export const publicProfileSchema = z.object({
  ProfileID: z.string(),
  FirstName: z.string(),
  SecondName: z.string().nullable(),
  LastName: z.string(),
  profileTitle: z.array(z.object({ title: z.string(), description: z.string() })),
  MemberNo: z.string(),
  /** The membership category code, and its description. */
  MemberShipType: z.string(),
  CategoryDescription: z.string(),
  MemberType: z.enum(MEMBER_TYPES),
  discipline: z.string().nullable(),
  DisciplineDescription: z.string().nullable(),
  memberInformation: z.array(z.object({ No: z.string(), Status: z.string(), Category: z.string() })),
  /** The current workplace, only when the showWorkPlace setting is on. */
  workexp: z.array(z.object({ NameOfFirm: z.string(), Current: z.boolean() })),
  Status: z.string(),
  /** Until billing exists, an Active membership is in good standing (decision 021). */
  goodStanding: z.boolean(),
  /** Where the photo is served (GET, public), or null without one. */
  photoUrl: z.string().nullable(),
  /** Holds this year's practising licence, Active today (decision 032). */
  licensed: z.boolean(),
  /** The last day of that licence (31 December), or null. */
  licenseValidTo: z.string().nullable(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** `GET profile/search/show/{profileId}`: the card, with the photo inline. */
export const publicProfileCardSchema = publicProfileSchema.extend({
  /** The photo as a data: URL (base64), or null. */
  base64Image: z.string().nullable(),
});
export type PublicProfileCard = z.infer<typeof publicProfileCardSchema>;

export const searchQuery = z.object({
  /** Base64 of the term (part 1 §7). */
  term: z.string().max(L.routeCode, messages.valueTooLong).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  /** 'true': only members holding a current practising licence. */
  licensed: z.enum(['true', 'false']).optional(),
});

export const searchPageSchema = z.object({
  profiles: z.array(publicProfileSchema),
  /** Members found, at most SEARCH_MAX_RESULTS. */
  total: z.number(),
  /** More members match than SEARCH_MAX_RESULTS: the person should narrow the search. */
  capped: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
});
export type SearchPage = z.infer<typeof searchPageSchema>;

export const statsItemSchema = z.object({ code: z.string(), label: z.string(), count: z.number() });
export const statsGroupSchema = z.object({ key: z.string(), title: z.string(), items: z.array(statsItemSchema) });
/** `GET profile/search/stats`: summary groups of counts. */
export const searchStatsSchema = z.object({ total: z.number(), groups: z.array(statsGroupSchema) });
export type SearchStats = z.infer<typeof searchStatsSchema>;

/** The CSV columns of the body's register, in order. */
export const IMPORT_COLUMNS = [
  'MemberNo',
  'FirstName',
  'SecondName',
  'LastName',
  'IdentificationDocumentNo',
  'Email',
  'PhoneNo',
  'Category',
  'Discipline',
  'RegistrationDate',
  'Status',
  'Type',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Largest register file accepted (bytes); the multipart limit is the same. */
export const IMPORT_MAX_BYTES = 10_000_000;
export const IMPORT_MAX_ROWS = 100_000;

export const IMPORT_RESULTS = ['created', 'updated', 'unchanged', 'refused'] as const;
export type ImportResult = (typeof IMPORT_RESULTS)[number];

export const importRowSchema = z.object({
  /** The line of the file (the header is line 1). */
  line: z.number(),
  memberNo: z.string(),
  result: z.enum(IMPORT_RESULTS),
  reason: z.string().optional(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importReportSchema = z.object({
  fileName: z.string(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  refused: z.number(),
  rows: z.array(importRowSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** A row of the administrators' members register (every status; private fields included). */
export const adminMemberSchema = z.object({
  ProfileID: z.string(),
  MemberNo: z.string(),
  FirstName: z.string(),
  SecondName: z.string().nullable(),
  LastName: z.string(),
  IdentificationDocumentNo: z.string().nullable(),
  Email: z.string().nullable(),
  PhoneNo: z.string().nullable(),
  Category: z.string(),
  CategoryDescription: z.string().nullable(),
  Discipline: z.string().nullable(),
  RegistrationDate: z.string().nullable(),
  Status: z.string(),
  Type: z.string(),
  /** The member has a portal account (activated or registered). */
  hasAccount: z.boolean(),
});
export type AdminMember = z.infer<typeof adminMemberSchema>;

export const adminMembersQuery = z.object({
  search: z.string().trim().max(100, messages.valueTooLong).optional(),
  category: z.string().trim().max(40, messages.valueTooLong).optional(),
  status: z.string().trim().max(40, messages.valueTooLong).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminMembersQuery = z.input<typeof adminMembersQuery>;

export const adminMembersPage = z.object({
  members: z.array(adminMemberSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminMembersPage = z.infer<typeof adminMembersPage>;

export const registerMessages = {
  memberNotFound: 'Member not found',
  searchPlaceholder: 'Name or member number',
  noResults: 'No member matches your search',
  capped: `More than ${SEARCH_MAX_RESULTS} members match; the first ${SEARCH_MAX_RESULTS} are listed. Add a first name or a member number to narrow the search.`,
  goodStanding: 'In Good Standing',
  inArrears: 'In arrears',
  licensed: (validTo: string) => `Licensed to practise until ${validTo}`,
  notLicensed: 'No current practising licence',
  licensedOnly: 'Licensed to practise only',
  // Import: the file as a whole.
  fileRequired: 'Choose a CSV file to import',
  fileTooLarge: 'The file should be less than 10MB',
  notCsv: 'The file is not a CSV text file',
  emptyFile: 'The file has no member rows',
  tooManyRows: `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-KE')} rows; split it into smaller files`,
  missingColumns: (columns: string[]) => `The file is missing the column${columns.length > 1 ? 's' : ''} ${columns.join(', ')}`,
  unreadable: (detail: string) => `The file could not be read as CSV: ${detail}`,
  importBusy: 'Another import is running. Try again when it has finished.',
  imported: (r: { created: number; updated: number; unchanged: number; refused: number }) =>
    `Import finished: ${r.created} created, ${r.updated} updated, ${r.unchanged} unchanged, ${r.refused} refused`,
  // Import: why a row was refused.
  memberNoRequired: 'MemberNo is required',
  memberNoInvalid: 'MemberNo may hold letters, digits, "/" and "-" only (at most 30)',
  duplicateMemberNo: (line: number) => `MemberNo appears more than once in the file (first on line ${line})`,
  firstNameRequired: 'First Name is required',
  lastNameRequired: 'Last Name is required',
  nameTooLong: (field: string) => `${field} is longer than 100 characters`,
  idRequired: 'IdentificationDocumentNo is required',
  idInvalid: 'IdentificationDocumentNo may hold letters and digits only (at most 30)',
  emailInvalid: 'E-mail must be valid',
  phoneInvalid: 'PhoneNo must be a phone number such as 0712345678 or 254712345678',
  categoryRequired: 'Category is required',
  unknownCategory: (value: string) => `Unknown category "${value}"`,
  unknownDiscipline: (value: string) => `Unknown discipline "${value}"`,
  dateInvalid: 'RegistrationDate must be a date such as 2015-06-30 or 30/06/2015',
  dateInFuture: 'RegistrationDate cannot be in the future',
  statusInvalid: `Status must be one of ${MEMBERSHIP_STATUSES.join(', ')}`,
  typeInvalid: 'Type must be Individual or Corporate',
  typeMismatch: (category: string, type: string) => `Category ${category} is for ${type} members`,
  emailTakenInFile: (line: number) => `E-mail is also on line ${line} of the file`,
  idTakenInFile: (line: number) => `IdentificationDocumentNo is also on line ${line} of the file`,
  memberNoOnOtherProfile: 'MemberNo is held by two different profiles on record; ask an administrator to correct the register',
  emailTaken: (memberNo: string) => `E-mail is already on record for member ${memberNo}`,
  idTaken: (memberNo: string) => `IdentificationDocumentNo is already on record for member ${memberNo}`,
} as const;
