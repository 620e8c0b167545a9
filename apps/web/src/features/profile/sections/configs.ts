import {
  CONTACT_TYPES,
  formatPhone,
  GENDERS,
  MEMBER_TYPES_FOR_HOLDERS,
  profileMessages,
  QUALIFICATION_CATEGORIES,
  refereeMessages,
  SECTION_INFO,
  type SectionName,
} from '@portal/contract';
import type { FieldDef, Option, SectionConfig } from '../components/field-types';

const opts = (values: readonly string[], labels?: Record<string, string>): Option[] =>
  values.map((v) => ({ value: v, label: labels?.[v] ?? v }));
const s = (v: unknown) => (v === undefined || v === null ? '' : String(v));
/** A coded field as its description (the server sends `codeDescriptions`; decision 040), else the code itself. */
const described = (field: string) => (e: Record<string, unknown>) =>
  s((e.codeDescriptions as Record<string, string> | undefined)?.[field] ?? e[field]);
const phone = (field: string) => (e: Record<string, unknown>) => formatPhone(s(e[field]));
const kenyan = (name: string) => (ctx: { values: Record<string, unknown> }) => ctx.values[name] === 'KE';

export const contactConfig: SectionConfig = {
  path: 'contact',
  title: SECTION_INFO.contact.title,
  noun: 'Contact',
  fields: [
    { name: 'Type', label: 'Contact type', kind: 'select', options: opts(CONTACT_TYPES) },
    { name: 'Email', label: 'Email', kind: 'text', upper: true },
    { name: 'PhoneNo', label: 'Phone No', kind: 'text', phone: true },
    { name: 'PhoneNo2', label: 'Alternative Phone No', kind: 'text', phone: true },
    { name: 'Address', label: 'Postal Address', kind: 'text', upper: true },
    { name: 'PostCode', label: 'Postal Code', kind: 'text', digits: true },
    { name: 'Address2', label: 'Physical Location', kind: 'text', upper: true },
    {
      name: 'Country_Code',
      label: 'Country',
      kind: 'select',
      lookup: { list: 'countries', value: 'code', label: 'displayName' },
      defaultValue: 'KE',
    },
    {
      name: 'County',
      label: 'County',
      kind: 'select',
      lookup: { list: 'counties', value: 'CountyNo', label: 'countyName' },
      visible: (ctx) => ctx.countyField && ctx.values.Country_Code === 'KE',
    },
    {
      name: 'City',
      label: 'City',
      kind: 'select',
      lookup: { list: 'cities', value: 'City', label: 'City', parentFrom: 'County' },
      visible: kenyan('Country_Code'),
      helper: 'Choose the county first',
    },
    { name: 'PlaceOfWork', label: 'Place of Work', kind: 'text', upper: true, visible: (ctx) => ctx.values.Type === 'Work' },
    { name: 'Location', label: 'Location', kind: 'text', upper: true, visible: (ctx) => ctx.values.Type === 'Work' },
    { name: 'Designation', label: 'Designation', kind: 'text', upper: true, visible: (ctx) => ctx.values.Type === 'Work' },
  ],
  columns: [
    { label: 'Type', value: (e) => s(e.Type) },
    { label: 'Email', value: (e) => s(e.Email) },
    { label: 'Phone', value: phone('PhoneNo') },
    { label: 'Address', value: (e) => [e.Address, e.PostCode].filter(Boolean).join(' - ') },
    { label: 'Location', value: (e) => [e.Address2, e.City].filter(Boolean).join(', ') },
  ],
};

export const workExperienceConfig: SectionConfig = {
  path: 'work-experience',
  title: SECTION_INFO['work-experience'].title,
  noun: 'Experience',
  fields: [
    { name: 'PositionHeld', label: 'Position Held', kind: 'text' },
    { name: 'NameOfFirm', label: 'Name of Firm', kind: 'text' },
    { name: 'Sector', label: 'Sector', kind: 'select', lookup: { list: 'industry-groups', value: 'code', label: 'description' } },
    { name: 'Current', label: 'Current', kind: 'switch' },
    { name: 'FromDate', label: 'From Date', kind: 'date' },
    { name: 'ToDate', label: 'To Date', kind: 'date', visible: (ctx) => !ctx.values.Current, helper: 'Left empty: today' },
    {
      name: 'ResponsibilitiesDescription',
      label: 'Responsibilities',
      kind: 'textarea',
      maxLength: 100,
      helper: 'Max 100 characters',
      // The spec's words once the limit is reached (part 1 §5; the field takes no more).
      maxReachedMessage: profileMessages.experienceMaxReached,
    },
  ],
  columns: [
    { label: 'Position', value: (e) => s(e.PositionHeld) },
    { label: 'Firm', value: (e) => s(e.NameOfFirm) },
    { label: 'From', value: (e) => s(e.FromDate) },
    { label: 'To', value: (e) => (e.Current ? 'Current' : s(e.ToDate)) },
  ],
};

