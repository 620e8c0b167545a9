import { type DocumentKind, documentMessages } from '@portal/contract';
import type { AppContext } from '../../shared/context';
import { notFound } from '../../shared/errors';
import { today } from '../billing';
import type { Branding } from './branding';
import type { DocumentRow } from './issue';
import { loadInvoiceFacts, loadMemberFacts, loadReceiptFacts, loadSubscriptionFacts } from './money-facts';
import { drawGoodStandingCertificate, drawInvoice, drawReceipt, drawSubscriptionCertificate } from './money-pdfs';
import type { Pdf } from './pdf';

/** The money documents (decision 025): their subject is a ledger document or a member, not an application. */
export const MONEY_DOCUMENT_KINDS = ['invoice', 'receipt', 'subscription_certificate', 'good_standing'] as const;
export type MoneyDocumentKind = (typeof MONEY_DOCUMENT_KINDS)[number];

export function isMoneyDocument(kind: DocumentKind): kind is MoneyDocumentKind {
  return (MONEY_DOCUMENT_KINDS as readonly string[]).includes(kind);
}

/** A good-standing certificate's subject: the member number and the calendar year it holds for. */
export function goodStandingSubject(memberNo: string, year: string): string {
  return `${memberNo}:${year}`;
}

/** The year and last day a good-standing certificate holds for, from its subject (`ERB1001:2026`). */
export function goodStandingValidUntil(subjectKey: string | null): string | null {
  const year = /:(\d{4})$/.exec(subjectKey ?? '')?.[1];
  return year ? `${year}-12-31` : null;
}

/**
 * Reads what a money document needs and returns its drawing step. The documents' subjects: an invoice or receipt
 * number, a subscription's invoice number, a member number and year (the good-standing certificate).
 */
export async function prepareMoneyDocument(
  ctx: AppContext,
  row: DocumentRow,
  branding: Branding,
  title: string,
): Promise<(doc: Pdf) => void> {
  const kind = row.kind as MoneyDocumentKind;
  const subject = row.subjectKey ?? '';
  switch (kind) {
    case 'invoice': {
      const facts = await loadInvoiceFacts(ctx.db, subject);
      if (!facts) break;
      return (doc) => drawInvoice(doc, branding, facts);
    }
    case 'receipt': {
      const facts = await loadReceiptFacts(ctx.db, subject);
      if (!facts) break;
      return (doc) => drawReceipt(doc, branding, facts);
    }
    case 'subscription_certificate': {
      const facts = await loadSubscriptionFacts(ctx.db, subject);
      if (!facts) break;
      return (doc) => drawSubscriptionCertificate(doc, branding, facts, title);
    }
    case 'good_standing': {
      const facts = row.profileId ? await loadMemberFacts(ctx.db, row.profileId) : null;
      const validUntil = goodStandingValidUntil(row.subjectKey);
      if (!facts || !validUntil || !row.memberNo) break;
      const memberNo = row.memberNo;
      return (doc) => drawGoodStandingCertificate(doc, branding, facts, { title, memberNo, asAt: today(), validUntil });
    }
  }
  throw notFound(documentMessages.documentNotFound);
}
