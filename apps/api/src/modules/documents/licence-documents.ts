import {
  type ChecklistItem,
  codeKey,
  type DocumentKind,
  documentMessages,
  formatPhone,
  LICENSE_DETAIL_LABELS,
  licenseIsCurrent,
  toCents,
} from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { nairobiDate } from '../../shared/dates';
import { describeCodes } from '../../shared/describe-codes';
import { notFound } from '../../shared/errors';
import type { Branding } from './branding';
import { type ApplicationFacts, fullName, loadApplicationFacts } from './facts';
import type { DocumentRow } from './issue';
import { kes } from './money-pdfs';
import { certificateFrame, field, heading, letterhead, longDate, MARGIN, type Pdf, registrarSignature, shortDate, table } from './pdf';

const { applicationEvents, licenses, membershipCategories } = schema;

/** Documents of upgrades and practising licences (decision 032). */
export const LICENCE_DOCUMENT_KINDS = ['upgrade_report', 'license_application', 'license'] as const;
type LicenceDocumentKind = (typeof LICENCE_DOCUMENT_KINDS)[number];

export function isLicenceDocument(kind: DocumentKind): kind is LicenceDocumentKind {
  return (LICENCE_DOCUMENT_KINDS as readonly string[]).includes(kind);
}

export type LicenceRow = typeof licenses.$inferSelect;

async function licenceOf(db: Db, applicationCode: string | null): Promise<LicenceRow | null> {
  if (!applicationCode) return null;
  const [row] = await db.select().from(licenses).where(eq(licenses.applicationCode, applicationCode)).limit(1);
  return row ?? null;
}

async function categoryName(db: Db, code: string | null): Promise<string> {
  if (!code) return '-';
  const [row] = await db
    .select({ description: membershipCategories.description })
    .from(membershipCategories)
    .where(eq(membershipCategories.code, code));
  return row?.description ?? code;
}

const detail = (facts: ApplicationFacts, key: string) => {
  const value = facts.application.details?.[key];
  return typeof value === 'string' ? value : null;
};

export interface UpgradeReportExtras {
  checklist: ChecklistItem[];
  fromCategory: string;
}

/** Reads what the document needs and returns its drawing step (the renderer adds the footer and its QR code). */
export async function prepareLicenceDocument(
  ctx: AppContext,
  row: DocumentRow,
  branding: Branding,
  title: string,
  checklistOf: (facts: ApplicationFacts) => Promise<ChecklistItem[]>,
): Promise<(doc: Pdf) => void> {
  const facts = row.applicationCode ? await loadApplicationFacts(ctx.db, row.applicationCode) : null;
  if (!facts) throw notFound(documentMessages.documentNotFound);
  switch (row.kind as LicenceDocumentKind) {
    case 'upgrade_report': {
      const [checklist, fromCategory, events] = await Promise.all([
        checklistOf(facts),
        categoryName(ctx.db, facts.application.fromCategory),
        ctx.db
          .select()
          .from(applicationEvents)
          .where(eq(applicationEvents.applicationCode, facts.application.code))
          .orderBy(asc(applicationEvents.at), asc(applicationEvents.id)),
      ]);
      return (doc) => drawUpgradeReport(doc, branding, title, facts, { checklist, fromCategory, events });
    }
    case 'license_application': {
      const codes = await describeCodes(ctx.db, [
        ['countries', detail(facts, 'countryCode')],
        ['counties', detail(facts, 'county')],
      ]);
      const shown = (key: string) => {
        const value = detail(facts, key);
        if (key === 'countryCode') return codes.get(codeKey('countries', value)) ?? value;
        if (key === 'county') return codes.get(codeKey('counties', value)) ?? value;
        if (key === 'practitionerPhone') return formatPhone(value);
        return key === 'startDate' ? longDate(value) || value : value;
      };
      return (doc) => drawLicenceApplication(doc, branding, title, facts, shown);
    }
    case 'license': {
      const licence = await licenceOf(ctx.db, facts.application.code);
      if (!licence) throw notFound(documentMessages.documentNotFound);
      return (doc) => drawLicence(doc, branding, title, facts, licence);
    }
  }
}

type EventRow = typeof applicationEvents.$inferSelect;

/** The letterhead, the title with the application's code, and who it is about. */
function opening(doc: Pdf, branding: Branding, title: string, facts: ApplicationFacts, who: string) {
  const app = facts.application;
  const top = letterhead(doc, branding);
  doc.font('Helvetica-Bold').fontSize(16).fillColor('#222222').text(`${title} ${app.code}`, MARGIN, top);
  doc.moveDown(0.6);
  field(doc, who, fullName(facts.profile));
  field(doc, 'Member No.', app.assignedMemberNo);
  return app;
}

function drawUpgradeReport(
  doc: Pdf,
  branding: Branding,
  title: string,
  facts: ApplicationFacts,
  extra: UpgradeReportExtras & { events: EventRow[] },
) {
  const app = opening(doc, branding, title, facts, 'Member');
  field(doc, 'From category', extra.fromCategory);
  field(doc, 'To category', facts.categoryDescription);
  field(doc, 'Applied on', longDate(app.submittedAt ?? app.applicationDateTime));
  field(
    doc,
    'Status',
    app.status === 'Released' ? 'Approved' : app.submitted || app.status !== 'New' ? app.status : 'Returned to the member',
  );
  field(doc, 'Upgrade fee', kes(toCents(app.amount)));
  field(doc, 'Invoice', app.invoiceNo);
  field(doc, 'Paid', app.postedReceiptNo ? `Yes (receipt ${app.postedReceiptNo})` : 'Not yet');
  heading(doc, branding, 'Requirements');
  table(
    doc,
    branding,
    [
      { label: 'Requirement', width: 70 },
      { label: 'Status', width: 30 },
    ],
    extra.checklist.map((c) => [c.description, c.pass ? 'Complete' : 'Not complete']),
  );
  heading(doc, branding, 'History');
  table(
    doc,
    branding,
    [
      { label: 'Date', width: 22 },
      { label: 'Step', width: 48 },
      { label: 'By', width: 30 },
    ],
    extra.events.map((e) => [
      shortDate(nairobiDate(e.at)),
      e.kind === 'status' ? `${e.fromStatus ?? ''} to ${e.toStatus ?? ''}` : e.kind === 'returned' ? 'Returned to the member' : 'Submitted',
      e.actorName,
    ]),
  );
}