const yearOptions = (): Option[] => {
  const out: Option[] = [];
  for (let y = new Date().getFullYear(); y >= 1900; y--) out.push({ value: String(y), label: String(y) });
  return out;
};
const foreign = (ctx: { values: Record<string, unknown> }) => ctx.values.Category === 'Foreign';

export const certificationConfig: SectionConfig = {
  path: 'certification',
  title: SECTION_INFO.certification.title,
  noun: 'Qualification',
  fields: [
    { name: 'Category', label: 'Category', kind: 'select', options: opts(QUALIFICATION_CATEGORIES), defaultValue: 'Local' },
    {
      name: 'Type',
      label: 'Type',
      kind: 'select',
      options: [
        { value: 'Educational', label: 'Academic' },
        { value: 'Professional', label: 'Others' },
      ],
      defaultValue: 'Educational',
    },
    {
      name: 'UniversityCode',
      label: 'University',
      kind: 'select',
      lookup: { list: 'universities', value: 'code', label: 'displayName' },
      helper: 'Choose Other if it is not listed',
    },
    { name: 'Institution', label: 'Institution', kind: 'text' },
    {
      name: 'CertificateAwarded',
      label: 'Certificate Awarded',
      kind: 'select',
      lookup: { list: 'qualification-codes', value: 'code', label: 'description' },
    },
    { name: 'AreaOfSpecialization', label: 'Area of Specialization', kind: 'text' },
    { name: 'CertificateNo', label: 'Certificate No', kind: 'text' },
    { name: 'CertificationClass', label: 'Certification Class', kind: 'text', helper: 'e.g. Second Class Upper' },
    { name: 'CompletionYear', label: 'Completion Year', kind: 'select', options: yearOptions(), defaultValue: '2021' },
    { name: 'StartDate', label: 'Start Date', kind: 'date' },
    { name: 'EndDate', label: 'End Date', kind: 'date' },
    { name: 'GraduationDate', label: 'Graduation Date', kind: 'date' },
    { name: 'ContactPerson', label: 'Contact Person', kind: 'text', visible: foreign },
    { name: 'ContactDesignation', label: 'Designation', kind: 'text', visible: foreign },
    { name: 'ContactEmail', label: 'Contact Email', kind: 'text', visible: foreign },
    { name: 'contactPersonAddress', label: 'Contact Address', kind: 'text', visible: foreign },
    {
      name: 'ContactCountry',
      label: 'Country',
      kind: 'select',
      lookup: { list: 'countries', value: 'code', label: 'displayName' },
      visible: foreign,
    },
    { name: 'File', label: 'Certificate (PDF)', kind: 'file', accept: 'pdf', width: 'full' },
  ],
  columns: [
    { label: 'Institution', value: (e) => s(e.Institution) },
    { label: 'Award', value: described('CertificateAwarded') },
    { label: 'Specialization', value: (e) => s(e.AreaOfSpecialization) },
    { label: 'Year', value: (e) => s(e.CompletionYear) },
    { label: 'Category', value: (e) => s(e.Category) },
    { label: 'Transcripts', value: (e) => String((e.transcript as unknown[] | undefined)?.length ?? 0) },
  ],
};

