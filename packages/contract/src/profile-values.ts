/** The plain values of profile.ts (constants, messages, small functions): importable without zod (decision 054). */
import { messages } from './messages';

/** An uploaded photo's header is read before decoding: larger images are refused (issue 11). */
export const PHOTO_MAX_SIDE = 10_000;
export const PHOTO_MAX_PIXELS = 25_000_000;

/** Profile messages of part 1 §5, in one place. */
export const profileMessages = {
  lastName: 'Last Name is required',
  firstName: 'First Name is required',
  dateOfBirth: 'Date of Birth is required',
  idPassport: 'ID/Passport is required',
  gender: 'Gender is required',
  title: 'Title is required',
  nationality: 'Nationality is required',
  discipline: 'Discipline is required',
  pwdCard: 'PWD Card Number is required',
  disabilityDescription: 'Disability Description is required',
  photoRequired: 'Profile Picture is required',
  photoNotImage: 'Attachment must be an image',
  photoTooLarge: 'Profile Picture should be less than 2MB',
  idPdf: 'Attachment must be a Pdf with both sides',
  attachmentRequired: 'Attachment is required',
  attachmentTooLarge: 'Attachment should be less than 10MB',
  attachmentNotPdf: 'Attachment must be a Pdf',
  // Not the spec's: a file that starts like a PDF but does not parse as one (issue 11).
  attachmentUnreadablePdf: 'Attachment could not be read as a Pdf. Save it as a Pdf again and upload it',
  attachmentExpandsTooMuch: 'Attachment holds more than 50MB once opened. Save it as a smaller Pdf and upload it',
  // Not the spec's: the pixel limits of an uploaded photo (issue 11).
  photoTooManyPixels: `Profile Picture should be at most ${PHOTO_MAX_SIDE} pixels on a side and ${PHOTO_MAX_PIXELS / 1_000_000} megapixels`,
  firmField: 'field is required',
  futureDate: 'Date cannot be in the future',
  somethingWrong: 'Something went wrong',
  confirmed: 'Confirmed Successfully',
  duplicateSpecialization: 'This specialization is already in your list',
  oneContactPerType: 'You already have a contact of this type',
  /** Not the spec's: why Add Contact is not offered once both types are there (issue 28). */
  contactsComplete: 'Both contacts are added: a profile holds one Personal and one Work contact. Press the pencil on one to change it.',
  registrationNotFound: 'Professional Registration Number not found',
  refereeTypeRequired: 'Referee Type is required',
  wrongMemberType: 'This section is not available for your membership type',
  // Part 1 §5 says only 'Shares Held is required' (a number of at least 0); a negative one is told why (issue 16).
  sharesRequired: 'Shares Held is required',
  sharesNegative: 'Shares Held cannot be negative',
  quantityRequired: 'quantity is required',
  quantityNegative: 'quantity cannot be negative',
  countRequired: 'count is required',
  countNegative: 'count cannot be negative',
  experienceMaxReached: 'Max 100 characters reached',
} as const;

/** A transcript row of a foreign qualification that lacks its description or its PDF, by its number (issue 16). */
export const transcriptMessages = {
  description: (n: number) => `Transcript ${n} description is required`,
  file: (n: number) => `Transcript ${n} attachment is required`,
} as const;

/**
 * Runs an object's cross-field rule even while other fields fail (an enum left empty, a number not given), so a form
 * shows every message on the first Save (issue 16). The rule must read its values defensively: they are not parsed.
 */
export const always = { when: () => true } as const;

export const PHOTO_MAX_BYTES = 2_000_000;
export const PDF_MAX_BYTES = 10_000_000;
export const GENDERS = ['Male', 'Female'] as const;

export const today = () => new Date().toISOString().slice(0, 10);
export const tooLong = messages.valueTooLong;

export interface BioRules {
  /** The organisation caption equals the board caption: title optional, ID PDF required, specialization on the bio. */
  boardCaption: boolean;
}

export const CONTACT_TYPES = ['Personal', 'Work'] as const;

/** Runs a cross-field date rule even while other fields are still invalid, as long as both dates are there. */
export const datesPresent =
  (...keys: string[]) =>
  (payload: { value: unknown }) => {
    const v = payload.value as Record<string, unknown> | undefined;
    return keys.every((k) => typeof v?.[k] === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v[k] as string));
  };

