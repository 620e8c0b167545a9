import {
  COMPLAINT_STAGE_LABELS,
  COMPLAINT_TRANSITIONS,
  type ComplaintStage,
  type complaintAssignRequest,
  type complaintHearingRequest,
  complaintMessages,
  formatDateTime,
} from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type * as z from 'zod';
import { audit } from '../../shared/audit';
import type { AppContext } from '../../shared/context';
import { longDate, nairobiDate } from '../../shared/dates';
import { badRequest, conflict } from '../../shared/errors';
import { cachedMinorSettings, organisationName } from '../../shared/organisation';
import { currentUser, type UserRow } from '../../shared/session';
import type { Upload } from '../../shared/uploads';
import { actorName, addDays, type ComplaintRow, loadComplaint, recordEvent, respondentOf } from './common';
import { prepareEvidence, storeEvidence, withEvidence } from './evidence';
import { type CaseMail, mailComplainantStage, mailRespondent, mailStaff, stageText } from './notices';

const { complaints, complaintNotes, users } = schema;

/** Runs a staff step on the locked case, with the e-mail context; the step and its messages commit together. */
export async function onCase<T>(
  ctx: AppContext,
  reference: string,
  work: (tx: Db, c: ComplaintRow, mail: CaseMail) => Promise<T>,
): Promise<T> {
  const organisation = await organisationName(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const c = await loadComplaint(tx as Db, reference, true);
    return work(tx as Db, c, { db: tx as Db, organisation, publicUrl: ctx.config.publicUrl });
  });
}

/**
 * POST /api/admin/complaints/{reference}/stage: one step along COMPLAINT_TRANSITIONS (409 otherwise). Dismissal needs
 * a reason; the notice starts the engineer's time to answer (complaint_notice_days); the hearing needs its date and
 * panel saved first; a decided case goes to appeal within the window and is closed only after it.
 */
export async function changeStage(ctx: AppContext, request: FastifyRequest, reference: string, stage: ComplaintStage, reason?: string) {
  const user = currentUser(request);
  const minor = await cachedMinorSettings(ctx.db);
  await onCase(ctx, reference, async (tx, c, mail) => {
    const from = c.stage as ComplaintStage;
    if (stage === 'decided' && from === 'hearing') throw conflict(complaintMessages.decisionThroughEndpoint);
    if (!COMPLAINT_TRANSITIONS[from].includes(stage)) {
      throw conflict(complaintMessages.stageNotAllowed(COMPLAINT_STAGE_LABELS[from], COMPLAINT_STAGE_LABELS[stage]));
    }
    const now = new Date();
    const today = nairobiDate(now);
    const changes: Partial<ComplaintRow> = { stage, stageChangedAt: now, updatedAt: now };
    if (stage === 'dismissed') {
      if (!reason) throw badRequest(complaintMessages.reasonRequired, { reason: [complaintMessages.reasonRequired] });
      changes.dismissalReason = reason;
    }
    if (stage === 'notice') {
      changes.noticeSentAt = now;
      changes.noticeDue = addDays(today, minor.complaint_notice_days);
    }
    if (stage === 'hearing' && (!c.hearingAt || !c.hearingPanel)) throw conflict(complaintMessages.hearingDetailsRequired);
    if (from === 'decided' && stage === 'appeal' && c.appealUntil && today > c.appealUntil) {
      throw conflict(complaintMessages.appealWindowClosed(longDate(c.appealUntil)));
    }
    if (from === 'decided' && stage === 'closed' && c.appealUntil && today <= c.appealUntil) {
      throw conflict(complaintMessages.appealWindowOpen(longDate(c.appealUntil)));
    }
    await tx.update(complaints).set(changes).where(eq(complaints.id, c.id));
    await recordEvent(tx, c.id, stage, user, { reason: reason ?? null, at: now });
    await audit(tx, request, {
      action: 'complaint.stage_changed',
      target: `complaint:${c.reference}`,
      details: { from, to: stage, reason: reason ?? null },
    });
    const updated = { ...c, ...changes } as ComplaintRow;
    await tellParties(tx, mail, updated, stage);
  });
}

async function tellParties(tx: Db, mail: CaseMail, c: ComplaintRow, stage: ComplaintStage) {
  const respondent = await respondentOf(tx, c);
  if (stage === 'dismissed') await mailComplainantStage(mail, c, `dismissed at preliminary review: ${c.dismissalReason}`);
  else await mailComplainantStage(mail, c, stageText(stage));
  if (stage === 'notice') {
    await mailRespondent(mail, respondent, `notice of complaint ${c.reference}`, [
      `A complaint about you (${c.reference}) has been admitted by the board after a preliminary review.`,
      `You may answer it with a statement and documents in the portal until ${longDate(c.noticeDue)}.`,
    ]);
  }
  if (stage === 'hearing') {
    await mailRespondent(mail, respondent, `hearing of complaint ${c.reference}`, [
      `The hearing of complaint ${c.reference} is set for ${formatDateTime(c.hearingAt)} (Nairobi time).`,
    ]);
  }
  if (stage === 'appeal' || stage === 'closed') {
    await mailRespondent(mail, respondent, `complaint ${c.reference}: ${stageText(stage)}`, [
      `Complaint ${c.reference} is now at: ${stageText(stage)}.`,
    ]);
  }
}