function drawLicenceApplication(
  doc: Pdf,
  branding: Branding,
  title: string,
  facts: ApplicationFacts,
  shown: (key: string) => string | null,
) {
  const app = opening(doc, branding, title, facts, 'Applicant');
  field(doc, 'Category', facts.categoryDescription);
  field(doc, 'Practising year', app.licenseYear ? `1 Jan to 31 Dec ${app.licenseYear}` : null);
  field(doc, 'Licence fee', kes(toCents(app.amount)));
  heading(doc, branding, 'Licence details');
  for (const [key, label] of Object.entries(LICENSE_DETAIL_LABELS)) field(doc, label, shown(key));
  heading(doc, branding, 'Declaration');
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#222222')
    .text(
      `I declare that the particulars above are true, that I hold a current registration with ${branding.name}, and that I will practise in accordance with its Code of Conduct and the conditions of the licence.`,
      MARGIN,
      doc.y,
      { align: 'justify' },
    );
  doc.moveDown(3);
  const y = doc.y;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + 200, y)
    .stroke('#444444');
  doc
    .moveTo(MARGIN + 280, y)
    .lineTo(MARGIN + 440, y)
    .stroke('#444444');
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#444444')
    .text('Signature / stamp of the applicant', MARGIN, y + 4);
  doc.text('Date', MARGIN + 280, y + 4);
  doc.x = MARGIN;
}

function drawLicence(doc: Pdf, branding: Branding, title: string, facts: ApplicationFacts, licence: LicenceRow) {
  const { line } = certificateFrame(doc, branding);
  line(title.toUpperCase(), 'Helvetica-Bold', 24, '#222222', 18);
  line('This is to certify that', 'Helvetica-Oblique', 12, '#444444', 10);
  line(fullName(facts.profile).toUpperCase() || '-', 'Helvetica-Bold', 26, branding.colors.primary, 10);
  line(`Member No. ${licence.memberNo ?? '-'}, registered as ${facts.categoryDescription}`, 'Helvetica', 13, '#222222', 6);
  line(`is licensed to practise for the year ${licence.year}.`, 'Helvetica', 14, '#222222', 10);
  line(
    `Licence No. ${licence.licenseNo}    Valid from ${longDate(licence.validFrom)} until ${longDate(licence.validTo)}`,
    'Helvetica-Bold',
    12,
    '#222222',
    4,
  );
  registrarSignature(doc, branding);
}

export interface LicenceVerification {
  statement: string;
  valid: boolean;
  reason: string | null;
}

const gone = (statement: string, reason: string): LicenceVerification => ({ statement, valid: false, reason });

/**
 * What the document certifies and whether it holds: a licence while Active and within its year; an application
 * form or upgrade report while the application is on record.
 */
export async function verifyLicenceDocument(ctx: AppContext, row: DocumentRow, organisation: string): Promise<LicenceVerification> {
  const holder = row.holderName;
  const facts = row.applicationCode ? await loadApplicationFacts(ctx.db, row.applicationCode) : null;
  if (!facts) return gone(holder, 'The application is no longer on record.');
  const app = facts.application;
  switch (row.kind as LicenceDocumentKind) {
    case 'upgrade_report': {
      const from = await categoryName(ctx.db, app.fromCategory);
      const outcome = app.status === 'Released' ? 'approved' : app.status === 'Rejected' ? 'not approved' : 'under review';
      return {
        statement: `${holder} applied to ${organisation} to upgrade from ${from} to ${facts.categoryDescription} (application ${app.code}); the application is ${outcome}.`,
        valid: true,
        reason: null,
      };
    }
    case 'license_application':
      return {
        statement: `${holder} applied to ${organisation} for the ${app.licenseYear ?? ''} practising licence (application ${app.code}).`,
        valid: true,
        reason: null,
      };
    case 'license': {
      const licence = await licenceOf(ctx.db, app.code);
      if (!licence) return gone(holder, 'The licence is no longer on record.');
      const statement = `${holder}${licence.memberNo ? `, member number ${licence.memberNo},` : ''} holds practising licence ${licence.licenseNo} of ${organisation} for ${licence.year}, valid until ${longDate(licence.validTo)}.`;
      if (licence.status === 'Suspended') return gone(statement, `The licence has been suspended: ${licence.statusReason ?? ''}`.trim());
      if (licence.status === 'Revoked') return gone(statement, `The licence has been revoked: ${licence.statusReason ?? ''}`.trim());
      const today = nairobiDate(new Date());
      if (!licenseIsCurrent(licence, today)) {
        return gone(
          statement,
          today > licence.validTo
            ? `The licence expired on ${longDate(licence.validTo)}.`
            : `The licence is valid from ${longDate(licence.validFrom)}.`,
        );
      }
      return { statement, valid: true, reason: null };
    }
  }
}
