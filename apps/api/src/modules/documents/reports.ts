import {
  applicationStatusLabel,
  codeKey,
  DOCUMENT_TITLES,
  formatKes,
  formatPhone,
  SECTION_CODED_FIELDS,
  type SectionName,
} from '@portal/contract';
import type { schema } from '@portal/db';
import type { Branding } from './branding';
import { type ApplicationFacts, fullName, memberNoOf } from './facts';
import { field, heading, letterhead, longDate, type Pdf, shortDate, table } from './pdf';

type Entry = { section: string; entryNo: number; data: Record<string, unknown> };

function title(doc: Pdf, text: string, y: number) {
  doc.font('Helvetica-Bold').fontSize(16).fillColor('#222222').text(text.toUpperCase(), doc.page.margins.left, y, { align: 'center' });
  doc.moveDown(0.6);
  doc.fillColor('#222222');
}

const str = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'object') {
    const name = (v as { fileName?: unknown }).fileName;
    return typeof name === 'string' ? name : '';
  }
  return String(v);
};

const amount = (value: string) => formatKes(Number(value));

/** Printed per section: column labels and the entry fields behind them. */
const SECTION_TABLES: Record<string, { title: string; columns: [label: string, key: string, width: number][] }> = {
  contact: {
    title: 'Contacts',
    columns: [
      ['Type', 'Type', 1],
      ['Email', 'Email', 2],
      ['Phone', 'PhoneNo', 1.4],
      ['Address', 'Address', 2],
      ['Place of Work', 'PlaceOfWork', 1.6],
    ],
  },
  certification: {
    title: 'Academic and Professional Qualifications',
    columns: [
      ['Institution', 'Institution', 2],
      ['Certificate Awarded', 'CertificateAwarded', 2],
      ['Specialization', 'AreaOfSpecialization', 1.6],
      ['Class', 'CertificationClass', 1],
      ['Year', 'CompletionYear', 0.7],
    ],
  },
  'work-experience': {
    title: 'Work Experience',
    columns: [
      ['Position', 'PositionHeld', 1.6],
      ['Firm', 'NameOfFirm', 1.8],
      ['From', 'FromDate', 1],
      ['To', 'ToDate', 1],
      ['Responsibilities', 'ResponsibilitiesDescription', 2.4],
    ],
  },
  institution: {
    title: 'Institutional Membership',
    columns: [
      ['Institution', 'Institution', 2],
      ['Registration No', 'memberNo', 1.4],
      ['Membership Type', 'membershipType', 1.4],
      ['Year', 'yearOfRegistration', 0.8],
    ],
  },
  referee: {
    title: 'Referees',
    columns: [
      ['Name', 'Name', 2],
      ['Member No', 'MemberNo', 1.2],
      ['Place of Work', 'PlaceOfWork', 1.8],
      ['Designation', 'Designation', 1.4],
      ['Response', 'response', 1],
    ],
  },
  specialization: { title: 'Specialization', columns: [['Description', 'Description', 1]] },
  directors: {
    title: 'Directors',
    columns: [
      ['Name', 'name', 2],
      ['Type', 'type', 1],
      ['Registration No', 'regNo', 1.2],
      ['Discipline', 'discipline', 1.4],
    ],
  },
  shareholders: {
    title: 'Shareholders',
    columns: [
      ['Name', 'name', 2],
      ['Type', 'type', 1],
      ['Registration No', 'regNo', 1.2],
      ['Shares Held', 'sharesHeld', 1],
    ],
  },
  services: {
    title: 'Services',
    columns: [
      ['Service', 'service', 1.4],
      ['Description', 'description', 3],
    ],
  },
  employees: {
    title: 'Firm Employees',
    columns: [
      ['Employee Type', 'code', 2],
      ['Count', 'count', 1],
    ],
  },
  facilities: {
    title: 'Equipment/Facilities',
    columns: [
      ['Equipment', 'nameOfEquipment', 2],
      ['Quantity', 'quantity', 0.8],
      ['Remarks', 'remarks', 2],
    ],
  },
  bankers: {
    title: 'Banker Details',
    columns: [
      ['Name', 'name', 2],
      ['Address', 'address', 2],
    ],
  },
  convictions: {
    title: 'Convictions',
    columns: [
      ['Date', 'ConvictionDate', 1],
      ['Offence', 'Offence', 2],
      ['Sentence Imposed', 'SentenceImposed', 2],
    ],
  },
  attachments: {
    title: 'Attachments',
    columns: [
      ['Description', 'description', 2],
      ['File', 'attachment', 2],
    ],
  },
};

export const INDIVIDUAL_SECTIONS = [
  'contact',
  'certification',
  'work-experience',
  'institution',
  'referee',
  'specialization',
  'attachments',
];
export const FIRM_SECTIONS = [
  'contact',
  'directors',
  'shareholders',
  'services',
  'employees',
  'facilities',
  'bankers',
  'convictions',
  'attachments',
];

export interface ApplicationDocumentExtras {
  entries: Entry[];
  photo: Buffer | null;
  codes: Map<string, string>;
}

