// The documents module's interface for other modules: issue a document number, render its PDF.

export { type ServiceDocumentKind, serviceDocument } from './application-documents';
export { cpdStatementSubject } from './cpd-documents';
export { fullName } from './facts';
export type { DocumentKind, DocumentRow, IssueInput } from './issue';
export { issueDocument } from './issue';
export { paymentMethodOf } from './money-pdfs';
export { goodStandingSubject, goodStandingValidUntil } from './money-render';
export { renderDocument, renderIssued } from './render';
