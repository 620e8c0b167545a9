// The documents module's interface for other modules: issue a document number, render its PDF.
export type { DocumentKind, DocumentRow, IssueInput } from './issue';
export { issueDocument } from './issue';
export { renderDocument } from './render';
