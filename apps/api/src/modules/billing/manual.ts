import {
  billingAdminMessages,
  type CreditNoteResult,
  centsToText,
  fromCents,
  type ManualPaymentMethod,
  type ManualPaymentResult,
  toCents,
} from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../shared/audit';
import type { AppContext } from '../../shared/context';
import { badRequest, conflict, notFound } from '../../shared/errors';
import { currentUser } from '../../shared/session';
import { findInvoice, lockOpenInvoices, postCreditNote, postPayment, today } from './ledger';

const { payments, profiles } = schema;

export interface ManualPaymentInput {
  memberNo?: string;
  profileId?: string;
  amount: number;
  method: ManualPaymentMethod;
  reference: string;
  invoiceNo?: string;
  paidAt: string;
}

async function findMember(db: Db, input: { memberNo?: string; profileId?: string }) {
  const [profile] = input.profileId
    ? await db.select().from(profiles).where(eq(profiles.profileId, input.profileId))
    : await db
        .select()
        .from(profiles)
        .where(sql`upper(${profiles.memberNo}) = upper(${input.memberNo ?? ''})`);
  if (!profile) throw notFound(billingAdminMessages.memberNotFound);
  return profile;
}

/** A date paid as the moment it stands for: midday in Nairobi on that day. */
const middayInNairobi = (date: string) => new Date(`${date}T12:00:00+03:00`);

/**
 * POST /api/admin/billing/payments: a bank or cheque payment, posted through the ledger core (named invoice first,
 * then oldest first, the rest as credit). The attempt row keyed by (method, reference) makes a reference count
 * once: a second payment with it rolls back whole and answers 409.
 */
export async function recordManualPayment(ctx: AppContext, req: FastifyRequest, input: ManualPaymentInput): Promise<ManualPaymentResult> {
  const actor = currentUser(req);
  const profile = await findMember(ctx.db, input);
  const reference = input.reference.trim().toUpperCase();
  const invoiceNo = input.invoiceNo?.trim().toUpperCase() || null;
  if (input.paidAt > today()) throw badRequest(billingAdminMessages.paidAtInFuture, { paidAt: [billingAdminMessages.paidAtInFuture] });
  if (invoiceNo) {
    const invoice = await findInvoice(ctx.db, invoiceNo);
    if (!invoice) throw badRequest(billingAdminMessages.invoiceNotFound, { invoiceNo: [billingAdminMessages.invoiceNotFound] });
    if (invoice.profileId !== profile.profileId) {
      throw badRequest(billingAdminMessages.invoiceOfAnotherMember, { invoiceNo: [billingAdminMessages.invoiceOfAnotherMember] });
    }
  }
  const duplicate = () => conflict(billingAdminMessages.duplicateReference(input.method, reference));
  const [known] = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(sql`${payments.provider} = ${input.method} and ${payments.providerReference} = ${reference}`);
  if (known) throw duplicate();
  const amountCents = toCents(input.amount);
  return ctx.db.transaction(async (tx) => {
    const posted = await postPayment(tx, {
      profileId: profile.profileId,
      amountCents,
      method: input.method,
      reference,
      invoiceNo,
      paidAt: middayInNairobi(input.paidAt),
      createdBy: actor.id,
    });
    const now = new Date();
    const [attempt] = await tx
      .insert(payments)
      .values({
        profileId: profile.profileId,
        userId: null,
        provider: input.method,
        // The invoice it was meant for; with none named, the first one it settled (or the receipt, as pure credit).
        invoiceNo: invoiceNo ?? posted.allocations[0]?.invoiceNo ?? posted.receiptNo,
        description: posted.entry.description,
        amountCents,
        status: 'succeeded',
        providerReference: reference,
        receiptNo: posted.receiptNo,
        completedAt: now,
        createdBy: actor.id,
      })
      .onConflictDoNothing({ target: [payments.provider, payments.providerReference] })
      .returning({ id: payments.id });
    if (!attempt) throw duplicate();
    await audit(tx, req, {
      action: 'billing.payment_recorded',
      target: `receipt:${posted.receiptNo}`,
      details: {
        memberNo: profile.memberNo,
        profileId: profile.profileId,
        method: input.method,
        reference,
        amount: centsToText(amountCents),
        paidAt: input.paidAt,
        allocations: posted.allocations.map((a) => `${a.invoiceNo}: ${centsToText(a.amountCents)}`),
      },
    });
    return {
      message: billingAdminMessages.paymentRecorded(posted.receiptNo),
      receiptNo: posted.receiptNo,
      profileId: profile.profileId,
      memberNo: profile.memberNo,
      amount: fromCents(amountCents),
      allocations: posted.allocations.map((a) => ({ invoiceNo: a.invoiceNo, amount: fromCents(a.amountCents) })),
      unappliedAmount: fromCents(-posted.entry.remainingCents),
    };
  });
}

/**
 * POST /api/admin/billing/credit-notes: reduces what is owed on one invoice, never below zero (a credit larger
 * than the remaining amount is refused). The member's open invoices are locked first, in the core's order.
 */
export async function issueCreditNote(
  ctx: AppContext,
  req: FastifyRequest,
  input: { invoiceNo: string; amount: number; reason: string },
): Promise<CreditNoteResult> {
  const actor = currentUser(req);
  const invoice = await findInvoice(ctx.db, input.invoiceNo.trim().toUpperCase());
  if (!invoice) throw notFound(billingAdminMessages.invoiceNotFound);
  const amountCents = toCents(input.amount);
  return ctx.db.transaction(async (tx) => {
    const open = await lockOpenInvoices(tx, invoice.profileId);
    const current = open.find((row) => row.id === invoice.id);
    if (!current) throw conflict(billingAdminMessages.invoicePaid(invoice.documentNo));
    if (amountCents > current.remainingCents) {
      const message = billingAdminMessages.creditExceedsRemaining(centsToText(current.remainingCents));
      throw badRequest(message, { amount: [message] });
    }
    const note = await postCreditNote(tx, {
      profileId: invoice.profileId,
      amountCents,
      reason: input.reason,
      invoiceNo: invoice.documentNo,
      createdBy: actor.id,
    });
    const after = await findInvoice(tx, invoice.documentNo);
    await audit(tx, req, {
      action: 'billing.credit_note_issued',
      target: `invoice:${invoice.documentNo}`,
      details: { creditNoteNo: note.documentNo, amount: centsToText(amountCents), reason: input.reason },
    });
    return {
      message: billingAdminMessages.creditNoteIssued(note.documentNo),
      creditNoteNo: note.documentNo,
      invoiceNo: invoice.documentNo,
      amount: fromCents(amountCents),
      remainingAmount: fromCents(after?.remainingCents ?? 0),
    };
  });
}