/** POST /api/admin/complaints/{reference}/assign: to an administrator or approver (or nobody), who is told. */
export async function assignComplaint(
  ctx: AppContext,
  request: FastifyRequest,
  reference: string,
  input: z.output<typeof complaintAssignRequest>,
) {
  let assignee: Pick<UserRow, 'id' | 'email' | 'name'> | null = null;
  if (input.assigneeId !== null) {
    const [row] = await ctx.db.select().from(users).where(eq(users.id, input.assigneeId));
    if (!row || !(row.isAdmin || row.isApprover))
      throw badRequest(complaintMessages.assigneeNotStaff, { assigneeId: [complaintMessages.assigneeNotStaff] });
    assignee = row;
  }
  await onCase(ctx, reference, async (tx, c, mail) => {
    await tx
      .update(complaints)
      .set({ assigneeId: assignee?.id ?? null, updatedAt: new Date() })
      .where(eq(complaints.id, c.id));
    await audit(tx, request, {
      action: 'complaint.assigned',
      target: `complaint:${c.reference}`,
      details: { assignee: assignee?.email ?? null },
    });
    if (assignee) await mailStaff(mail, [assignee.email], c, 'assigned to you');
  });
}

/** POST /api/admin/complaints/{reference}/notes: an internal note, seen by staff only. */
export async function addNote(ctx: AppContext, request: FastifyRequest, reference: string, body: string) {
  const user = currentUser(request);
  await onCase(ctx, reference, async (tx, c) => {
    await tx.insert(complaintNotes).values({ complaintId: c.id, authorId: user.id, authorName: actorName(user) ?? '', body });
    await audit(tx, request, { action: 'complaint.note_added', target: `complaint:${c.reference}` });
  });
}

/** POST /api/admin/complaints/{reference}/hearing: the date, panel and minutes, from the investigation to the decision. */
export async function saveHearing(
  ctx: AppContext,
  request: FastifyRequest,
  reference: string,
  input: z.output<typeof complaintHearingRequest>,
) {
  await onCase(ctx, reference, async (tx, c, mail) => {
    if (!['investigation', 'hearing'].includes(c.stage)) {
      throw conflict(complaintMessages.stageNotAllowed(COMPLAINT_STAGE_LABELS[c.stage as ComplaintStage], COMPLAINT_STAGE_LABELS.hearing));
    }
    const hearingAt = new Date(input.hearingAt);
    const moved = c.hearingAt?.getTime() !== hearingAt.getTime();
    await tx
      .update(complaints)
      .set({ hearingAt, hearingPanel: input.panel, hearingMinutes: input.minutes || null, updatedAt: new Date() })
      .where(eq(complaints.id, c.id));
    await audit(tx, request, {
      action: 'complaint.hearing_saved',
      target: `complaint:${c.reference}`,
      details: { hearingAt: input.hearingAt },
    });
    if (moved && c.stage === 'hearing') {
      await mailRespondent(mail, await respondentOf(tx, c), `hearing of complaint ${c.reference} moved`, [
        `The hearing of complaint ${c.reference} is now set for ${formatDateTime(hearingAt)} (Nairobi time).`,
      ]);
    }
  });
}

/** Staff who may be assigned a case. */
export async function assignableStaff(ctx: AppContext) {
  const rows = await ctx.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.isAdmin, true))
    .union(ctx.db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.isApprover, true)));
  return rows.map((r) => ({ id: r.id, name: r.name || r.email })).sort((a, b) => a.name.localeCompare(b.name));
}

/** POST /api/admin/complaints/{reference}/files: staff's documents for the investigation (form data, `documents`). */
export async function addStaffDocuments(ctx: AppContext, request: FastifyRequest, reference: string, uploads: Upload[]) {
  if (!uploads.length) throw badRequest(complaintMessages.documentsRequired, { documents: [complaintMessages.documentsRequired] });
  const documents = await prepareEvidence(uploads, 'documents');
  await withEvidence(ctx, async (tx, written) => {
    const c = await loadComplaint(tx, reference, true);
    await storeEvidence(ctx, tx, c.id, 'staff', documents, written);
    await audit(tx, request, {
      action: 'complaint.documents_added',
      target: `complaint:${c.reference}`,
      details: { documents: documents.length },
    });
  });
}
