import type { AppContext } from '../../shared/context';
import { isInGoodStanding, today } from '../billing';
import type { DocumentRow } from './issue';
import { loadInvoiceFacts, loadReceiptFacts, loadSubscriptionFacts } from './money-facts';
import { kes, methodName, methodOf } from './money-pdfs';
import { goodStandingValidUntil, type MoneyDocumentKind } from './money-render';
import { longDate } from './pdf';

export interface MoneyVerification {
  statement: string;
  valid: boolean;
  reason: string | null;
}

const gone = (statement: string, reason: string): MoneyVerification => ({ statement, valid: false, reason });

/**
 * What a money document certifies and whether it holds (decision 025): an invoice or receipt is valid as a genuine
 * document (the statement says whether the invoice is paid); a subscription certificate while its year has not
 * ended, its invoice stays paid in full and the membership is Active; a good-standing certificate until the end of
 * the year it was issued in, and only while the member is in good standing.
 */
export async function verifyMoneyDocument(
  ctx: AppContext,
  row: DocumentRow,
  kind: MoneyDocumentKind,
  organisation: string,
): Promise<MoneyVerification> {
  const holder = row.holderName;
  const subject = row.subjectKey ?? '';
  switch (kind) {
    case 'invoice': {
      const facts = await loadInvoiceFacts(ctx.db, subject);
      if (!facts) return gone(holder, 'The invoice is no longer on record.');
      const { entry } = facts;
      const state =
        entry.remainingCents === 0
          ? 'It has been paid in full.'
          : entry.remainingCents === entry.amountCents
            ? 'It has not been paid yet.'
            : `It has been paid in part; ${kes(entry.remainingCents)} is outstanding.`;
      return {
        statement: `Invoice ${entry.documentNo} for ${kes(entry.amountCents)} (${entry.description}) was issued by ${organisation} to ${holder} on ${longDate(entry.documentDate)}. ${state}`,
        valid: true,
        reason: null,
      };
    }
    case 'receipt': {
      const facts = await loadReceiptFacts(ctx.db, subject);
      if (!facts) return gone(holder, 'The receipt is no longer on record.');
      return {
        statement: `${organisation} received ${kes(-facts.entry.amountCents)} from ${holder} on ${longDate(facts.entry.documentDate)} by ${methodName(methodOf(facts))} (receipt ${facts.entry.documentNo}).`,
        valid: true,
        reason: null,
      };
    }
    case 'subscription_certificate': {
      const facts = await loadSubscriptionFacts(ctx.db, subject);
      if (!facts) return gone(holder, 'The subscription is no longer on record.');
      const { period, memberNo } = facts.subscription;
      const statement = `${holder}, member number ${memberNo}, paid the annual subscription to ${organisation} for ${period}.`;
      if (!facts.invoice || facts.invoice.remainingCents > 0) return gone(statement, 'The subscription is not paid in full.');
      if (today() > `${period}-12-31`) return gone(statement, `The subscription year ${period} has ended.`);
      if (facts.membership?.status !== 'Active') return gone(statement, 'The membership is no longer active.');
      return { statement, valid: true, reason: null };
    }
    case 'good_standing': {
      const validUntil = goodStandingValidUntil(row.subjectKey);
      const statement = `${holder}, member number ${row.memberNo ?? '-'}, is a member in good standing of ${organisation}${validUntil ? ` (certificate valid until ${longDate(validUntil)})` : ''}.`;
      if (!validUntil || !row.profileId) return gone(statement, 'The member is no longer on record.');
      if (today() > validUntil) return gone(statement, `This certificate expired on ${longDate(validUntil)}.`);
      if (!(await isInGoodStanding(ctx.db, row.profileId))) return gone(statement, 'The member is no longer in good standing.');
      return { statement, valid: true, reason: null };
    }
  }
}