export const QUALIFICATION_TYPES = ['Educational', 'Professional'] as const;
export const QUALIFICATION_CATEGORIES = ['Local', 'Foreign'] as const;
export const currentYear = () => new Date().getFullYear();

export const MEMBER_TYPES_FOR_HOLDERS = ['Member', 'Non Member'] as const;

/** What a section's file field must be. */
export interface FileRule {
  field: string;
  /** What the file is, as 'X is required' names it ('Certificate is required'; issue 16). */
  label: string;
  required: boolean;
  kind: 'pdf' | 'image';
  maxBytes: number;
}

/** The message for a required file left out, naming it. The photo keeps the spec's 'Profile Picture is required'. */
export const fileRequiredMessage = (rule: Pick<FileRule, 'label' | 'kind'>) =>
  rule.kind === 'image' ? profileMessages.photoRequired : `${rule.label} is required`;

/** The bio's files: the photo, and the certified ID PDF (required when the board caption applies). */
export const BIO_FILE_RULES = {
  photo: { field: 'Image', label: 'Profile Picture', required: true, kind: 'image', maxBytes: PHOTO_MAX_BYTES },
  id: { field: 'ID', label: 'ID document', required: true, kind: 'pdf', maxBytes: PDF_MAX_BYTES },
} as const satisfies Record<string, FileRule>;

/**
 * Entry fields that hold a setup list's code (the form offers the list): screens and documents that show an entry
 * to someone else show the list's description instead of the code.
 */
/** The key of a setup code's description in a map of descriptions (`codeLabels`, the documents' code maps). */
export const codeKey = (list: string, code: unknown) => `${list}:${String(code)}`;

export const SECTION_CODED_FIELDS: Partial<Record<SectionName, Record<string, string>>> = {
  contact: { Country_Code: 'countries', County: 'counties', City: 'cities' },
  'work-experience': { Sector: 'industry-groups' },
  certification: { UniversityCode: 'universities', CertificateAwarded: 'qualification-codes', ContactCountry: 'countries' },
  attachments: { description: 'attachment-types' },
  specialization: { Code: 'specialization-types', Discipline: 'disciplines' },
  directors: { discipline: 'disciplines' },
  shareholders: { discipline: 'disciplines' },
  employees: { code: 'employee-types' },
};

/** A saved entry as the API returns it: the spec's fields plus the keys the spec uses for rows. */
export interface SectionEntry {
  EntryNo: number;
  lineNo: number;
  entryNo: number;
  ProfileID: string;
  /** In the member's list: the descriptions of the entry's setup codes (SECTION_CODED_FIELDS) by field (decision 040). */
  codeDescriptions?: Record<string, string>;
  [field: string]: unknown;
}

/** Checklist item → the editor that completes it (part 1 §2, Checklist). */
export const CHECKLIST_COMPONENTS: Record<string, string> = {
  PROFILE: 'bio',
  PICTURE: 'bio',
  RESIDENCE: 'bio',
  ID: 'bio',
  CONTACTS: 'contact',
  ADDRESS: 'contact',
  OLEVEL: 'certification',
  EDUCATION: 'certification',
  PROFESSIONAL: 'institution',
  'WORK EXPERIENCE': 'work-experience',
  REFEREE: 'referee',
  PROPOSER: 'referee',
  SECONDER: 'referee',
  SPECILIZATION: 'specialization',
  CONVICTION: 'convictions',
  ATTACHMENTS: 'attachments',
  SERVICES: 'services',
  DIRECTORS: 'directors',
  FIRMEMPLOYEES: 'employees',
  SHAREHOLDERS: 'shareholders',
  FIRMBANKERS: 'bankers',
  FACILITIES: 'facilities',
};

/** Referees needed before the REFEREE item passes. */
export const REQUIRED_REFEREES = 2;

/** Checklist codes passed by accepted referees. */
export const REFEREE_CHECKLIST_CODES = ['REFEREE', 'PROPOSER', 'SECONDER'] as const;

/** A profile section as the screens name it: its API path, heading, noun, who has it and its files. */
export interface SectionInfo {
  /** API path under /api/profile/ and the key in the checklist mapping. */
  path: string;
  /** The section's heading on the profile and review screens. */
  title: string;
  /** Singular noun for 'Delete this X?'. */
  noun: string;
  memberType: 'Individual' | 'Corporate' | 'Both';
  files: FileRule[];
}

