/** @jsxRuntime automatic */
import { type DocumentVerification, documentMessages, formatDate } from '@portal/contract';

/** 'Membership Certificate' → 'membership certificate', keeping acronyms: 'CPD Certificate' → 'CPD certificate'. */
export function inSentence(title: string): string {
  return title
    .split(' ')
    .map((word) => (/^[A-Z0-9]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(' ');
}

function Row({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

const Mark = ({ valid }: { valid: boolean }) => (
  <svg className="mark" viewBox="0 0 24 24" aria-hidden="true">
    {valid ? (
      <path d="m23 12-2.44-2.79.34-3.69-3.61-.82-1.89-3.2L12 2.96 8.6 1.5 6.71 4.69 3.1 5.5l.34 3.7L1 12l2.44 2.79-.34 3.7 3.61.82L8.6 22.5l3.4-1.47 3.4 1.46 1.89-3.19 3.61-.82-.34-3.69zm-12.91 4.72-3.8-3.81 1.48-1.48 2.32 2.33 5.85-5.87 1.48 1.48z" />
    ) : (
      <path d="M12 2C6.47 2 2 6.47 2 12s4.47 10 10 10 10-4.47 10-10S17.53 2 12 2m5 13.59L15.59 17 12 13.41 8.41 17 7 15.59 10.59 12 7 8.41 8.41 7 12 10.59 15.59 7 17 8.41 13.41 12z" />
    )}
  </svg>
);

/** /search/verify/{documentNo}: the public check a document's QR code opens (decisions.md §6), or why there is none. */
export function VerifyView({ doc, problem, documentNo }: { doc: DocumentVerification | null; problem: string | null; documentNo: string }) {
  return (
    <div className="narrow">
      <p className="overline">Document verification</p>
      {doc ? (
        <article className={`card verify ${doc.valid ? 'verify-good' : 'verify-bad'}`}>
          <div className="verify-head">
            <Mark valid={doc.valid} />
            <div>
              <h1 className="h5">{documentMessages.genuine}</h1>
              <p className="body2 muted">Issued by {doc.organisation}</p>
            </div>
            <span className={`chip ${doc.valid ? 'chip-good' : 'chip-bad'}`}>{doc.status}</span>
          </div>
          {doc.valid ? (
            <p className="alert alert-success">
              This {inSentence(doc.title)} was issued by {doc.organisation} and is still valid.
            </p>
          ) : (
            // The chip says 'No longer valid' (or 'Revoked'): the alert says why, once (issue 16).
            <p className="alert alert-error">
              This {inSentence(doc.title)} was issued by {doc.organisation}. {doc.reason ?? documentMessages.noLongerValidWhy}
            </p>
          )}
          <p>{doc.statement}</p>
          <dl className="rows">
            <Row label="Document" value={doc.title} />
            <Row label="Document No." value={doc.documentNo} />
            <Row label="Issued to" value={doc.holderName} />
            <Row label="Member No." value={doc.memberNo} />
            <Row label="Category" value={doc.category} />
            <Row label="Issued on" value={formatDate(doc.issuedAt)} />
          </dl>
        </article>
      ) : (
        <article className="card verify">
          <h1 className="h5">{problem}</h1>
          <p className="body2 muted">
            Check the number {documentNo ? `(${documentNo}) ` : ''}against the document, or scan its QR code again.
          </p>
        </article>
      )}
    </div>
  );
}
