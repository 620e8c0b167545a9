import {
  type ApplicationStatus,
  billingAdminMessages,
  canReturn,
  FINAL_STATUSES,
  REVIEW_TRANSITIONS,
  type ReviewActionResult,
  reviewMessages,
} from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../shared/audit';
import type { AppContext } from '../../shared/context';
import { nairobiDate } from '../../shared/dates';
import { conflict, notFound } from '../../shared/errors';
import { loadMinorSettings, organisationName } from '../../shared/organisation';
import { currentUser, type UserRow } from '../../shared/session';
import { applicationFeeSettled, billSubscription, findInvoice, postCreditNote } from '../billing';
import { issueLicence } from '../licences/issue';
import { enqueue, type OutgoingMessage } from '../outbox/outbox';
import { releaseUpgrade } from '../upgrades';
import { assignMemberNumber } from './member-number';
import { type NoticeTarget, reviewNotices } from './notices';

const { applications, applicationComments, applicationEvents, memberships, membershipCategories, profiles, users } = schema;
type ApplicationRow = typeof applications.$inferSelect;

const isFinal = (status: string) => (FINAL_STATUSES as readonly string[]).includes(status);

/** The application row, locked until the transaction ends: a second reviewer's move waits and then sees this one's. */
async function lockApplication(tx: Db, code: string): Promise<ApplicationRow> {
  const [row] = await tx.select().from(applications).where(eq(applications.code, code)).for('update');
  if (!row) throw notFound(reviewMessages.notFound);
  return row;
}

function assertTransition(row: ApplicationRow, to: ApplicationStatus) {
  if (isFinal(row.status)) throw conflict(reviewMessages.finalStatus(row.status));
  if (!row.submitted) throw conflict(reviewMessages.notSubmitted);
  const allowed = REVIEW_TRANSITIONS[row.status as ApplicationStatus] ?? [];
  if (!allowed.includes(to)) throw conflict(reviewMessages.transitionNotAllowed(row.status, to));
  // Past Open only once the application fee has a posted receipt (decisions §4); rejecting needs no payment.
  if (to !== 'Rejected' && !applicationFeeSettled(row)) throw conflict(billingAdminMessages.feeNotPaid);
}

const actorName = (user: UserRow) => user.name ?? user.email;
/** How a comment is signed for the applicant. */
const commentName = (user: UserRow) => user.name ?? 'Registrar';

/** Who hears about the application, if anyone: the account's email, unless its owner turned updates off. */
async function noticeTarget(tx: Db, row: ApplicationRow): Promise<NoticeTarget | null> {
  if (!row.userId) return null;
  const [found] = await tx
    .select({
      email: users.email,
      emailUpdates: users.emailUpdates,
      firstName: profiles.firstName,
      category: membershipCategories.description,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.profileId, users.profileId))
    .leftJoin(membershipCategories, eq(membershipCategories.code, row.appliedCategory))
    .where(eq(users.id, row.userId));
  if (found?.emailUpdates !== 1) return null;
  return {
    email: found.email,
    firstName: found.firstName ?? 'Applicant',
    code: row.code,
    categoryDescription: found.category ?? row.appliedCategory,
    kind: row.kind,
  };
}

async function addCommentRow(tx: Db, code: string, user: UserRow, comment: string, hidden: boolean, at: Date) {
  const [row] = await tx
    .insert(applicationComments)
    .values({
      applicationCode: code,
      comment,
      displayName: commentName(user),
      hiddenFromApplicant: hidden,
      authorId: user.id,
      createdAt: at,
    })
    .returning({ id: applicationComments.id });
  return row.id;
}

/**
 * Release: the next member number, an Active membership from today (Nairobi), the profile and account moved to
 * the applied category, and the first subscription billed. Runs in the status change's transaction.
 */
