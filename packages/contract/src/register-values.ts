/** The public register's and the register import's constants and messages, without schemas (decision 033). */

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
export const MEMBERSHIP_STATUSES = ['Active', 'Inactive', 'Suspended', 'Lapsed', 'Resigned', 'Deceased', 'Removed'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

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

export const registerMessages = {
  memberNotFound: 'Member not found',
  linkNotValid: 'This link is not valid.',
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
