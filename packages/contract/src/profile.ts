import * as z from 'zod';
import { phoneRule } from './auth';
import { TEXT_LIMITS as L } from './limits';
import { messages } from './messages';
import {
  always,
  type BioRules,
  CONTACT_TYPES,
  currentYear,
  datesPresent,
  GENDERS,
  MEMBER_TYPES_FOR_HOLDERS,
  profileMessages,
  QUALIFICATION_CATEGORIES,
  QUALIFICATION_TYPES,
  REQUIRED_REFEREES,
  SECTION_INFO,
  type SectionInfo,
  type SectionName,
  today,
  tooLong,
} from './profile-values';

export * from './profile-values';

const required = (message: string) => z.string({ error: message }).trim().min(1, message);
/** A required text of at most `max` characters (issue 11 §2). */
const req = (message: string, max: number, tooLongMessage: string = tooLong) => required(message).max(max, tooLongMessage);
const opt = (max: number) => z.string().trim().max(max, tooLong).optional().default('');
const isoDate = (message: string) =>
  required(message)
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .max(L.short, tooLong)
    .refine((v) => v <= today(), profileMessages.futureDate);
const optDate = () =>
  z
    .string()
    .trim()
    .max(L.short, tooLong)
    .optional()
    .default('')
    .refine((v) => !v || (/^\d{4}-\d{2}-\d{2}$/.test(v) && v <= today()), profileMessages.futureDate);
const digits = (message: string, max: number = L.phone) =>
  required(message)
    .regex(/^[\d.]+$/, 'Digits only')
    .max(max, tooLong);
const flag = z.union([z.boolean(), z.string().max(L.flag, tooLong)]).transform((v) => v === true || v === 'true' || v === '1');
/** Form data sends lists as JSON text. */
const jsonList = <T extends z.ZodTypeAny>(item: T) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v ?? [];
    try {
      return JSON.parse(v);
    } catch {
      return [];
    }
  }, z.array(item));

/** The individual bio (part 1 §3). The rules that depend on settings are applied by bioSchemaFor. */
export const bioBase = z.object({
  LastName: req(profileMessages.lastName, L.name),
  FirstName: req(profileMessages.firstName, L.name),
  SecondName: opt(L.name).transform((v) => v.toUpperCase()),
  Gender: z.enum(GENDERS, { error: profileMessages.gender }),
  profileTitle: jsonList(z.string().max(L.code, tooLong)),
  DateOfBirth: isoDate(profileMessages.dateOfBirth),
  IdentificationDocumentNo: req(profileMessages.idPassport, L.code),
  Nationality: req(profileMessages.nationality, L.code),
  county: opt(L.code),
  City: opt(L.name),
  Discipline: req(profileMessages.discipline, L.code),
  specialization: opt(L.code),
  Disability: flag.optional().default(false),
  PWDCardNo: opt(L.code),
  DisabilityDescription: opt(L.description),
  memberPracticingFirm: opt(L.name),
  confirmed: flag.optional(),
});
export type BioInput = z.input<typeof bioBase>;

export function bioSchemaFor(rules: BioRules) {
  return bioBase.superRefine((v, ctx) => {
    if (!rules.boardCaption && !v.profileTitle?.length)
      ctx.addIssue({ code: 'custom', path: ['profileTitle'], message: profileMessages.title });
    if (v.Disability && !v.PWDCardNo) ctx.addIssue({ code: 'custom', path: ['PWDCardNo'], message: profileMessages.pwdCard });
    if (v.Disability && !v.DisabilityDescription)
      ctx.addIssue({ code: 'custom', path: ['DisabilityDescription'], message: profileMessages.disabilityDescription });
  }, always);
}

/** The firm's details (part 1 §3): every field required, text upper-cased; Email and PINRegNo come from the account. */
const firmText = (max: number) => req(profileMessages.firmField, max).transform((v) => v.toUpperCase());
export const firmBioSchema = z.object({
  FirstName: firmText(L.text),
  PhoneNo: phoneRule(profileMessages.firmField, 'mobile'),
  PhoneNo2: phoneRule(profileMessages.firmField),
  Address: firmText(L.text),
  Address2: firmText(L.text),
  faxNo: firmText(L.code),
  VATRegNo: firmText(L.code),
  houseNo: firmText(L.code),
  blockNo: firmText(L.code),
  lrNo: firmText(L.code),
  streetName: firmText(L.text),
  City: firmText(L.name),
  noConvictions: flag.optional().default(false),
});
export type FirmBioInput = z.input<typeof firmBioSchema>;