/** The application as submitted: application facts, the applicant's bio and every profile section. */
export function drawApplicationDocument(doc: Pdf, branding: Branding, facts: ApplicationFacts, extras: ApplicationDocumentExtras) {
  const { application: app, profile } = facts;
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  title(doc, DOCUMENT_TITLES.application, letterhead(doc, branding));

  const photoSize = 96;
  const top = doc.y;
  if (extras.photo) {
    try {
      doc.image(extras.photo, left + width - photoSize, top, { fit: [photoSize, photoSize] });
    } catch {
      // An unreadable photo leaves its corner empty rather than failing the document.
    }
  }
  const colWidth = width - (extras.photo ? photoSize + 12 : 0);
  heading(doc, branding, 'Application');
  const firm = profile?.type === 'Corporate';
  const describe = (list: string, code: string | null | undefined) => (code ? (extras.codes.get(codeKey(list, code)) ?? code) : '');
  const fields: [string, string | null | undefined][] = [
    ['Application No', app.code],
    ['Applied Category', `${facts.categoryDescription} (${app.appliedCategory})`],
    ['Application Date', longDate(app.applicationDateTime)],
    ['Submitted On', longDate(app.submittedAt)],
    ['Status', applicationStatusLabel(app.status)],
    ['Amount', amount(app.amount)],
    ['Member No', memberNoOf(facts)],
  ];
  for (const [label, value] of fields) field(doc, label, value, { width: colWidth });

  heading(doc, branding, firm ? 'Firm' : 'Applicant');
  if (profile) {
    const details = (profile.details ?? {}) as Record<string, unknown>;
    const personal: [string, string | null | undefined][] = firm
      ? [
          ['Name', profile.firstName],
          ['Email', profile.email],
          ['Mobile', formatPhone(profile.phoneNo)],
          ['Telephone', formatPhone(str(details.PhoneNo2))],
          ['Postal Address', str(details.Address)],
          ['Physical Address', str(details.Address2)],
          ['Street', str(details.streetName)],
          ['L.R. No', str(details.lrNo)],
          ['VAT Reg. No', str(details.VATRegNo)],
          ['City', profile.city],
        ]
      : [
          ['Name', fullName(profile)],
          ['Title', profile.titles.join(', ')],
          ['Gender', profile.gender],
          ['Date of Birth', longDate(profile.dateOfBirth)],
          ['ID/Passport No', profile.identificationDocumentNo],
          ['Nationality', describe('countries', profile.nationality)],
          ['County', describe('counties', profile.county)],
          ['City', describe('cities', profile.city)],
          ['Discipline', describe('disciplines', profile.discipline)],
          ['Email', profile.email],
          ['Phone', formatPhone(profile.phoneNo)],
          ['Disability', profile.disability ? `Yes${profile.pwdCardNo ? ` (PWD card ${profile.pwdCardNo})` : ''}` : 'No'],
        ];
    for (const [label, value] of personal) field(doc, label, value, { width: doc.y < top + photoSize + 8 ? colWidth : width });
  } else {
    field(doc, 'Profile', 'No profile on record');
  }

  const sections = firm ? FIRM_SECTIONS : INDIVIDUAL_SECTIONS;
  for (const section of sections) {
    const spec = SECTION_TABLES[section];
    const rows = extras.entries.filter((e) => e.section === section);
    heading(doc, branding, spec.title);
    table(
      doc,
      branding,
      spec.columns.map(([label, , w]) => ({ label, width: w })),
      rows.map((row) =>
        spec.columns.map(([, key]) => {
          const list = SECTION_CODED_FIELDS[section as SectionName]?.[key];
          const value = list ? describe(list, str(row.data[key])) : str(row.data[key]);
          if (section === 'referee' && key === 'response' && value) return `${value}ed`;
          if (section === 'attachments' && key === 'attachment') return value || str(row.data.fileName);
          if (key === 'PhoneNo' || key === 'PhoneNo2') return formatPhone(value);
          return shortDate(value);
        }),
      ),
    );
  }
}

type RefereeRequest = typeof schema.refereeRequests.$inferSelect;

/** The referee's answered form (part 1 §3, referee question form). */
export function drawRefereeReport(
  doc: Pdf,
  branding: Branding,
  input: {
    request: RefereeRequest | null;
    applicantName: string;
    refereeName: string;
    confirmationStatement: string;
    memberNo: string | null;
  },
) {
  const { request } = input;
  title(doc, DOCUMENT_TITLES.referee_report, letterhead(doc, branding));
  heading(doc, branding, 'Details');
  field(doc, 'Applicant', input.applicantName);
  field(doc, 'Referee', request?.refereeName ?? input.refereeName);
  field(doc, 'Referee Member No', request?.refereeMemberNo ?? input.memberNo);
  const response = request?.response;
  field(doc, 'Response', response === 'Accept' ? 'Accepted' : response === 'Reject' ? 'Rejected' : 'Not answered yet');
  field(doc, 'Date of Response', longDate(request?.respondedAt));

  if (input.confirmationStatement.trim()) {
    heading(doc, branding, 'Confirmation Statement');
    doc.font('Helvetica').fontSize(10).fillColor('#222222').text(input.confirmationStatement.trim(), { align: 'justify' });
  }

  heading(doc, branding, 'Questions and Answers');
  const answers = [...(request?.answers ?? [])].sort((a, b) => a.questionNo - b.questionNo);
  if (!answers.length) doc.font('Helvetica').fontSize(10).text('No answers recorded.');
  for (const a of answers) {
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#222222').text(`${a.questionNo}. ${a.question}`);
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor('#333333')
      .text(a.answer?.trim() || '-', { indent: 14 });
    doc.moveDown(0.5);
  }
  if (request?.remarks?.trim()) {
    heading(doc, branding, 'Remarks');
    doc.font('Helvetica').fontSize(10).fillColor('#222222').text(request.remarks.trim());
  }
}
