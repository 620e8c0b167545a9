// Factories for the member-facing money calls: members with a sign-in, subscriptions, payments, credit notes.
// Money is written through the ledger core (apps/api/src/modules/billing/index.ts), never by raw ledger inserts.
import { schema } from '@portal/db';
import { postCreditNote, postPayment, raiseInvoice } from '../src/modules/billing';
import { createMember, type MemberOptions, signIn, type TestApp } from './harness';

export type StatementMember = Awaited<ReturnType<typeof memberWithLogin>>;

/** A registered member (Active membership) with a portal account, signed in. */
export async function memberWithLogin(t: TestApp, options: MemberOptions = {}) {
  const { profile, user } = await createMember(t.db, { ...options, withUser: true });
  if (!user) throw new Error('member without a user');
  const token = await signIn(t, user.email);
  return { profile, user, token, profileId: profile.profileId, memberNo: profile.memberNo ?? '' };
}

export interface SubscriptionOptions {
  period: string;
  amountCents: number;
  /** YYYY-MM-DD; past = in arrears while unpaid. */
  dueDate?: string;
  documentDate?: string;
  category?: string;
}

/** A subscription with its invoice, as the billing run writes them (invoice + subscriptions row). */
export async function subscribe(t: Pick<TestApp, 'db'>, member: { profileId: string; memberNo: string }, options: SubscriptionOptions) {
  return t.db.transaction(async (tx) => {
    const invoice = await raiseInvoice(tx, {
      profileId: member.profileId,
      purpose: 'subscription',
      description: `Annual subscription ${options.period}`,
      amountCents: options.amountCents,
      externalDocumentNo: `${member.memberNo}-${options.period}`,
      documentDate: options.documentDate ?? `${options.period}-01-01`,
      dueDate: options.dueDate ?? `${options.period}-01-31`,
    });
    await tx.insert(schema.subscriptions).values({
      profileId: member.profileId,
      memberNo: member.memberNo,
      period: options.period,
      categoryCode: options.category ?? 'PROFESSIONAL',
      invoiceNo: invoice.documentNo,
    });
    return invoice;
  });
}

/** Any other invoice (application fee, event, …). */
export async function invoice(
  t: Pick<TestApp, 'db'>,
  profileId: string,
  options: { amountCents: number; description?: string; externalDocumentNo?: string | null; dueDate?: string; documentDate?: string },
) {
  return raiseInvoice(t.db, {
    profileId,
    purpose: 'event',
    description: options.description ?? 'Annual conference',
    amountCents: options.amountCents,
    externalDocumentNo: options.externalDocumentNo === undefined ? 'EVT-001' : options.externalDocumentNo,
    documentDate: options.documentDate,
    dueDate: options.dueDate,
  });
}

/** A payment through the ledger core, with a `payments` row as the providers write one (M-Pesa by default). */
export async function pay(
  t: Pick<TestApp, 'db'>,
  profileId: string,
  amountCents: number,
  options: { invoiceNo?: string; method?: 'MPESA' | 'CARD' | 'BANK' | 'CHEQUE'; reference?: string; phone?: string; paidAt?: Date } = {},
) {
  const method = options.method ?? 'MPESA';
  const reference = options.reference ?? `Q${Math.random().toString(36).slice(2, 11).toUpperCase()}`;
  return t.db.transaction(async (tx) => {
    const posted = await postPayment(tx, {
      profileId,
      amountCents,
      method,
      reference,
      invoiceNo: options.invoiceNo,
      paidAt: options.paidAt,
    });
    await tx.insert(schema.payments).values({
      profileId,
      provider: method,
      invoiceNo: options.invoiceNo ?? posted.allocations[0]?.invoiceNo ?? posted.receiptNo,
      description: `Payment ${reference}`,
      amountCents,
      status: 'succeeded',
      phone: options.phone ?? null,
      providerReference: reference,
      receiptNo: posted.receiptNo,
      completedAt: new Date(),
    });
    return { ...posted, reference };
  });
}

export async function creditNote(t: Pick<TestApp, 'db'>, profileId: string, amountCents: number, invoiceNo?: string) {
  return postCreditNote(t.db, { profileId, amountCents, reason: 'Correction of the fee', invoiceNo, createdBy: null });
}