/** The sections' e-mail rule: 'Email is required', then 'E-mail must be valid'. */
const sectionEmail = () =>
  z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    // Not an abort on the empty value: the object's cross-field rules (Referee Type, Work contacts) must still run.
    .refine((v) => !v || /^\S+@\S+$/.test(v), messages.emailInvalid)
    .max(L.email, messages.emailTooLong);
const upper = (message: string, max: number) => req(message, max).transform((v) => v.toUpperCase());

export const contactSchema = z
  .object({
    Type: z.enum(CONTACT_TYPES, { error: messages.fieldRequired }),
    Status: z.string().max(L.code, tooLong).optional().default('Active'),
    Email: sectionEmail().transform((v) => v.toUpperCase()),
    PhoneNo: phoneRule('PhoneNo is required'),
    PhoneNo2: phoneRule(null),
    Address: upper('Address is required', L.text),
    PostCode: digits('PostCode is required'),
    Address2: upper('Physical Location is required', L.text),
    PlaceOfWork: opt(L.text).transform((v) => v.toUpperCase()),
    Location: opt(L.text).transform((v) => v.toUpperCase()),
    Designation: opt(L.text).transform((v) => v.toUpperCase()),
    County: opt(L.code),
    City: opt(L.name),
    Country_Code: req('Country is required', L.code),
  })
  .superRefine((v, ctx) => {
    if (v.Type === 'Work') {
      if (!v.PlaceOfWork) ctx.addIssue({ code: 'custom', path: ['PlaceOfWork'], message: 'Place of Work is required' });
      if (!v.Location) ctx.addIssue({ code: 'custom', path: ['Location'], message: 'Location is required' });
      if (!v.Designation) ctx.addIssue({ code: 'custom', path: ['Designation'], message: 'Designation is required' });
    }
    if (v.Country_Code === 'KE' && !v.City) ctx.addIssue({ code: 'custom', path: ['City'], message: 'City is required' });
  }, always);

/** The county is required only when the county-field setting is on. */
export function contactSchemaFor(countyField: boolean) {
  return contactSchema.superRefine((v, ctx) => {
    if (countyField && v.Country_Code === 'KE' && !v.County)
      ctx.addIssue({ code: 'custom', path: ['County'], message: 'County is required' });
  }, always);
}

export const workExperienceSchema = z
  .object({
    PositionHeld: req('Position Held is required', L.text),
    Sector: req('Sector Year is required', L.code),
    ResponsibilitiesDescription: req('Description is required', 100, profileMessages.experienceMaxReached),
    NameOfFirm: req('Name of Firm Awarded is required', L.text),
    FromDate: isoDate('From Date is required'),
    ToDate: optDate(),
    Current: flag.optional().default(false),
  })
  .refine((v) => v.Current || !v.ToDate || v.ToDate >= v.FromDate, {
    message: 'End Date Cannot be before Start Date',
    path: ['ToDate'],
    when: datesPresent('FromDate', 'ToDate'),
  })
  .transform((v) => ({ ...v, ToDate: v.Current ? '' : v.ToDate || today() }));

