import { type Application, applicationMessages, maskPhone, messages } from '@portal/contract';
import { schema } from '@portal/db';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { badRequest, conflict, HttpError, notFound } from '../../shared/errors';
import { organisationName } from '../../shared/organisation';
import { consumeLimit, limits } from '../../shared/rate-limit';
import type { UserRow } from '../../shared/session';
import { sixDigitCode } from '../../shared/tokens';
import { consumeOwnedCode, issueCode, RESEND_WAIT_SECONDS, secondsSinceLastCode } from '../auth';
import { invoiceApplicationFee } from '../billing';
import { enqueue } from '../outbox/outbox';
import { buildChecklist, loadChecklistFacts } from '../profile/checklist';
import { ownApplication } from './list';
import { submitNotices } from './notices';

const { applications, applicationEvents, profiles } = schema;
type ApplicationRow = typeof applications.$inferSelect;

const PURPOSE = 'application_submit' as const;

/**
 * The stored hash covers the application's code with the OTP, so a code sent for one application
 * never submits another (one_time_codes has no application column).
 */
const boundCode = (applicationCode: string, otp: string) => `${applicationCode}:${otp}`;

/** The caller's own application; anyone else's is answered as not found. */
async function ownRow(ctx: AppContext, user: UserRow, code: string): Promise<ApplicationRow> {
  const [row] = await ctx.db
    .select()
    .from(applications)
    .where(and(eq(applications.code, code), eq(applications.userId, user.id), eq(applications.kind, 'Registration')));
  if (!row) throw notFound(applicationMessages.applicationNotFound);
  return row;
}

/** New and never submitted, or handed back by a reviewer (decisions §4). */
function assertSubmittable(row: ApplicationRow) {
  if (row.submitted) throw conflict(applicationMessages.alreadySubmitted);
  if (row.status !== 'New' && row.returnedAt === null) throw conflict(applicationMessages.notSubmittable);
}

/** Every checklist item of the applied category passes, and the name on the profile is confirmed. */
async function readyProfile(ctx: AppContext, user: UserRow, row: ApplicationRow) {
  const profileId = row.profileId ?? user.profileId;
  const [profile] = profileId ? await ctx.db.select().from(profiles).where(eq(profiles.profileId, profileId)) : [];
  if (!profile) throw badRequest(applicationMessages.checklistIncomplete);
  const items = await buildChecklist(ctx.db, await loadChecklistFacts(ctx, profile), row.appliedCategory, 'Application');
  if (!items.every((item) => item.pass)) throw badRequest(applicationMessages.checklistIncomplete);
  if (!profile.confirmed) throw badRequest(applicationMessages.nameNotConfirmed);
  return profile;
}

/** `POST /api/application/submit/otp`: checks the application could be submitted, then texts a code. */
export async function sendSubmitOtp(ctx: AppContext, user: UserRow, ip: string, code: string) {
  await consumeLimit(ctx.db, `submit-otp:ip:${ip}`, limits.otpPerIp);
  await consumeLimit(ctx.db, `submit-otp:acct:${user.id}`, limits.otpPerAccount);
  const row = await ownRow(ctx, user, code);
  assertSubmittable(row);
  await readyProfile(ctx, user, row);
  if (!user.phoneNo) throw badRequest(applicationMessages.noPhone);
  const since = await secondsSinceLastCode(ctx.db, PURPOSE, { userId: user.id });
  if (since !== null && since < RESEND_WAIT_SECONDS) throw new HttpError(429, messages.otpResendWait);
  const otp = sixDigitCode();
  const phone = user.phoneNo;
  await ctx.db.transaction(async (tx) => {
    await issueCode(tx, PURPOSE, { userId: user.id }, boundCode(row.code, otp));
    await enqueue(tx, submitNotices.otp(phone, otp, row.code));
  });
  return { message: applicationMessages.otpSent, maskedPhone: maskPhone(phone) };
}

/**
 * `POST /api/application/submit`: verifies the SMS code and submits in one transaction, raising the application-fee
 * invoice at the first submission (decision 022). A wrong code's
 * counted try is kept (the refusal is returned from the transaction, not thrown inside it).
 */
export async function submitApplication(ctx: AppContext, user: UserRow, ip: string, code: string, otp: string): Promise<Application> {
  await consumeLimit(ctx.db, `submit:ip:${ip}`, limits.otpPerIp);
  await consumeLimit(ctx.db, `submit:acct:${user.id}`, limits.otpPerAccount);
  const row = await ownRow(ctx, user, code);
  assertSubmittable(row);
  const profile = await readyProfile(ctx, user, row);
  const displayName = await organisationName(ctx.db);
  const actorName = [profile.firstName, profile.lastName].filter(Boolean).join(' ') || user.email;

  const outcome = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(applications).where(eq(applications.code, row.code)).for('update');
    assertSubmittable(locked);
    try {
      await consumeOwnedCode(tx, PURPOSE, { userId: user.id }, boundCode(row.code, otp), messages.invalidOtp);
    } catch (error) {
      if (error instanceof HttpError) return { refusal: error };
      throw error;
    }
    const resubmitted = locked.returnedAt !== null;
    const now = new Date();
    const [updated] = await tx
      .update(applications)
      .set({
        submitted: true,
        submittedAt: now,
        returnedAt: null,
        status: locked.status === 'New' ? 'Open' : locked.status,
        profileId: locked.profileId ?? profile.profileId,
        updatedAt: now,
      })
      .where(eq(applications.code, locked.code))
      .returning();
    // The application fee is invoiced once, at the first submission; a re-submission keeps that invoice.
    await invoiceApplicationFee(tx, updated, updated.profileId ?? profile.profileId, user.id);
    await tx.insert(applicationEvents).values({
      applicationCode: locked.code,
      kind: resubmitted ? 'resubmitted' : 'submitted',
      fromStatus: locked.status,
      toStatus: updated.status,
      actorId: user.id,
      actorName,
      at: now,
    });
    await enqueue(tx, submitNotices.submitted(ctx.config, user.email, displayName, profile.firstName, updated, resubmitted));
    return { refusal: null };
  });
  if (outcome.refusal) throw outcome.refusal;
  const answer = await ownApplication(ctx.db, user.id, row.code);
  if (!answer) throw notFound(applicationMessages.applicationNotFound);
  return answer;
}