async function release(tx: Db, row: ApplicationRow, prefix: string, at: Date, createdBy: number): Promise<string> {
  if (!row.profileId) throw conflict(reviewMessages.noProfile);
  const [profile] = await tx.select().from(profiles).where(eq(profiles.profileId, row.profileId)).for('update');
  if (!profile) throw conflict(reviewMessages.noProfile);
  if (profile.memberNo) throw conflict(reviewMessages.alreadyMember(profile.memberNo));
  const memberNo = await assignMemberNumber(tx, prefix);
  await tx.insert(memberships).values({
    profileId: profile.profileId,
    memberNo,
    categoryCode: row.appliedCategory,
    status: 'Active',
    registrationDate: nairobiDate(at),
  });
  await tx
    .update(profiles)
    .set({ memberNo, membershipType: row.appliedCategory, updatedAt: at })
    .where(eq(profiles.profileId, profile.profileId));
  if (row.userId) await tx.update(users).set({ category: row.appliedCategory, updatedAt: at }).where(eq(users.id, row.userId));
  // Release bills the first subscription, for the current year (decisions §4).
  await billSubscription(tx, {
    profileId: profile.profileId,
    memberNo,
    categoryCode: row.appliedCategory,
    period: nairobiDate(at).slice(0, 4),
    createdBy,
  });
  return memberNo;
}

async function notify(tx: Db, target: NoticeTarget | null, message: (t: NoticeTarget) => OutgoingMessage) {
  if (target) await enqueue(tx, message(target));
}

export interface StatusChange {
  status: ApplicationStatus;
  comment?: string;
  hiddenFromApplicant: boolean;
}

/**
 * POST /api/admin/applications/{code}/status: one transaction writes the status, the history event, the
 * comment, the audit entry, the release's member number and membership, and the applicant's email.
 */
/** What approval does for each kind: a member number, a new category, or a licence. */
async function approve(tx: Db, row: ApplicationRow, prefix: string, at: Date, actorId: number) {
  switch (row.kind) {
    case 'Upgrade': {
      const memberNo = await releaseUpgrade(tx, row, at, actorId);
      return { memberNo, licenseNo: null, message: reviewMessages.upgradeReleased(row.appliedCategory) };
    }
    case 'Licence': {
      const licenseNo = await issueLicence(tx, row, at);
      return { memberNo: row.assignedMemberNo, licenseNo, message: reviewMessages.licenceReleased(licenseNo) };
    }
    default: {
      const memberNo = await release(tx, row, prefix, at, actorId);
      return { memberNo, licenseNo: null, message: reviewMessages.released(memberNo) };
    }
  }
}

/** A rejected upgrade or licence application owes nothing: what is left of its fee is waived by a credit note. */
async function waiveUnpaidFee(tx: Db, row: ApplicationRow, actorId: number) {
  if (row.kind === 'Registration' || !row.invoiceNo || row.postedReceiptNo || !row.profileId) return;
  const invoice = await findInvoice(tx, row.invoiceNo);
  if (!invoice || invoice.remainingCents <= 0) return;
  await postCreditNote(tx, {
    profileId: row.profileId,
    amountCents: invoice.remainingCents,
    reason: `Fee waived: application ${row.code} was not approved`,
    invoiceNo: row.invoiceNo,
    createdBy: actorId,
  });
}

