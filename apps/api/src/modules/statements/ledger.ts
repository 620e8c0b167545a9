import { type Balance, fromCents, type LedgerEntry } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { arrearsCents, balanceCents, isInGoodStanding, type LedgerEntryRow } from '../billing';

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

/** `GET profile/ledger`: My Statement, newest first. */
export async function listLedger(db: Db, profileId: string | null): Promise<LedgerEntry[]> {
  if (!profileId) return [];
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.profileId, profileId))
    .orderBy(desc(ledgerEntries.postingDate), desc(ledgerEntries.id));
  return rows.map(ledgerEntryDto);
}

/**
 * `GET billing/pending`: Pending Payments (part 1 §9): only Invoice rows with a remaining amount above zero and a
 * non-empty external document number, newest first.
 */
export async function listPending(db: Db, profileId: string | null): Promise<LedgerEntry[]> {
  if (!profileId) return [];
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.profileId, profileId),
        eq(ledgerEntries.documentType, 'Invoice'),
        gt(ledgerEntries.remainingCents, 0),
        sql`coalesce(trim(${ledgerEntries.externalDocumentNo}), '') <> ''`,
      ),
    )
    .orderBy(desc(ledgerEntries.documentDate), desc(ledgerEntries.id));
  return rows.map(ledgerEntryDto);
}

/** Unapplied credit (payments and credit notes not yet set against an invoice), as a positive number of cents. */
async function creditCents(db: Db, profileId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.remainingCents}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.profileId, profileId), ne(ledgerEntries.documentType, 'Invoice'), lt(ledgerEntries.remainingCents, 0)));
  return Math.abs(Number(row.total));
}

/** `GET billing/balance`: the balance, the dashboard's arrears and status tiles, and the credit CREDIT can use. */
export async function loadBalance(db: Db, profileId: string | null): Promise<Balance> {
  if (!profileId) return { BalanceLCY: 0, arrearsLCY: 0, creditLCY: 0, goodStanding: false };
  const [balance, arrears, credit, goodStanding] = await Promise.all([
    balanceCents(db, profileId),
    arrearsCents(db, profileId),
    creditCents(db, profileId),
    isInGoodStanding(db, profileId),
  ]);
  return { BalanceLCY: fromCents(balance), arrearsLCY: fromCents(arrears), creditLCY: fromCents(credit), goodStanding };
}
