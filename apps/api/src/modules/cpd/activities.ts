import { type CpdActivity, type CpdActivityStatus, cpdActivityInput, cpdMessages } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../shared/context';
import { nairobiDate } from '../../shared/dates';
import { conflict, notFound, Problems } from '../../shared/errors';
import { servedFileName } from '../../shared/serve-file';
import type { UserRow } from '../../shared/session';
import { formFields, uploadsOf } from '../../shared/uploads';
import { fullName } from '../documents';
import { type PreparedFile, preparePdf, withFileChanges } from '../profile/files';
import { isStaff, requireMembership, toPoints } from './common';

const { cpdActivities, files, profiles } = schema;
type ActivityRow = typeof cpdActivities.$inferSelect;

/** The form's file field. */
export const EVIDENCE_FIELD = 'evidence';
const EVIDENCE_PURPOSE = 'cpd-evidence';
const EARLIEST_DATE = '1950-01-01';

export function activityDto(row: ActivityRow, name: string): CpdActivity {
  return {
    id: row.id,
    memberNo: row.memberNo,
    name,
    activityType: row.activityType as CpdActivity['activityType'],
    description: row.description,
    provider: row.provider,
    location: row.location,
    startDate: row.startDate,
    endDate: row.endDate,
    hours: toPoints(row.hours),
    status: row.status as CpdActivityStatus,
    pointsAwarded: row.pointsAwarded === null ? null : toPoints(row.pointsAwarded),
    structured: row.structured,
    reason: row.reason,
    evidenceUrl: row.evidenceFileId ? `/api/cpd/activities/${row.id}/evidence` : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function nameOf(db: Db, profileId: string) {
  const [profile] = await db.select().from(profiles).where(eq(profiles.profileId, profileId)).limit(1);
  return fullName(profile);
}

/** `GET cpd/activities`: the caller's outside activities, newest first. */
export async function listOwnActivities(ctx: AppContext, user: UserRow): Promise<CpdActivity[]> {
  const member = await requireMembership(ctx.db, user);
  const [rows, name] = await Promise.all([
    ctx.db
      .select()
      .from(cpdActivities)
      .where(eq(cpdActivities.profileId, member.profileId))
      .orderBy(desc(cpdActivities.endDate), desc(cpdActivities.id)),
    nameOf(ctx.db, member.profileId),
  ]);
  return rows.map((row) => activityDto(row, name));
}

/**
 * The form's fields and evidence, every problem reported at once: the contract's rules, an end date not after
 * today (Nairobi), and the evidence a PDF checked by its content (required when recording, optional on edit).
 */
async function readActivityForm(req: FastifyRequest, evidenceRequired: boolean, now: Date) {
  const problems = new Problems();
  const input = problems.parse(cpdActivityInput, formFields(req.body));
  if (input && input.endDate > nairobiDate(now)) problems.add('endDate', cpdMessages.inTheFuture);
  // The contract's date check takes year 0, which PostgreSQL refuses; no activity is that old anyway.
  if (input && input.startDate < EARLIEST_DATE) problems.add('startDate', cpdMessages.dateTooEarly);
  const [upload] = uploadsOf(req, EVIDENCE_FIELD);
  let evidence: PreparedFile | undefined;
  if (upload) evidence = await preparePdf(upload, problems, cpdMessages.evidenceInvalid);
  else if (evidenceRequired) problems.add(EVIDENCE_FIELD, cpdMessages.evidenceRequired);
  problems.throwIfAny();
  // throwIfAny() throws whenever parsing failed.
  if (!input) throw new Error('unreachable');
  return { input, evidence };
}

/** The columns the form sets, on recording and on every edit. */
function activityColumns(input: z.output<typeof cpdActivityInput>) {
  return {
    activityType: input.activityType,
    description: input.description,
    provider: input.provider,
    location: input.location,
    startDate: input.startDate,
    endDate: input.endDate,
    hours: String(input.hours),
  };
}

/** `POST cpd/activities` (form data): records an outside activity as Pending, with its evidence. */
export async function recordActivity(ctx: AppContext, req: FastifyRequest, user: UserRow, now = new Date()): Promise<CpdActivity> {
  const member = await requireMembership(ctx.db, user);
  const { input, evidence } = await readActivityForm(req, true, now);
  const row = await withFileChanges(ctx, async (tx, changes) => {
    const file = evidence ? await changes.save(member.profileId, EVIDENCE_PURPOSE, evidence) : null;
    const [created] = await tx
      .insert(cpdActivities)
      .values({
        profileId: member.profileId,
        memberNo: member.memberNo,
        userId: user.id,
        ...activityColumns(input),
        evidenceFileId: file?.id ?? null,
      })
      .returning();
    return created;
  });
  return activityDto(row, await nameOf(ctx.db, member.profileId));
}

/** The caller's own activity (404 for anyone else's or none), and 409 once it has been decided. */
async function ownPendingActivity(db: Db, user: UserRow, id: number): Promise<ActivityRow> {
  const [row] = await db.select().from(cpdActivities).where(eq(cpdActivities.id, id)).limit(1);
  if (!row || !user.profileId || row.profileId !== user.profileId) throw notFound(cpdMessages.activityNotFound);
  if (row.status !== 'Pending') throw conflict(cpdMessages.activityDecided);
  return row;
}

/**
 * `POST cpd/activities/{id}` (form data): edits a Pending activity; new evidence replaces the old. The update is
 * conditional on the status, so an approver's decision made meanwhile wins (409).
 */
export async function updateActivity(ctx: AppContext, req: FastifyRequest, user: UserRow, id: number, now = new Date()) {
  await requireMembership(ctx.db, user);
  const existing = await ownPendingActivity(ctx.db, user, id);
  const { input, evidence } = await readActivityForm(req, false, now);
  const row = await withFileChanges(ctx, async (tx, changes) => {
    const file = evidence ? await changes.save(existing.profileId, EVIDENCE_PURPOSE, evidence) : null;
    const [updated] = await tx
      .update(cpdActivities)
      .set({
        ...activityColumns(input),
        ...(file ? { evidenceFileId: file.id } : {}),
        updatedAt: now,
      })
      .where(and(eq(cpdActivities.id, id), eq(cpdActivities.status, 'Pending')))
      .returning();
    if (!updated) throw conflict(cpdMessages.activityDecided);
    if (file) await changes.drop(existing.profileId, [existing.evidenceFileId]);
    return updated;
  });
  return activityDto(row, await nameOf(ctx.db, row.profileId));
}

/** `POST cpd/activities/{id}/delete`: removes a Pending activity and its evidence. */
export async function deleteActivity(ctx: AppContext, user: UserRow, id: number) {
  await requireMembership(ctx.db, user);
  const existing = await ownPendingActivity(ctx.db, user, id);
  await withFileChanges(ctx, async (tx, changes) => {
    const [deleted] = await tx
      .delete(cpdActivities)
      .where(and(eq(cpdActivities.id, id), eq(cpdActivities.status, 'Pending')))
      .returning({ id: cpdActivities.id });
    if (!deleted) throw conflict(cpdMessages.activityDecided);
    await changes.drop(existing.profileId, [existing.evidenceFileId]);
  });
  return { message: cpdMessages.activityDeleted };
}

/** `GET cpd/activities/{id}/evidence`: the evidence PDF, for the activity's owner or staff (404 otherwise). */
export async function activityEvidence(ctx: AppContext, user: UserRow, id: number) {
  const [row] = await ctx.db
    .select({ profileId: cpdActivities.profileId, storageKey: files.storageKey, contentType: files.contentType })
    .from(cpdActivities)
    .innerJoin(files, eq(files.id, cpdActivities.evidenceFileId))
    .where(eq(cpdActivities.id, id))
    .limit(1);
  const allowed = row && ((user.profileId !== null && row.profileId === user.profileId) || isStaff(user));
  if (!allowed) throw notFound(cpdMessages.activityNotFound);
  const bytes = await ctx.storage.get(row.storageKey);
  if (!bytes || row.contentType !== 'application/pdf') throw notFound(cpdMessages.activityNotFound);
  return { bytes, contentType: row.contentType, fileName: servedFileName(`cpd-evidence-${id}`, row.contentType) };
}