export async function changeStatus(ctx: AppContext, req: FastifyRequest, code: string, input: StatusChange): Promise<ReviewActionResult> {
  const actor = currentUser(req);
  const [minor, displayName] = await Promise.all([loadMinorSettings(ctx.db), organisationName(ctx.db)]);
  return ctx.db.transaction(async (tx) => {
    const row = await lockApplication(tx, code);
    assertTransition(row, input.status);
    const now = new Date();
    const approved = input.status === 'Released' ? await approve(tx, row, minor.member_number_prefix, now, actor.id) : null;
    const memberNo = row.kind === 'Registration' ? (approved?.memberNo ?? null) : null;
    if (input.status === 'Rejected') await waiveUnpaidFee(tx, row, actor.id);
    const [updated] = await tx
      .update(applications)
      .set({
        status: input.status,
        assignedMemberNo: memberNo ?? row.assignedMemberNo,
        decidedAt: isFinal(input.status) ? now : row.decidedAt,
        updatedAt: now,
      })
      // The row is locked, so this holds; the guard keeps a double move impossible even without the lock.
      .where(and(eq(applications.code, code), eq(applications.status, row.status), eq(applications.submitted, true)))
      .returning();
    if (!updated) throw conflict(reviewMessages.changedMeanwhile);
    const comment = input.comment ?? null;
    const commentId = comment ? await addCommentRow(tx, code, actor, comment, input.hiddenFromApplicant, now) : null;
    await tx.insert(applicationEvents).values({
      applicationCode: code,
      kind: 'status',
      fromStatus: row.status,
      toStatus: input.status,
      actorId: actor.id,
      actorName: actorName(actor),
      commentId,
      at: now,
    });
    await audit(tx, req, {
      action: 'application.status_changed',
      target: `application:${code}`,
      details: {
        kind: row.kind,
        from: row.status,
        to: input.status,
        ...(memberNo ? { memberNo } : {}),
        ...(approved?.licenseNo ? { licenseNo: approved.licenseNo } : {}),
        ...(comment ? { comment, hiddenFromApplicant: input.hiddenFromApplicant } : {}),
      },
    });
    const visibleComment = comment && !input.hiddenFromApplicant ? comment : null;
    await notify(tx, await noticeTarget(tx, row), (t) =>
      reviewNotices.statusChanged(ctx.config, displayName, t, input.status, approved?.licenseNo ?? memberNo, visibleComment),
    );
    return {
      message: approved?.message ?? reviewMessages.moved(input.status),
      status: updated.status,
      Submitted: updated.submitted,
      assignedMemberNo: updated.assignedMemberNo,
    };
  });
}

/** POST /api/admin/applications/{code}/return: un-submits it, with a comment the applicant sees. */
export async function returnApplication(ctx: AppContext, req: FastifyRequest, code: string, comment: string): Promise<ReviewActionResult> {
  const actor = currentUser(req);
  const displayName = await organisationName(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const row = await lockApplication(tx, code);
    if (!canReturn({ status: row.status, Submitted: row.submitted })) throw conflict(reviewMessages.notReturnable);
    const now = new Date();
    const [updated] = await tx
      .update(applications)
      .set({ submitted: false, returnedAt: now, updatedAt: now })
      .where(and(eq(applications.code, code), eq(applications.submitted, true), eq(applications.status, row.status)))
      .returning();
    if (!updated) throw conflict(reviewMessages.changedMeanwhile);
    const commentId = await addCommentRow(tx, code, actor, comment, false, now);
    await tx.insert(applicationEvents).values({
      applicationCode: code,
      kind: 'returned',
      fromStatus: row.status,
      toStatus: row.status,
      actorId: actor.id,
      actorName: actorName(actor),
      commentId,
      at: now,
    });
    await audit(tx, req, { action: 'application.returned', target: `application:${code}`, details: { status: row.status, comment } });
    await notify(tx, await noticeTarget(tx, row), (t) => reviewNotices.returned(ctx.config, displayName, t, comment));
    return {
      message: reviewMessages.returned,
      status: updated.status,
      Submitted: updated.submitted,
      assignedMemberNo: updated.assignedMemberNo,
    };
  });
}

/** POST /api/admin/applications/{code}/comments: a comment without a move; a hidden one sends nothing. */
export async function commentOnApplication(
  ctx: AppContext,
  req: FastifyRequest,
  code: string,
  comment: string,
  hidden: boolean,
): Promise<ReviewActionResult> {
  const actor = currentUser(req);
  const displayName = await organisationName(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(applications).where(eq(applications.code, code));
    if (!row) throw notFound(reviewMessages.notFound);
    await addCommentRow(tx, code, actor, comment, hidden, new Date());
    await audit(tx, req, {
      action: 'application.commented',
      target: `application:${code}`,
      details: { comment, hiddenFromApplicant: hidden },
    });
    if (!hidden) await notify(tx, await noticeTarget(tx, row), (t) => reviewNotices.commented(ctx.config, displayName, t, comment));
    return { message: reviewMessages.commented, status: row.status, Submitted: row.submitted, assignedMemberNo: row.assignedMemberNo };
  });
}
