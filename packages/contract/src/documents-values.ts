/** The plain values of documents.ts (constants, messages, small functions): importable without zod (decision 054). */

/** Every kind of document the portal issues under a verifiable number (decisions.md §6). */
export const DOCUMENT_KINDS = [
  'application',
  'acceptance_letter',
  'certificate',
  'rejection_letter',
  'referee_report',
  'invoice',
  'receipt',
  'subscription_certificate',
  'good_standing',
  'event_ticket',
  'cpd_certificate',
  'cpd_statement',
  'upgrade_report',
  'license_application',
  'license',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The application's document routes (part 1 §2): `/application/{route}/{code}` and `GET application/{route}/{code}`. */
export const APPLICATION_DOCUMENT_ROUTES = {
  document: 'application',
  certificate: 'certificate',
  rejectionLetter: 'rejection_letter',
  acceptanceLetter: 'acceptance_letter',
} as const satisfies Record<string, DocumentKind>;
export type ApplicationDocumentRoute = keyof typeof APPLICATION_DOCUMENT_ROUTES;
export const APPLICATION_DOCUMENT_ROUTE_NAMES = Object.keys(APPLICATION_DOCUMENT_ROUTES) as ApplicationDocumentRoute[];

export function isApplicationDocumentRoute(value: string | undefined): value is ApplicationDocumentRoute {
  return value !== undefined && Object.hasOwn(APPLICATION_DOCUMENT_ROUTES, value);
}

/** Titles printed on the documents and shown above them; the acceptance letter's comes from the settings' caption. */
export const DOCUMENT_TITLES: Record<DocumentKind, string> = {
  application: 'Application Document',
  acceptance_letter: 'Acceptance Letter',
  certificate: 'Membership Certificate',
  rejection_letter: 'Rejection Letter',
  referee_report: 'Referee Form Report',
  invoice: 'Invoice',
  receipt: 'Receipt',
  subscription_certificate: 'Subscription Certificate',
  good_standing: 'Certificate of Good Standing',
  event_ticket: 'Event Ticket',
  cpd_certificate: 'CPD Certificate',
  cpd_statement: 'CPD Compliance Statement',
  upgrade_report: 'Upgrade Report',
  license_application: 'Practising Licence Application',
  license: 'Practising Licence',
};

/** Download names: `CERTIFICATE-APP000012.pdf`. */
export function documentFileName(route: ApplicationDocumentRoute, code: string): string {
  const stem = {
    document: 'APPLICATION',
    certificate: 'CERTIFICATE',
    rejectionLetter: 'REJECTION-LETTER',
    acceptanceLetter: 'ACCEPTANCE-LETTER',
  }[route];
  return `${stem}-${code.replace(/[^A-Za-z0-9_-]/g, '')}.pdf`;
}

/** The public page a document's QR code opens. */
export function verificationPath(documentNo: string): string {
  return `/search/verify/${encodeURIComponent(documentNo)}`;
}

export const documentMessages = {
  applicationNotFound: 'Application not found',
  documentNotSubmitted: 'The application document is available once the application has been submitted',
  certificateNotReleased: 'The certificate is available once the application has been accepted',
  acceptanceNotReleased: 'The acceptance letter is available once the application has been accepted',
  rejectionNotRejected: 'A rejection letter exists only for a rejected application',
  documentNotFound: 'No document with this number was issued',
  /** What document viewers show when the document is empty or says Invalid (part 1 §8). */
  invalidDocument: 'Invalid receipt No.',
  genuine: 'Genuine document',
  valid: 'Valid',
  revoked: 'Revoked',
  noLongerValid: 'No longer valid',
  /** The verification page's alert when the server gives no reason (the chip already says 'No longer valid'). */
  noLongerValidWhy: 'It can no longer be relied on.',
} as const;

export const DOCUMENT_STATUSES = [documentMessages.valid, documentMessages.revoked, documentMessages.noLongerValid] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
