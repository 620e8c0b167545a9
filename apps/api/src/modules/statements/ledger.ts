import { type Balance, fromCents, type LedgerEntry } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { preparedPerDb } from '../../shared/prepared';
import { type LedgerEntryRow, ledgerTotals } from '../billing';

const { ledgerEntries } = schema;

/** A ledger row as the spec names it (part 2 §3): shillings, `YYYY-MM-DD` dates. */
export function ledgerEntryDto(row: LedgerEntryRow): LedgerEntry {
  return {
    documentNo: row.documentNo,
    documentType: row.documentType,
    description: row.description,
    amountLCY: fromCents(row.amountCents),
    dueDate: row.dueDate,
    postingDate: row.postingDate,
    externalDocumentNo: row.externalDocumentNo,
    documentDate: row.documentDate,
    remainingAmtLCY: fromCents(row.remainingCents),
    purpose: row.purpose,
  };
}

// The statement and pending payments are read by the dashboard and the money pages: built once and prepared (issue 11).
const ledgerQuery = preparedPerDb((db) =>
  db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.profileId, sql.placeholder('profileId')))
    .orderBy(desc(ledgerEntries.postingDate), desc(ledgerEntries.id))
    .prepare('statement_ledger'),
);
const pendingQuery = preparedPerDb((db) =>
  db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.profileId, sql.placeholder('profileId')),
        eq(ledgerEntries.documentType, 'Invoice'),
        gt(ledgerEntries.remainingCents, 0),
        sql`coalesce(trim(${ledgerEntries.externalDocumentNo}), '') <> ''`,
      ),
    )
    .orderBy(desc(ledgerEntries.documentDate), desc(ledgerEntries.id))
    .prepare('statement_pending'),
);

/** `GET profile/ledger`: My Statement, newest first. */
export async function listLedger(db: Db, profileId: string | null): Promise<LedgerEntry[]> {
  if (!profileId) return [];
  return (await ledgerQuery(db).execute({ profileId })).map(ledgerEntryDto);
}

/**
 * `GET billing/pending`: Pending Payments (part 1 §9): only Invoice rows with a remaining amount above zero and a
 * non-empty external document number, newest first.
 */
export async function listPending(db: Db, profileId: string | null): Promise<LedgerEntry[]> {
  if (!profileId) return [];
  return (await pendingQuery(db).execute({ profileId })).map(ledgerEntryDto);
}

/** `GET billing/balance`: the balance, the dashboard's arrears and status tiles, and the credit CREDIT can use. */
export async function loadBalance(db: Db, profileId: string | null): Promise<Balance> {
  if (!profileId) return { BalanceLCY: 0, arrearsLCY: 0, creditLCY: 0, goodStanding: false };
  const totals = await ledgerTotals(db, profileId);
  return {
    BalanceLCY: fromCents(totals.balanceCents),
    arrearsLCY: fromCents(totals.arrearsCents),
    creditLCY: fromCents(totals.creditCents),
    goodStanding: totals.goodStanding,
  };
}
