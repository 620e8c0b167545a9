import { type complaintDecisionRequest, complaintMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type * as z from 'zod';
import { audit } from '../../shared/audit';
import type { AppContext } from '../../shared/context';
import { longDate, nairobiDate } from '../../shared/dates';
import { conflict } from '../../shared/errors';
import { cachedMinorSettings } from '../../shared/organisation';
import { currentUser } from '../../shared/session';
import { postCreditNote, raiseInvoice } from '../billing';
import { addDays, type ComplaintRow, recordEvent, respondentOf } from './common';
import { decisionBlockedBy } from './decision-rules';
import { applySanction, liftSanction } from './effects';
import { decisionText, mailComplainantStage, mailRespondent } from './notices';
import { onCase } from './stages';

const { complaints } = schema;

/** A fine falls due this many days after the decision. */
export const FINE_DUE_DAYS = 30;

/**
 * POST /api/admin/complaints/{reference}/decision: once (409 after), after the hearing and the notice's answer or
 * time. Its effects take place in the same transaction: a fine's invoice; a suspension or removal starting today
 * applied at once (a later start by the hourly job). The case moves to `decided` with the appeal window open.
 */
export async function decideComplaint(
  ctx: AppContext,
  request: FastifyRequest,
  reference: string,
  input: z.output<typeof complaintDecisionRequest>,
) {
  const user = currentUser(request);
  const minor = await cachedMinorSettings(ctx.db);
  await onCase(ctx, reference, async (tx, c, mail) => {
    const now = new Date();
    const today = nairobiDate(now);
    const blocked = decisionBlockedBy(c, today);
    if (blocked) throw conflict(blocked);
    const sanction = input.outcome === 'suspension' || input.outcome === 'removal';
    const from = sanction ? (input.from ?? today) : null;
    const changes: Partial<ComplaintRow> = {
      outcome: input.outcome,
      decisionFrom: from,
      decisionTo: input.outcome === 'suspension' ? (input.to ?? null) : null,
      decisionReason: input.reason,
      decidedAt: now,
      decidedBy: user.id,
      stage: 'decided',
      stageChangedAt: now,
      appealUntil: addDays(today, minor.complaint_appeal_days),
      effectState: sanction ? 'pending' : null,
      updatedAt: now,
    };
    if (input.outcome === 'fine' && input.amount !== undefined) {
      const amountCents = Math.round(input.amount * 100);
      const invoice = await raiseInvoice(tx, {
        profileId: c.respondentProfileId,
        purpose: 'fine',
        description: `Fine: disciplinary decision ${c.reference}`,
        amountCents,
        externalDocumentNo: c.reference,
        dueDate: addDays(today, FINE_DUE_DAYS),
        createdBy: user.id,
      });
      changes.fineCents = amountCents;
      changes.fineInvoiceNo = invoice.documentNo;
    }
    await tx.update(complaints).set(changes).where(eq(complaints.id, c.id));
    const decided = { ...c, ...changes } as ComplaintRow;
    if (sanction && from && from <= today) await applySanction(tx, decided, today, now);
    const text = decisionText(decided);
    await recordEvent(tx, c.id, 'decided', user, { label: `Decision: ${text}`, reason: input.reason, at: now });
    await audit(tx, request, {
      action: 'complaint.decided',
      target: `complaint:${c.reference}`,
      details: {
        outcome: input.outcome,
        from,
        to: changes.decisionTo,
        amountCents: changes.fineCents ?? null,
        invoiceNo: changes.fineInvoiceNo ?? null,
      },
    });
    await mailComplainantStage(mail, decided, `decided: ${text}`);
    await mailRespondent(
      mail,
      await respondentOf(tx, c),
      `decision on complaint ${c.reference}`,
      [
        `The board has decided complaint ${c.reference}: ${text}.`,
        `Reason: ${input.reason}`,
        changes.fineInvoiceNo ? `The fine's invoice ${changes.fineInvoiceNo} is due on ${longDate(addDays(today, FINE_DUE_DAYS))}.` : '',
        `You may appeal until ${longDate(changes.appealUntil)}.`,
      ].filter(Boolean),
    );
  });
}

/**
 * POST /api/admin/complaints/{reference}/reverse: on appeal, while the case is decided or at appeal. Undoes the
 * effects: a suspension or removal lifted (membership and licence restored), a fine credited in full.
 */
export async function reverseDecision(ctx: AppContext, request: FastifyRequest, reference: string, reason: string) {
  const user = currentUser(request);
  await onCase(ctx, reference, async (tx, c, mail) => {
    if (c.reversedAt) throw conflict(complaintMessages.alreadyReversed);
    if (!c.outcome || !['decided', 'appeal'].includes(c.stage)) throw conflict(complaintMessages.notReversible);
    const now = new Date();
    const today = nairobiDate(now);
    if (c.outcome === 'suspension' || c.outcome === 'removal') await liftSanction(tx, c, today, now, 'reversed');
    let creditNoteNo: string | null = null;
    if (c.outcome === 'fine' && c.fineCents && c.fineInvoiceNo) {
      const credit = await postCreditNote(tx, {
        profileId: c.respondentProfileId,
        amountCents: c.fineCents,
        reason: `Fine reversed on appeal: ${c.reference}`,
        invoiceNo: c.fineInvoiceNo,
        createdBy: user.id,
      });
      creditNoteNo = credit.documentNo;
    }
    await tx.update(complaints).set({ reversedAt: now, reversalReason: reason, updatedAt: now }).where(eq(complaints.id, c.id));
    await recordEvent(tx, c.id, c.stage as 'decided' | 'appeal', user, { label: 'Decision reversed on appeal', reason, at: now });
    await audit(tx, request, {
      action: 'complaint.reversed',
      target: `complaint:${c.reference}`,
      details: { outcome: c.outcome, reason, creditNoteNo },
    });
    await mailComplainantStage(mail, c, 'the decision was reversed on appeal');
    await mailRespondent(mail, await respondentOf(tx, c), `decision on complaint ${c.reference} reversed`, [
      `The decision on complaint ${c.reference} (${decisionText(c)}) has been reversed on appeal.`,
      `Reason: ${reason}`,
    ]);
  });
}
