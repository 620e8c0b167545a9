import {
  APPLICATION_DOCUMENT_ROUTES,
  type ApplicationDocumentRoute,
  documentMessages,
  hasBeenSubmitted,
  licenseMessages,
  upgradeMessages,
} from '@portal/contract';
import type { AppContext } from '../../shared/context';
import { codeCandidates } from '../../shared/document-code';
import { notFound } from '../../shared/errors';
import type { UserRow } from '../../shared/session';
import { type ApplicationFacts, fullName, loadApplicationFacts, memberNoOf } from './facts';
import { issueDocument } from './issue';
import { renderIssued } from './render';

/** The application a document route names: the raw code, or the code base64-encoded as the web route carries it. */
function findApplication(ctx: AppContext, code: string): Promise<ApplicationFacts | null> {
  return loadApplicationFacts(ctx.db, codeCandidates(code, 200));
}

/** Owner, admin or approver; to anyone else the application does not exist. */
function mayRead(user: UserRow, facts: ApplicationFacts) {
  const own = facts.application.userId === user.id || (user.profileId !== null && facts.application.profileId === user.profileId);
  return own || user.isAdmin || user.isApprover;
}

/** Why a document of this route is not available yet, or null when it is. */
function unavailable(route: ApplicationDocumentRoute, facts: ApplicationFacts): string | null {
  const { status } = facts.application;
  switch (route) {
    case 'document':
      // The same test as the File button's (issue 16): a seeded or imported accepted application has no submission time.
      return hasBeenSubmitted(facts.application) ? null : documentMessages.documentNotSubmitted;
    case 'certificate':
      return status === 'Released' ? null : documentMessages.certificateNotReleased;
    case 'acceptanceLetter':
      return status === 'Released' ? null : documentMessages.acceptanceNotReleased;
    case 'rejectionLetter':
      return status === 'Rejected' ? null : documentMessages.rejectionNotRejected;
  }
}

/**
 * GET /api/application/{document|certificate|rejectionLetter|acceptanceLetter}/{code}: the PDF, base64.
 * Issues the document's number on the first fetch; later fetches keep it and render from current data.
 */
export async function applicationDocument(ctx: AppContext, user: UserRow, route: ApplicationDocumentRoute, code: string): Promise<string> {
  const facts = await findApplication(ctx, code);
  if (!facts || !mayRead(user, facts)) throw notFound(documentMessages.applicationNotFound);
  const reason = unavailable(route, facts);
  if (reason) throw notFound(reason);
  const kind = APPLICATION_DOCUMENT_ROUTES[route];
  const membershipKind = kind === 'certificate' || kind === 'acceptance_letter';
  const row = await issueDocument(ctx, {
    kind,
    profileId: facts.application.profileId,
    applicationCode: facts.application.code,
    holderName: fullName(facts.profile) || facts.application.code,
    memberNo: membershipKind ? memberNoOf(facts) : null,
    categoryCode: facts.application.appliedCategory,
  });
  const pdf = await renderIssued(ctx, row, facts);
  return pdf.toString('base64');
}

/** The documents of upgrades and licence applications, and the application kind each belongs to. */
const SERVICE_DOCUMENTS = {
  upgrade_report: 'Upgrade',
  acceptance_letter: 'Upgrade',
  certificate: 'Upgrade',
  license_application: 'Licence',
  license: 'Licence',
} as const;
export type ServiceDocumentKind = keyof typeof SERVICE_DOCUMENTS;

function serviceUnavailable(kind: ServiceDocumentKind, facts: ApplicationFacts): string | null {
  const { status } = facts.application;
  switch (kind) {
    case 'acceptance_letter':
    case 'certificate':
      return status === 'Released' ? null : upgradeMessages.letterNotReleased;
    case 'license':
      return status === 'Released' ? null : licenseMessages.notApproved;
    default:
      return null;
  }
}

/**
 * `POST upgrade/upgrade-report|acceptance-letter {appCode}` and `GET license/application|certificate/{code}`: the
 * PDF of an upgrade's or licence application's document, base64, for its owner, admins and approvers (404 to anyone
 * else, and for an application of another kind).
 */
export async function serviceDocument(ctx: AppContext, user: UserRow, kind: ServiceDocumentKind, code: string): Promise<string> {
  const facts = await findApplication(ctx, code);
  const expected = SERVICE_DOCUMENTS[kind];
  const missing = expected === 'Upgrade' ? upgradeMessages.notFound : licenseMessages.notFound;
  if (!facts || facts.application.kind !== expected || !mayRead(user, facts)) throw notFound(missing);
  const reason = serviceUnavailable(kind, facts);
  if (reason) throw notFound(reason);
  const row = await issueDocument(ctx, {
    kind,
    profileId: facts.application.profileId,
    applicationCode: facts.application.code,
    holderName: fullName(facts.profile) || facts.application.code,
    memberNo: memberNoOf(facts),
    categoryCode: facts.application.appliedCategory,
  });
  return (await renderIssued(ctx, row, facts)).toString('base64');
}
