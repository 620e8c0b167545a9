import { type DocumentKind, type DocumentVerification, documentMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { notFound } from '../../shared/errors';
import { loadBranding } from './branding';
import { verifyCpdDocument } from './cpd-documents';
import { type ApplicationFacts, loadApplicationFacts, memberNoOf, withArticle } from './facts';
import { verifyLicenceDocument } from './licence-documents';
import { verifyMoneyDocument } from './money-verify';
import { longDate } from './pdf';
import { documentTitle } from './render';

/** What the numbers look like; anything else cannot have been issued and is not looked up. */
const DOCUMENT_NO = /^[A-Z]{3}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/;

interface Validity {
  valid: boolean;
  reason: string | null;
}

const ok: Validity = { valid: true, reason: null };
const no = (reason: string): Validity => ({ valid: false, reason });

/**
 * GET /api/documents/verify/{documentNo}: whose document it is, what it certifies and whether it still holds.
 * Public, so it says nothing a stranger should not learn: no contact details, ID numbers or dates of birth.
 */
export async function verifyDocument(ctx: AppContext, documentNo: string): Promise<DocumentVerification> {
  const number = documentNo.trim().toUpperCase();
  if (!DOCUMENT_NO.test(number)) throw notFound(documentMessages.documentNotFound);
  const [row] = await ctx.db.select().from(schema.documents).where(eq(schema.documents.documentNo, number)).limit(1);
  if (!row) throw notFound(documentMessages.documentNotFound);
  const kind = row.kind as DocumentKind;
  const branding = await loadBranding(ctx.db);
  const facts = row.applicationCode ? await loadApplicationFacts(ctx.db, row.applicationCode) : null;

  let category: string | null = facts?.categoryDescription ?? null;
  if (!category && row.categoryCode) {
    const [c] = await ctx.db
      .select({ description: schema.membershipCategories.description })
      .from(schema.membershipCategories)
      .where(eq(schema.membershipCategories.code, row.categoryCode));
    category = c?.description ?? row.categoryCode;
  }
  const holder = row.holderName;
  const memberNo =
    kind === 'certificate' || kind === 'acceptance_letter' ? (row.memberNo ?? (facts ? memberNoOf(facts) : null)) : row.memberNo;
  const categoryText = withArticle(category ?? 'member');

  let validity: Validity;
  let statement: string;
  switch (kind) {
    case 'certificate':
      statement = `${holder} is registered with ${branding.name} as ${categoryText}, member number ${memberNo ?? '-'}.`;
      validity = await membershipValidity(ctx, facts, memberNo, facts?.application.appliedCategory ?? row.categoryCode);
      break;
    case 'acceptance_letter':
      statement =
        facts?.application.kind === 'Upgrade'
          ? `${holder}'s application ${row.applicationCode ?? ''} to upgrade to ${categoryText} was approved by ${branding.name}, member number ${memberNo ?? '-'}.`
          : `${holder}'s application ${row.applicationCode ?? ''} for registration as ${categoryText} was accepted by ${branding.name}, member number ${memberNo ?? '-'}.`;
      validity = await membershipValidity(ctx, facts, memberNo);
      break;
    case 'rejection_letter':
      statement = `${holder}'s application ${row.applicationCode ?? ''} for registration as ${categoryText} was not approved by ${branding.name}.`;
      validity = !facts
        ? no('The application is no longer on record.')
        : facts.application.status === 'Rejected'
          ? ok
          : no('The application has been reopened since this letter was issued.');
      break;
    case 'application': {
      const submitted = longDate(facts?.application.submittedAt);
      statement = `${holder} applied to ${branding.name} for registration as ${categoryText} (application ${row.applicationCode ?? ''}${submitted ? `, submitted on ${submitted}` : ''}).`;
      validity = facts ? ok : no('The application is no longer on record.');
      break;
    }
    case 'referee_report': {
      const id = Number(row.subjectKey);
      const [request] = Number.isInteger(id)
        ? await ctx.db
            .select({ response: schema.refereeRequests.response })
            .from(schema.refereeRequests)
            .where(eq(schema.refereeRequests.id, id))
        : [];
      const applicant = typeof row.details?.applicantName === 'string' ? row.details.applicantName : 'the applicant';
      const answer = request?.response === 'Accept' ? 'accepted' : request?.response === 'Reject' ? 'declined' : 'not yet answered';
      statement = `${holder} answered the referee form for ${applicant} and ${answer === 'not yet answered' ? 'has not answered yet' : `${answer} to act as referee`}.`;
      validity = !request
        ? no('The referee request is no longer on record.')
        : request.response
          ? ok
          : no('The referee has not answered yet.');
      break;
    }
    case 'invoice':
    case 'receipt':
    case 'subscription_certificate':
    case 'good_standing': {
      const money = await verifyMoneyDocument(ctx, row, kind, branding.name);
      statement = money.statement;
      validity = { valid: money.valid, reason: money.reason };
      break;
    }
    case 'upgrade_report':
    case 'license_application':
    case 'license': {
      const licence = await verifyLicenceDocument(ctx, row, branding.name);
      statement = licence.statement;
      validity = { valid: licence.valid, reason: licence.reason };
      break;
    }
    case 'event_ticket':
    case 'cpd_certificate':
    case 'cpd_statement': {
      const cpd = await verifyCpdDocument(ctx, row, branding.name);
      statement = cpd.statement;
      validity = { valid: cpd.valid, reason: cpd.reason };
      break;
    }
    default:
      statement = holder;
      validity = ok;
  }
  if (row.revokedAt) validity = no(row.revokedReason?.trim() || 'The issuer has revoked this document.');

  return {
    documentNo: row.documentNo,
    kind,
    title: documentTitle(kind, branding),
    holderName: holder,
    memberNo: memberNo ?? null,
    category,
    issuedAt: row.issuedAt.toISOString(),
    valid: validity.valid,
    status: row.revokedAt ? documentMessages.revoked : validity.valid ? documentMessages.valid : documentMessages.noLongerValid,
    reason: validity.reason,
    statement,
    organisation: branding.name,
  };
}

/**
 * A certificate or acceptance letter holds while the application stays Released and the membership Active; a
 * membership certificate also only while the member is still in the category it names (an upgrade supersedes it).
 */
async function membershipValidity(
  ctx: AppContext,
  facts: ApplicationFacts | null,
  memberNo: string | null,
  certifiedCategory?: string | null,
): Promise<Validity> {
  if (!facts) return no('The application is no longer on record.');
  if (facts.application.status !== 'Released') return no('The application is no longer accepted.');
  if (!memberNo) return no('No membership is on record for this document.');
  const membership =
    facts.membership?.memberNo === memberNo
      ? facts.membership
      : (await ctx.db.select().from(schema.memberships).where(eq(schema.memberships.memberNo, memberNo)).limit(1))[0];
  if (!membership) return no('No membership is on record for this document.');
  if (membership.status !== 'Active') return no(`The membership is no longer active (${membership.status}).`);
  if (certifiedCategory && membership.categoryCode !== certifiedCategory) {
    return no('This certificate has been superseded: the member has since been registered in another category.');
  }
  return ok;
}