export const institutionConfig: SectionConfig = {
  path: 'institution',
  title: SECTION_INFO.institution.title,
  noun: 'Membership',
  maxWidth: 'sm',
  fields: [
    { name: 'Institution', label: 'Institution', kind: 'text', width: 'full' },
    { name: 'memberNo', label: 'Registration No', kind: 'text' },
    { name: 'membershipType', label: 'Membership Type', kind: 'text' },
    { name: 'yearOfRegistration', label: 'Year of Registration', kind: 'select', options: yearOptions() },
    { name: 'attachment', label: 'Certificate (PDF)', kind: 'file', accept: 'pdf', width: 'full' },
  ],
  columns: [
    { label: 'Institution', value: (e) => s(e.Institution) },
    { label: 'Registration No', value: (e) => s(e.memberNo) },
    { label: 'Type', value: (e) => s(e.membershipType) },
    { label: 'Year', value: (e) => s(e.yearOfRegistration) },
  ],
};

export const refereeConfig: SectionConfig = {
  path: 'referee',
  title: SECTION_INFO.referee.title,
  noun: 'Referee',
  fields: [
    { name: 'MemberNo', label: 'Member No', kind: 'text' },
    { name: 'Name', label: 'Name', kind: 'text' },
    { name: 'Email', label: 'Email', kind: 'text', helper: refereeMessages.sentToRecordHint },
    { name: 'PhoneNo', label: 'Phone No', kind: 'text', phone: true },
    { name: 'PlaceOfWork', label: 'Place of Work', kind: 'text' },
    { name: 'Designation', label: 'Designation', kind: 'text' },
    { name: 'Address', label: 'Address', kind: 'text', width: 'full' },
  ],
  columns: [
    { label: 'Name', value: (e) => s(e.Name) },
    { label: 'Member No', value: (e) => s(e.MemberNo) },
    { label: 'Email', value: (e) => s(e.Email) },
    { label: 'Phone', value: phone('PhoneNo') },
    // Where the request went: the referee's email and phone on record, masked (docs/decisions/028).
    { label: 'Request sent to', value: (e) => [s(e.sentToEmail), s(e.sentToPhone)].filter(Boolean).join(' · ') },
    { label: 'Referee Type', value: (e) => s(e.refereeType) },
    { label: 'Response', value: (e) => (e.response ? `${s(e.response)}ed` : '') },
    { label: 'Remarks', value: (e) => s(e.Remarks) },
  ],
};

export const attachmentsConfig: SectionConfig = {
  path: 'attachments',
  title: SECTION_INFO.attachments.title,
  noun: 'Attachment',
  maxWidth: 'sm',
  fields: [
    {
      name: 'description',
      label: 'Description',
      kind: 'select',
      lookup: { list: 'attachment-types', value: 'code', label: 'description' },
      width: 'full',
    },
    { name: 'attachment', label: 'Attachment (PDF)', kind: 'file', accept: 'pdf', width: 'full' },
    { name: 'fileName', label: 'File Name', kind: 'text', width: 'full', helper: 'Filled in from the chosen file' },
  ],
  columns: [
    { label: 'Description', value: described('description') },
    { label: 'File Name', value: (e) => s(e.fileName) },
  ],
};

export const specializationConfig: SectionConfig = {
  path: 'specialization',
  title: SECTION_INFO.specialization.title,
  noun: 'Specialization',
  maxWidth: 'sm',
  fields: [{ name: 'Description', label: 'Specialization', kind: 'text', maxLength: 99, width: 'full', helper: 'Max 100 characters' }],
  columns: [{ label: 'Specialization', value: (e) => s(e.Description) }],
};

const holderFields = (withShares: boolean): FieldDef[] => [
  { name: 'type', label: 'Type', kind: 'select', options: opts(MEMBER_TYPES_FOR_HOLDERS), defaultValue: 'Non Member' },
  { name: 'regNo', label: 'Professional Registration Number', kind: 'text', visible: (ctx) => ctx.values.type === 'Member' },
  { name: 'name', label: 'Name', kind: 'text', upper: true },
  { name: 'identificationDocumentNo', label: 'ID/Passport No', kind: 'text' },
  { name: 'discipline', label: 'Discipline', kind: 'select', lookup: { list: 'disciplines', value: 'code', label: 'description' } },
  ...(withShares ? [{ name: 'sharesHeld', label: 'Shares Held', kind: 'number' } as FieldDef] : []),
];
const holderColumns = (withShares: boolean) => [
  { label: 'Name', value: (e: Record<string, unknown>) => s(e.name) },
  { label: 'ID No', value: (e: Record<string, unknown>) => s(e.identificationDocumentNo) },
  { label: 'Type', value: (e: Record<string, unknown>) => s(e.type) },
  { label: 'Reg No', value: (e: Record<string, unknown>) => s(e.regNo) },
  ...(withShares ? [{ label: 'Shares', value: (e: Record<string, unknown>) => s(e.sharesHeld) }] : []),
];