const pdf = (field: string, label: string, required = true): FileRule => ({ field, label, required, kind: 'pdf', maxBytes: PDF_MAX_BYTES });

/** Every profile section without its schema (SECTIONS adds them), so a page that only names sections needs no zod. */
export const SECTION_INFO = {
  contact: { path: 'contact', title: 'Contacts', noun: 'Contact', memberType: 'Both', files: [] },
  'work-experience': {
    path: 'work-experience',
    title: 'Work Experience',
    noun: 'Experience',
    memberType: 'Individual',

    files: [],
  },
  certification: {
    path: 'certification',
    title: 'Academic Qualifications',
    noun: 'Qualification',
    memberType: 'Individual',

    files: [pdf('File', 'Certificate')],
  },
  referee: { path: 'referee', title: 'Referees', noun: 'Referee', memberType: 'Individual', files: [] },
  institution: {
    path: 'institution',
    title: 'Institutional Membership',
    noun: 'Membership',
    memberType: 'Individual',

    files: [pdf('attachment', 'Membership certificate')],
  },
  attachments: {
    path: 'attachments',
    title: 'Attachments',
    noun: 'Attachment',
    memberType: 'Both',

    files: [pdf('attachment', 'Attachment')],
  },
  specialization: {
    path: 'specialization',
    title: 'Specialization',
    noun: 'Specialization',
    memberType: 'Individual',

    files: [],
  },
  directors: { path: 'directors', title: 'Directors', noun: 'Director', memberType: 'Corporate', files: [] },
  shareholders: {
    path: 'shareholders',
    title: 'Shareholders',
    noun: 'Shareholder',
    memberType: 'Corporate',

    files: [],
  },
  services: { path: 'services', title: 'Services', noun: 'Service', memberType: 'Corporate', files: [] },
  employees: { path: 'employees', title: 'Firm Employees', noun: 'Employee', memberType: 'Corporate', files: [] },
  facilities: {
    path: 'facilities',
    title: 'Equipment/Facilities',
    noun: 'Facility',
    memberType: 'Corporate',

    files: [pdf('ownership', 'Proof of ownership')],
  },
  bankers: { path: 'bankers', title: 'Banker Details', noun: 'Banker', memberType: 'Corporate', files: [] },
  convictions: {
    path: 'convictions',
    title: 'Convictions',
    noun: 'Conviction',
    memberType: 'Corporate',

    files: [],
  },
} satisfies Record<string, SectionInfo>;
export type SectionName = keyof typeof SECTION_INFO;

/**
 * Each section's form fields in the order of its schema (where the schema is a plain object), for screens that list
 * an entry's fields without loading zod (the review back office, decision 054); profile.test.ts keeps it in step.
 */
export const SECTION_FIELDS: Record<SectionName, readonly string[]> = {
  contact: [
    'Type',
    'Status',
    'Email',
    'PhoneNo',
    'PhoneNo2',
    'Address',
    'PostCode',
    'Address2',
    'PlaceOfWork',
    'Location',
    'Designation',
    'County',
    'City',
    'Country_Code',
  ],
  'work-experience': [],
  certification: [
    'Type',
    'Category',
    'Institution',
    'UniversityCode',
    'AreaOfSpecialization',
    'CertificateAwarded',
    'QualificationDescription',
    'CertificateNo',
    'CertificationClass',
    'CompletionYear',
    'StartDate',
    'EndDate',
    'GraduationDate',
    'ContactPerson',
    'ContactDesignation',
    'ContactCountry',
    'ContactEmail',
    'contactPersonAddress',
    'transcriptDescriptions',
  ],
  referee: ['Name', 'Email', 'PhoneNo', 'MemberNo', 'Address', 'PlaceOfWork', 'Designation', 'refereeType'],
  institution: ['Institution', 'memberNo', 'membershipType', 'yearOfRegistration'],
  attachments: ['description', 'fileName'],
  specialization: ['Description', 'Code', 'Discipline'],
  directors: [],
  shareholders: [],
  services: ['service', 'description'],
  employees: ['code', 'count'],
  facilities: ['nameOfEquipment', 'quantity', 'remarks'],
  bankers: ['name', 'address'],
  convictions: ['ConvictionDate', 'Offence', 'SentenceImposed'],
};
