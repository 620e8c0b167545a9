import { fromCents, type PaymentHistoryRecord, sortPaymentHistory } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, eq } from 'drizzle-orm';
import { fullName, paymentMethodOf } from '../documents';

const { company, ledgerAllocations, ledgerEntries, payments, profiles, subscriptions } = schema;

/**
 * `GET billing/history`: one record per receipt that paid a subscription (part 2 §2.3, §3), newest subscription
 * year first. The year is the latest subscription period the payment settled. Receipts that paid only other
 * invoices (application, upgrade, licence and event fees) are left out: they have no Year Of Subscription, and the
 * statement on /billing lists them (decision 034).
 */
export async function paymentHistory(db: Db, profileId: string | null): Promise<PaymentHistoryRecord[]> {
  if (!profileId) return [];
  const [receipts, periods, [profile], [organisation]] = await Promise.all([
    db
      .select({
        id: ledgerEntries.id,
        documentNo: ledgerEntries.documentNo,
        date: ledgerEntries.documentDate,
        description: ledgerEntries.description,
        amountCents: ledgerEntries.amountCents,
        reference: ledgerEntries.externalDocumentNo,
        provider: payments.provider,
        providerReference: payments.providerReference,
        phone: payments.phone,
      })
      .from(ledgerEntries)
      .leftJoin(payments, eq(payments.receiptNo, ledgerEntries.documentNo))
      .where(and(eq(ledgerEntries.profileId, profileId), eq(ledgerEntries.documentType, 'Payment'))),
    db
      .select({ creditId: ledgerAllocations.creditEntryId, period: subscriptions.period })
      .from(ledgerAllocations)
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerAllocations.invoiceEntryId))
      .innerJoin(subscriptions, eq(subscriptions.invoiceNo, ledgerEntries.documentNo))
      .where(and(eq(ledgerEntries.profileId, profileId), eq(ledgerEntries.purpose, 'subscription'))),
    db
      .select({
        firstName: profiles.firstName,
        secondName: profiles.secondName,
        lastName: profiles.lastName,
        email: profiles.email,
        memberNo: profiles.memberNo,
      })
      .from(profiles)
      .where(eq(profiles.profileId, profileId)),
    db.select({ name: company.displayName }).from(company).orderBy(company.id).limit(1),
  ]);
  const yearOf = new Map<number, string>();
  for (const p of periods) {
    const seen = yearOf.get(p.creditId);
    if (!seen || p.period > seen) yearOf.set(p.creditId, p.period);
  }
  const name = fullName(profile);
  const records = receipts
    .filter((r) => yearOf.has(r.id))
    .map(
      (r): PaymentHistoryRecord => ({
        paymentCode: r.documentNo,
        paymentDate: r.date,
        paymentFrom: r.phone ?? name,
        paymentTo: organisation?.name ?? '',
        amount: fromCents(-r.amountCents),
        paymentID: r.providerReference ?? r.reference ?? r.documentNo,
        paymentType: r.provider ?? paymentMethodOf(r.description) ?? 'Payment',
        yearOfSubscription: yearOf.get(r.id) ?? '',
        email: profile?.email ?? '',
        name,
        no: 0,
        memberNo: profile?.memberNo ?? '',
      }),
    );
  return sortPaymentHistory(records).map((r, i) => ({ ...r, no: i + 1 }));
}