export const directorsConfig: SectionConfig = {
  path: 'directors',
  title: SECTION_INFO.directors.title,
  noun: 'Director',
  fields: holderFields(false),
  columns: holderColumns(false),
};
export const shareholdersConfig: SectionConfig = {
  path: 'shareholders',
  title: SECTION_INFO.shareholders.title,
  noun: 'Shareholder',
  fields: holderFields(true),
  columns: holderColumns(true),
};

export const servicesConfig: SectionConfig = {
  path: 'services',
  title: SECTION_INFO.services.title,
  noun: 'Service',
  maxWidth: 'sm',
  fields: [
    { name: 'service', label: 'Service', kind: 'text', width: 'full' },
    { name: 'description', label: 'Description', kind: 'textarea' },
  ],
  columns: [
    { label: 'Service', value: (e) => s(e.service) },
    { label: 'Description', value: (e) => s(e.description) },
  ],
};

export const employeesConfig: SectionConfig = {
  path: 'employees',
  title: SECTION_INFO.employees.title,
  noun: 'Employee',
  maxWidth: 'sm',
  fields: [
    { name: 'code', label: 'Employee Type', kind: 'select', options: [] },
    { name: 'count', label: 'Count', kind: 'number' },
  ],
  columns: [
    { label: 'Employee Type', value: described('code') },
    { label: 'Count', value: (e) => s(e.count) },
  ],
};

export const facilitiesConfig: SectionConfig = {
  path: 'facilities',
  title: SECTION_INFO.facilities.title,
  noun: 'Facility',
  maxWidth: 'sm',
  fields: [
    { name: 'nameOfEquipment', label: 'Name of Equipment', kind: 'text', width: 'full' },
    { name: 'quantity', label: 'Quantity', kind: 'number' },
    { name: 'remarks', label: 'Remarks', kind: 'text' },
    { name: 'ownership', label: 'Proof of ownership (PDF)', kind: 'file', accept: 'pdf', width: 'full' },
  ],
  columns: [
    { label: 'Equipment', value: (e) => s(e.nameOfEquipment) },
    { label: 'Quantity', value: (e) => s(e.quantity) },
    { label: 'Remarks', value: (e) => s(e.remarks) },
  ],
};

export const bankersConfig: SectionConfig = {
  path: 'bankers',
  title: SECTION_INFO.bankers.title,
  noun: 'Banker',
  maxWidth: 'sm',
  fields: [
    { name: 'name', label: 'Bank Name', kind: 'text', width: 'full' },
    { name: 'address', label: 'Address', kind: 'text', width: 'full' },
  ],
  columns: [
    { label: 'Bank', value: (e) => s(e.name) },
    { label: 'Address', value: (e) => s(e.address) },
  ],
};

export const convictionsConfig: SectionConfig = {
  path: 'convictions',
  title: SECTION_INFO.convictions.title,
  noun: 'Conviction',
  maxWidth: 'sm',
  fields: [
    { name: 'ConvictionDate', label: 'Conviction Date', kind: 'date' },
    { name: 'Offence', label: 'Offence', kind: 'text' },
    { name: 'SentenceImposed', label: 'Sentence Imposed', kind: 'text', width: 'full' },
  ],
  columns: [
    { label: 'Date', value: (e) => s(e.ConvictionDate) },
    { label: 'Offence', value: (e) => s(e.Offence) },
    { label: 'Sentence', value: (e) => s(e.SentenceImposed) },
  ],
};

export const SECTION_CONFIGS: Record<SectionName, SectionConfig> = {
  contact: contactConfig,
  'work-experience': workExperienceConfig,
  certification: certificationConfig,
  referee: refereeConfig,
  institution: institutionConfig,
  attachments: attachmentsConfig,
  specialization: specializationConfig,
  directors: directorsConfig,
  shareholders: shareholdersConfig,
  services: servicesConfig,
  employees: employeesConfig,
  facilities: facilitiesConfig,
  bankers: bankersConfig,
  convictions: convictionsConfig,
};

export const GENDER_OPTIONS = opts(GENDERS);
