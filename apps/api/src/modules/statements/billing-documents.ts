import { billingMessages } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { notFound } from '../../shared/errors';
import type { UserRow } from '../../shared/session';
import type { LedgerEntryRow } from '../billing';
import { fullName, issueDocument, renderIssued } from '../documents';
import { codeCandidates, isStaff } from './subject';

const { ledgerEntries, profiles, subscriptions } = schema;

type ProfileRow = typeof profiles.$inferSelect;
export interface OwnedEntry {
  entry: LedgerEntryRow;
  profile: ProfileRow | null;
}

/**
 * The ledger entry a viewer's code names, if the caller may read it: the member's own, or anyone's for admins
 * and approvers. Otherwise null, the same for a number that does not exist (no way to probe other members').
 */
export async function findOwnedEntry(
  db: Db,
  user: UserRow,
  match: SQL | undefined,
  type: 'Invoice' | 'Payment',
): Promise<OwnedEntry | null> {
  if (!match) return null;
  if (!isStaff(user) && !user.profileId) return null;
  const owner = isStaff(user) ? undefined : eq(ledgerEntries.profileId, user.profileId ?? '');
  const [row] = await db
    .select({ entry: ledgerEntries, profile: profiles })
    .from(ledgerEntries)
    .leftJoin(profiles, eq(profiles.profileId, ledgerEntries.profileId))
    .where(and(eq(ledgerEntries.documentType, type), owner, match))
    .orderBy(desc(ledgerEntries.id))
    .limit(1);
  return row ?? null;
}

/**
 * The invoice of the newest subscription billed under a member number (part 2 §2.5: the invoice screen matches a
 * subscription by memberNo equal to the route code; decision 035). The member's own only; admins and approvers
 * anyone's. Null for an unknown number, another member's, or a member never billed.
 */
export async function findSubscriptionInvoiceByMemberNo(db: Db, user: UserRow, candidates: string[]): Promise<OwnedEntry | null> {
  if (!isStaff(user) && !user.profileId) return null;
  const owner = isStaff(user) ? undefined : eq(subscriptions.profileId, user.profileId ?? '');
  const [row] = await db
    .select({ entry: ledgerEntries, profile: profiles })
    .from(subscriptions)
    .innerJoin(ledgerEntries, and(eq(ledgerEntries.documentNo, subscriptions.invoiceNo), eq(ledgerEntries.documentType, 'Invoice')))
    .leftJoin(profiles, eq(profiles.profileId, subscriptions.profileId))
    .where(and(inArray(subscriptions.memberNo, candidates), owner))
    .orderBy(desc(subscriptions.period), desc(subscriptions.id))
    .limit(1);
  return row ?? null;
}

/**
 * An invoice by its number, by its source (application code, subscription `memberNo-period`), or by a member number
 * (that member's newest subscription), raw or base64. A number beats a source reference, which beats a member number.
 */
export async function findInvoiceByCode(db: Db, user: UserRow, code: string): Promise<OwnedEntry | null> {
  const candidates = codeCandidates(code);
  if (!candidates.length) return null;
  const byNumber = await findOwnedEntry(db, user, inArray(ledgerEntries.documentNo, candidates), 'Invoice');
  if (byNumber) return byNumber;
  const bySource = await findOwnedEntry(db, user, inArray(ledgerEntries.externalDocumentNo, candidates), 'Invoice');
  return bySource ?? findSubscriptionInvoiceByMemberNo(db, user, candidates);
}

/** A receipt by its number (RCT…), raw or base64. */
export async function findReceiptByCode(db: Db, user: UserRow, code: string): Promise<OwnedEntry | null> {
  const candidates = codeCandidates(code);
  if (!candidates.length) return null;
  return findOwnedEntry(db, user, inArray(ledgerEntries.documentNo, candidates), 'Payment');
}

/** Issues (find-or-create) the verifiable document of a ledger entry and renders it: base64 PDF. */
export async function ledgerDocumentPdf(ctx: AppContext, kind: 'invoice' | 'receipt', found: OwnedEntry): Promise<string> {
  const row = await issueDocument(ctx, {
    kind,
    profileId: found.entry.profileId,
    subjectKey: found.entry.documentNo,
    holderName: fullName(found.profile) || found.entry.profileId,
    memberNo: found.profile?.memberNo ?? null,
  });
  return (await renderIssued(ctx, row)).toString('base64');
}

/** `GET billing/proforma/{code}`: the invoice PDF; 404 'Invalid receipt No.' for unknown or someone else's. */
export async function invoicePdf(ctx: AppContext, user: UserRow, code: string): Promise<string> {
  const found = await findInvoiceByCode(ctx.db, user, code);
  if (!found) throw notFound(billingMessages.invalidReceipt);
  return ledgerDocumentPdf(ctx, 'invoice', found);
}

/** `GET billing/receipt/{code}`: the receipt PDF; 404 'Invalid receipt No.' for unknown or someone else's. */
export async function receiptPdf(ctx: AppContext, user: UserRow, code: string): Promise<string> {
  const found = await findReceiptByCode(ctx.db, user, code);
  if (!found) throw notFound(billingMessages.invalidReceipt);
  return ledgerDocumentPdf(ctx, 'receipt', found);
}