export const certificationSchema = z
  .object({
    Type: z.enum(QUALIFICATION_TYPES, { error: 'Type is required' }),
    Category: z.enum(QUALIFICATION_CATEGORIES, { error: 'Category is required' }),
    Institution: req('Institution is required', L.text),
    UniversityCode: opt(L.code).transform((v) => (v === 'OTHER' ? '' : v)),
    AreaOfSpecialization: req('Area of Specialization is required', L.text),
    CertificateAwarded: req('Certificate Awarded is required', L.code),
    QualificationDescription: opt(L.description),
    CertificateNo: req('Certificate No is required', L.code),
    CertificationClass: req('Certification Class is required', L.text),
    CompletionYear: z.coerce
      .number({ error: 'Completion Year is required' })
      .int('Completion Year is required')
      .min(1900, 'Completion Year is required')
      .refine((y) => y <= currentYear(), profileMessages.futureDate),
    StartDate: isoDate('Start Date is required'),
    EndDate: isoDate('End Date is required'),
    GraduationDate: isoDate('Graduation Date is required'),
    ContactPerson: opt(L.text),
    ContactDesignation: opt(L.text),
    ContactCountry: opt(L.code),
    ContactEmail: z.string().trim().max(L.email, messages.emailTooLong).optional().default(''),
    contactPersonAddress: opt(L.text),
    transcriptDescriptions: jsonList(z.string().max(L.text, tooLong)).optional(),
  })
  .refine((v) => v.EndDate >= v.StartDate, {
    message: 'End Date Cannot come before Start Date',
    path: ['EndDate'],
    when: datesPresent('StartDate', 'EndDate'),
  })
  .refine((v) => v.GraduationDate >= v.StartDate, {
    message: 'Graduation Date Cannot come before Start Date',
    path: ['GraduationDate'],
    when: datesPresent('StartDate', 'GraduationDate'),
  })
  .superRefine((v, ctx) => {
    if (v.Category === 'Foreign') {
      const need: [keyof typeof v, string][] = [
        ['ContactPerson', 'Contact Person is required'],
        ['ContactDesignation', 'Designation is required'],
        ['ContactEmail', 'Email is required'],
        ['contactPersonAddress', 'Address is required'],
        ['ContactCountry', 'Country is required'],
      ];
      for (const [key, message] of need) if (!v[key]) ctx.addIssue({ code: 'custom', path: [key], message });
      if (v.ContactEmail && !/^\S+@\S+$/.test(v.ContactEmail))
        ctx.addIssue({ code: 'custom', path: ['ContactEmail'], message: messages.emailInvalid });
    }
  }, always);

/**
 * A whole number of at least 0 (shares, quantity, count): empty is 'required' (not 0, as `Number('')` would make
 * it), a negative one has its own message (issue 16).
 */
const wholeCount = (requiredMessage: string, negativeMessage: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || (typeof v === 'string' && !v.trim()) ? undefined : v),
    z.coerce.number({ error: requiredMessage }).int(requiredMessage).min(0, negativeMessage),
  );

export const refereeSchema = z.object({
  Name: req('Name is required', L.text),
  Email: sectionEmail().transform((v) => v.toLowerCase()),
  PhoneNo: phoneRule('Phone No is required'),
  MemberNo: req('Member No is required', L.code),
  Address: opt(L.text),
  PlaceOfWork: opt(L.text),
  Designation: opt(L.text),
  refereeType: opt(L.code),
});

/**
 * The referee form: Referee Type is required when the board has referee types (part 1 §4), checked with every other
 * field at once (issue 16).
 */
export function refereeSchemaFor(hasTypes: boolean) {
  if (!hasTypes) return refereeSchema;
  return refereeSchema.superRefine((v, ctx) => {
    if (!v.refereeType) ctx.addIssue({ code: 'custom', path: ['refereeType'], message: profileMessages.refereeTypeRequired });
  }, always);
}

export const institutionSchema = z.object({
  Institution: req('Institution is required', L.text),
  memberNo: req('Registration No required', L.code),
  membershipType: req('Membership Type is required', L.text),
  yearOfRegistration: z.coerce
    .number({ error: 'year of Registration' })
    .int('year of Registration')
    .min(1900, 'year of Registration')
    .max(currentYear(), 'year of Registration'),
});

export const attachmentSchema = z.object({
  description: req('Description is required', L.text),
  fileName: req('File Name is required', L.fileName),
});
export const directorSchema = z
  .object({
    name: req('name is required', L.text),
    identificationDocumentNo: req('identificationDocumentNo is required', L.code),
    discipline: opt(L.code),
    type: z.enum(MEMBER_TYPES_FOR_HOLDERS, { error: 'type is required' }),
    regNo: opt(L.code),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'Member' && !v.regNo)
      ctx.addIssue({ code: 'custom', path: ['regNo'], message: 'Professional Registration Number is required' });
  }, always)
  .transform((v) => ({ ...v, regNo: v.type === 'Member' ? v.regNo : '' }));

export const shareholderSchema = z
  .object({
    name: req('name is required', L.text),
    identificationDocumentNo: req('identificationDocumentNo is required', L.code),
    discipline: opt(L.code),
    type: z.enum(MEMBER_TYPES_FOR_HOLDERS, { error: 'type is required' }),
    regNo: opt(L.code),
    sharesHeld: z.preprocess(
      (v) => (v === '' || v === null || (typeof v === 'string' && !v.trim()) ? undefined : v),
      z.coerce.number({ error: profileMessages.sharesRequired }).min(0, profileMessages.sharesNegative),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'Member' && !v.regNo)
      ctx.addIssue({ code: 'custom', path: ['regNo'], message: 'Professional Registration Number is required' });
  }, always)
  .transform((v) => ({ ...v, regNo: v.type === 'Member' ? v.regNo : '' }));

