import { type BillingDue, type DueDocument, type FeeLine, fromCents } from '@portal/contract';
import { schema } from '@portal/db';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import type { UserRow } from '../../shared/session';
import { type LedgerEntryRow, ledgerTotals, type Tx } from './ledger';

const { ledgerEntries } = schema;

/**
 * What an invoice's amount is made of (decision 046): every charge includes VAT at `vatPercent`, so the fee before
 * VAT and the VAT are worked out from it; what was already paid or credited is a negative line. The lines add up to
 * what is left to pay. The ledger holds no penalties: a penalty would be its own invoice, and shows as one.
 */
export function feeBreakdown(amountCents: number, remainingCents: number, vatPercent: number): FeeLine[] {
  const lines: FeeLine[] = [];
  if (vatPercent > 0) {
    const feeCents = Math.round((amountCents * 100) / (100 + vatPercent));
    lines.push({ label: 'Fee', amount: fromCents(feeCents) });
    lines.push({ label: `VAT ${vatPercent}%`, amount: fromCents(amountCents - feeCents) });
  } else {
    lines.push({ label: 'Fee', amount: fromCents(amountCents) });
  }
  if (remainingCents < amountCents) lines.push({ label: 'Paid already', amount: -fromCents(amountCents - remainingCents) });
  return lines;
}

/** The member's invoices with something left to pay, oldest first (due date, date, number), as settlement takes them. */
export async function dueDocuments(db: Tx, profileId: string): Promise<LedgerEntryRow[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.profileId, profileId), eq(ledgerEntries.documentType, 'Invoice'), gt(ledgerEntries.remainingCents, 0)))
    .orderBy(
      asc(sql`coalesce(${ledgerEntries.dueDate}, ${ledgerEntries.documentDate})`),
      asc(ledgerEntries.documentDate),
      asc(ledgerEntries.documentNo),
    );
}

export function dueDocumentDto(row: LedgerEntryRow, vatPercent: number): DueDocument {
  return {
    documentNo: row.documentNo,
    description: row.description,
    purpose: row.purpose,
    dueDate: row.dueDate,
    amount: fromCents(row.amountCents),
    remaining: fromCents(row.remainingCents),
    breakdown: feeBreakdown(row.amountCents, row.remainingCents, vatPercent),
  };
}

/** `GET /api/billing/due`: everything the caller owes, oldest first, the credit that is used first, and the total. */
export async function billingDue(ctx: Pick<AppContext, 'db' | 'config'>, user: Pick<UserRow, 'profileId'>): Promise<BillingDue> {
  if (!user.profileId) return { documents: [], owed: 0, credit: 0, total: 0 };
  const [rows, totals] = await Promise.all([dueDocuments(ctx.db, user.profileId), ledgerTotals(ctx.db, user.profileId)]);
  const owedCents = rows.reduce((sum, row) => sum + row.remainingCents, 0);
  return {
    documents: rows.map((row) => dueDocumentDto(row, ctx.config.vatRatePercent)),
    owed: fromCents(owedCents),
    credit: fromCents(totals.creditCents),
    total: fromCents(Math.max(0, owedCents - totals.creditCents)),
  };
}
