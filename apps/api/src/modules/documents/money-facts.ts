import { type Db, schema } from '@portal/db';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { ProfileRow } from './facts';

const { ledgerEntries, ledgerAllocations, membershipCategories, memberships, payments, profiles, subscriptions } = schema;

export type LedgerRow = typeof ledgerEntries.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;

/** One allocation as a document prints it: the other side's number, type, date and description, and the amount. */
export interface AppliedLine {
  documentNo: string;
  documentType: string;
  date: string;
  description: string;
  amountCents: number;
}

/** What an invoice says: the entry, who it bills, what settled it so far, and the subscription it bills if any. */
export interface InvoiceFacts {
  entry: LedgerRow;
  profile: ProfileRow | null;
  settledBy: AppliedLine[];
  subscription: SubscriptionRow | null;
}

/** What a receipt says: the payment entry, who paid, the provider's details and the invoices it settled. */
export interface ReceiptFacts {
  entry: LedgerRow;
  profile: ProfileRow | null;
  /** The payment attempt that produced the receipt (M-Pesa, card, credit, bank, cheque), if it went through one. */
  payment: { provider: string; providerReference: string | null; phone: string | null } | null;
  applied: AppliedLine[];
}

/** What a subscription certificate says: the subscription, its invoice, the member and the category. */
export interface SubscriptionFacts {
  subscription: SubscriptionRow;
  invoice: LedgerRow | null;
  profile: ProfileRow | null;
  membership: MembershipRow | null;
  categoryDescription: string;
}

/** What a good-standing certificate says: the member, the membership and its category. */
export interface MemberFacts {
  profile: ProfileRow;
  membership: MembershipRow | null;
  categoryDescription: string;
}

async function ledgerEntry(db: Db, documentNo: string, types: string[]): Promise<{ entry: LedgerRow; profile: ProfileRow | null } | null> {
  const [row] = await db
    .select({ entry: ledgerEntries, profile: profiles })
    .from(ledgerEntries)
    .leftJoin(profiles, eq(profiles.profileId, ledgerEntries.profileId))
    .where(and(eq(ledgerEntries.documentNo, documentNo), inArray(ledgerEntries.documentType, types)))
    .limit(1);
  return row ?? null;
}

/**
 * The allocations of one ledger entry, oldest first, each printed as the entry on the other side:
 * an invoice lists the payments and credits that settled it, a payment the invoices it settled.
 */
function appliedLines(db: Db, entryId: number, side: 'invoice' | 'credit') {
  const [own, other] =
    side === 'invoice'
      ? [ledgerAllocations.invoiceEntryId, ledgerAllocations.creditEntryId]
      : [ledgerAllocations.creditEntryId, ledgerAllocations.invoiceEntryId];
  return db
    .select({
      documentNo: ledgerEntries.documentNo,
      documentType: ledgerEntries.documentType,
      date: ledgerEntries.documentDate,
      description: ledgerEntries.description,
      amountCents: ledgerAllocations.amountCents,
    })
    .from(ledgerAllocations)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, other))
    .where(eq(own, entryId))
    .orderBy(ledgerAllocations.id);
}

export async function loadInvoiceFacts(db: Db, invoiceNo: string): Promise<InvoiceFacts | null> {
  const found = await ledgerEntry(db, invoiceNo, ['Invoice']);
  if (!found) return null;
  const [settledBy, subscription] = await Promise.all([
    appliedLines(db, found.entry.id, 'invoice'),
    found.entry.purpose === 'subscription'
      ? db
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.invoiceNo, invoiceNo))
          .limit(1)
          .then((rows) => rows[0] ?? null)
      : Promise.resolve(null),
  ]);
  return { ...found, settledBy, subscription };
}

export async function loadReceiptFacts(db: Db, receiptNo: string): Promise<ReceiptFacts | null> {
  const found = await ledgerEntry(db, receiptNo, ['Payment']);
  if (!found) return null;
  const [applied, attempts] = await Promise.all([
    appliedLines(db, found.entry.id, 'credit'),
    db
      .select({ provider: payments.provider, providerReference: payments.providerReference, phone: payments.phone })
      .from(payments)
      .where(eq(payments.receiptNo, receiptNo))
      .limit(1),
  ]);
  return { ...found, payment: attempts[0] ?? null, applied };
}

/** The subscription behind a certificate: found by its invoice number (the document's subject). */
export async function loadSubscriptionFacts(db: Db, invoiceNo: string): Promise<SubscriptionFacts | null> {
  const [row] = await db
    .select({
      subscription: subscriptions,
      invoice: ledgerEntries,
      profile: profiles,
      membership: memberships,
      categoryDescription: membershipCategories.description,
    })
    .from(subscriptions)
    .leftJoin(ledgerEntries, and(eq(ledgerEntries.documentNo, subscriptions.invoiceNo), eq(ledgerEntries.documentType, 'Invoice')))
    .leftJoin(profiles, eq(profiles.profileId, subscriptions.profileId))
    .leftJoin(memberships, eq(memberships.memberNo, subscriptions.memberNo))
    .leftJoin(membershipCategories, eq(membershipCategories.code, subscriptions.categoryCode))
    .where(eq(subscriptions.invoiceNo, invoiceNo))
    .limit(1);
  if (!row) return null;
  return { ...row, categoryDescription: row.categoryDescription ?? row.subscription.categoryCode };
}

/** The member a good-standing certificate is about, by profile, with the membership of its member number. */
export async function loadMemberFacts(db: Db, profileId: string): Promise<MemberFacts | null> {
  const rows = await db
    .select({ profile: profiles, membership: memberships, categoryDescription: membershipCategories.description })
    .from(profiles)
    .leftJoin(memberships, eq(memberships.profileId, profiles.profileId))
    .leftJoin(membershipCategories, eq(membershipCategories.code, memberships.categoryCode))
    .where(eq(profiles.profileId, profileId))
    .orderBy(desc(memberships.id));
  if (!rows.length) return null;
  const { profile } = rows[0];
  // The membership under the profile's member number, else the newest; Active first.
  const ranked = [...rows].sort(
    (a, b) =>
      Number(b.membership?.memberNo === profile.memberNo) - Number(a.membership?.memberNo === profile.memberNo) ||
      Number(b.membership?.status === 'Active') - Number(a.membership?.status === 'Active'),
  );
  const best = ranked[0];
  return {
    profile,
    membership: best.membership,
    categoryDescription: best.categoryDescription ?? best.membership?.categoryCode ?? profile.membershipType ?? 'member',
  };
}