export const facilitySchema = z.object({
  nameOfEquipment: req('nameOfEquipment is required', L.text),
  quantity: wholeCount(profileMessages.quantityRequired, profileMessages.quantityNegative),
  remarks: opt(L.description),
});

export const employeeSchema = z.object({
  code: req('employeeType is required', L.code),
  count: wholeCount(profileMessages.countRequired, profileMessages.countNegative),
});

export const bankerSchema = z.object({ name: req('name is required', L.text), address: req('address is required', L.text) });
export const serviceSchema = z.object({ service: opt(L.text), description: req('description is required', L.description) });
export const convictionSchema = z.object({
  ConvictionDate: isoDate('Conviction Date is required'),
  Offence: req('Offence is required', L.description),
  SentenceImposed: req('Sentence Imposed No is required', L.description),
});
export const specializationSchema = z.object({
  Description: req('Field is required', 99, 'Max 100 characters'),
  Code: opt(L.code),
  Discipline: opt(L.code),
});

export interface SectionDefinition extends SectionInfo {
  // biome-ignore lint/suspicious/noExplicitAny: section schemas differ in shape
  schema: z.ZodType<any, any>;
}

export const SECTIONS = {
  contact: { ...SECTION_INFO.contact, schema: contactSchema },
  'work-experience': { ...SECTION_INFO['work-experience'], schema: workExperienceSchema },
  certification: { ...SECTION_INFO.certification, schema: certificationSchema },
  referee: { ...SECTION_INFO.referee, schema: refereeSchema },
  institution: { ...SECTION_INFO.institution, schema: institutionSchema },
  attachments: { ...SECTION_INFO.attachments, schema: attachmentSchema },
  specialization: { ...SECTION_INFO.specialization, schema: specializationSchema },
  directors: { ...SECTION_INFO.directors, schema: directorSchema },
  shareholders: { ...SECTION_INFO.shareholders, schema: shareholderSchema },
  services: { ...SECTION_INFO.services, schema: serviceSchema },
  employees: { ...SECTION_INFO.employees, schema: employeeSchema },
  facilities: { ...SECTION_INFO.facilities, schema: facilitySchema },
  bankers: { ...SECTION_INFO.bankers, schema: bankerSchema },
  convictions: { ...SECTION_INFO.convictions, schema: convictionSchema },
} satisfies Record<SectionName, SectionDefinition>;

export const SECTION_NAMES = Object.keys(SECTIONS) as SectionName[];

/** Where the referees of a profile stand: answered Accept, not answered yet, answered Reject. */
export const refereeCountsSchema = z.object({ accepted: z.number(), pending: z.number(), rejected: z.number() });
export type RefereeCounts = z.infer<typeof refereeCountsSchema>;

export const checklistItemSchema = z.object({
  checkListType: z.string(),
  code: z.string(),
  description: z.string(),
  pass: z.boolean(),
  /** Why an item that fails does so, when the rule can say ('Waiting for referees: 1 accepted, 1 pending'). */
  note: z.string().optional(),
  /** The referee items (REFEREE, PROPOSER, SECONDER): the counts behind the note, so the page can offer Resend. */
  referees: refereeCountsSchema.optional(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

/**
 * Why a referee item fails (issue 16): 'Waiting for referees: 1 accepted, 1 pending' while requests are out (with the
 * rejections when there are any), and how many more to name when those out cannot reach the number needed.
 */
export function refereeWaitingNote(c: RefereeCounts, required: number = REQUIRED_REFEREES): string {
  const counts = [`${c.accepted} accepted`, `${c.pending} pending`, ...(c.rejected ? [`${c.rejected} rejected`] : [])].join(', ');
  const missing = required - c.accepted - c.pending;
  const more = (n: number) => `${n} more referee${n === 1 ? '' : 's'}`;
  if (c.accepted + c.pending + c.rejected === 0) return `Name ${required} referees`;
  if (c.pending === 0) return `Name ${more(missing)}: ${counts}`;
  return `Waiting for referees: ${counts}${missing > 0 ? `; name ${more(missing)}` : ''}`;
}
