import { DOCUMENT_TITLES, type DocumentKind, documentMessages, verificationPath } from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { describeCodes, entryCodes } from '../../shared/describe-codes';
import { notFound } from '../../shared/errors';
import { buildChecklist, loadChecklistFacts } from '../profile/checklist';
import { type Branding, loadBranding } from './branding';
import { isCpdDocument, prepareCpdDocument } from './cpd-documents';
import { type ApplicationFacts, fullName, loadApplicationFacts, profileEntries, rejectionReasons } from './facts';
import type { DocumentRow } from './issue';
import { drawAcceptanceLetter, drawCertificate, drawRejectionLetter } from './letters';
import { isLicenceDocument, prepareLicenceDocument } from './licence-documents';
import { isMoneyDocument, prepareMoneyDocument } from './money-render';
import { footers, startPdf } from './pdf';
import { drawApplicationDocument, drawRefereeReport, FIRM_SECTIONS, INDIVIDUAL_SECTIONS } from './reports';

/** The address a document's QR code opens. */
export function verificationUrl(ctx: AppContext, documentNo: string): string {
  return `${ctx.config.publicUrl}${verificationPath(documentNo)}`;
}

/** The title printed on a document of `kind` (the acceptance letter's is the settings' caption). */
export function documentTitle(kind: DocumentKind, branding: Pick<Branding, 'minor'>): string {
  if (kind === 'acceptance_letter') return branding.minor.acceptance_letter_caption || DOCUMENT_TITLES.acceptance_letter;
  if (kind === 'good_standing') return branding.minor.certificate_of_good_standing_caption || DOCUMENT_TITLES.good_standing;
  return DOCUMENT_TITLES[kind];
}

/** The PDF bytes of an issued document, rendered now from current data. */
export async function renderDocument(ctx: AppContext, documentNo: string): Promise<Buffer> {
  const [row] = await ctx.db.select().from(schema.documents).where(eq(schema.documents.documentNo, documentNo)).limit(1);
  if (!row) throw notFound(documentMessages.documentNotFound);
  return renderIssued(ctx, row);
}

/** Renders a document row already read, with its application's facts when the caller has them. */
export async function renderIssued(ctx: AppContext, row: DocumentRow, facts?: ApplicationFacts): Promise<Buffer> {
  const kind = row.kind as DocumentKind;
  const branding = await loadBranding(ctx.db);
  const title = documentTitle(kind, branding);
  const verifyUrl = verificationUrl(ctx, row.documentNo);
  const draw = isMoneyDocument(kind)
    ? await prepareMoneyDocument(ctx, row, branding, title)
    : isCpdDocument(kind)
      ? await prepareCpdDocument(ctx, row, branding, title, verifyUrl)
      : isLicenceDocument(kind)
        ? await prepareLicenceDocument(ctx, row, branding, title, async (f) =>
            buildChecklist(ctx.db, await loadChecklistFacts(ctx, f.profile), f.application.appliedCategory, 'Upgrade', f.application),
          )
        : await prepare(ctx, row, branding, facts);
  const { doc, bytes } = startPdf({
    title: `${title} ${row.documentNo}`,
    subject: `${title} of ${row.holderName}`,
    author: branding.name,
    landscape: LANDSCAPE.has(kind),
  });
  draw(doc);
  footers(doc, branding, row.documentNo, verifyUrl);
  doc.end();
  return bytes;
}

/** Certificates are landscape; letters, reports, invoices and receipts portrait. */
const LANDSCAPE = new Set<DocumentKind>(['certificate', 'subscription_certificate', 'good_standing', 'cpd_certificate', 'license']);

type Draw = (doc: Parameters<typeof drawCertificate>[0]) => void;

/** Reads what the document needs (queries first, then a synchronous drawing step). */
async function prepare(ctx: AppContext, row: DocumentRow, branding: Branding, known?: ApplicationFacts): Promise<Draw> {
  const kind = row.kind as DocumentKind;
  if (kind === 'referee_report') {
    const id = Number(row.subjectKey);
    const [request] = Number.isInteger(id)
      ? await ctx.db.select().from(schema.refereeRequests).where(eq(schema.refereeRequests.id, id)).limit(1)
      : [];
    const details = row.details ?? {};
    const text = (key: string) => (typeof details[key] === 'string' ? (details[key] as string) : '');
    let applicantName = text('applicantName');
    if (!applicantName && row.profileId) {
      const [profile] = await ctx.db.select().from(schema.profiles).where(eq(schema.profiles.profileId, row.profileId)).limit(1);
      applicantName = fullName(profile);
    }
    return (doc) =>
      drawRefereeReport(doc, branding, {
        request: request ?? null,
        applicantName,
        refereeName: row.holderName,
        confirmationStatement: text('confirmationStatement'),
        memberNo: row.memberNo,
      });
  }

  const facts =
    known && known.application.code === row.applicationCode
      ? known
      : row.applicationCode
        ? await loadApplicationFacts(ctx.db, row.applicationCode)
        : null;
  if (!facts) throw notFound(documentMessages.documentNotFound);
  switch (kind) {
    case 'certificate': {
      const codes = await describeCodes(ctx.db, [['disciplines', facts.profile?.discipline]]);
      const discipline = facts.profile?.discipline ? (codes.get(`disciplines:${facts.profile.discipline}`) ?? null) : null;
      return (doc) => drawCertificate(doc, branding, facts, discipline);
    }
    case 'acceptance_letter':
      return (doc) => drawAcceptanceLetter(doc, branding, facts);
    case 'rejection_letter': {
      const reasons = await rejectionReasons(ctx.db, facts.application.code);
      return (doc) => drawRejectionLetter(doc, branding, facts, reasons);
    }
    case 'application': {
      const profile = facts.profile;
      const firm = profile?.type === 'Corporate';
      const [entries, photo] = await Promise.all([
        profile ? profileEntries(ctx.db, profile.profileId, firm ? FIRM_SECTIONS : INDIVIDUAL_SECTIONS) : [],
        photoOf(ctx, profile?.pictureFileId ?? null),
      ]);
      const codes = await describeCodes(ctx.db, [
        ['countries', profile?.nationality],
        ['counties', profile?.county],
        ['cities', profile?.city],
        ['disciplines', profile?.discipline],
        ...entryCodes(entries),
      ]);
      return (doc) => drawApplicationDocument(doc, branding, facts, { entries, codes, photo });
    }
    default:
      throw notFound(documentMessages.documentNotFound);
  }
}

async function photoOf(ctx: AppContext, fileId: string | null): Promise<Buffer | null> {
  if (!fileId) return null;
  const [file] = await ctx.db
    .select({ storageKey: schema.files.storageKey, contentType: schema.files.contentType })
    .from(schema.files)
    .where(eq(schema.files.id, fileId))
    .limit(1);
  if (!file || !/^image\/(jpeg|png)$/.test(file.contentType)) return null;
  return ctx.storage.get(file.storageKey).catch(() => null);
}
