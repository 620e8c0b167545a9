import { messages, refereeMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { badRequest, conflict, notFound } from '../../shared/errors';
import { consumeLimit, type Limit } from '../../shared/rate-limit';
import type { UserRow } from '../../shared/session';
import { profileNotices } from '../profile/notices';
import { issueRequest, refereeRecord, supersedeRequests } from './requests';

const { refereeRequests, profileEntries, profiles } = schema;

/** Resends per applicant: a referee who lost the email can have it again, a mailbox cannot be flooded. */
export const resendLimit: Limit = { max: 10, windowSeconds: 60 * 60 };

/**
 * POST /api/profile/referee/send_email {EntryNo}: the caller's own referee entry gets a new link (the old one
 * stops working) and the email again, to the referee's email on record (docs/decisions/028). Refused once the
 * referee has answered, and when the referee has no email on record (the old link then keeps working).
 */
export async function resendRefereeEmail(ctx: AppContext, user: UserRow, entryNo: number) {
  const profileId = user.profileId;
  if (!profileId) throw notFound(profileNotices.entryNotFound);
  await consumeLimit(ctx.db, `referee-resend:user:${user.id}`, resendLimit);
  await ctx.db.transaction(async (tx) => {
    // The same lock the profile's edits take, so a resend and an edit of the entry never interleave.
    await tx.select({ id: profiles.profileId }).from(profiles).where(eq(profiles.profileId, profileId)).for('update');
    const [entry] = await tx
      .select()
      .from(profileEntries)
      .where(and(eq(profileEntries.profileId, profileId), eq(profileEntries.section, 'referee'), eq(profileEntries.entryNo, entryNo)));
    if (!entry) throw notFound(profileNotices.entryNotFound);
    const [answered] = await tx
      .select({ id: refereeRequests.id })
      .from(refereeRequests)
      .where(
        and(
          eq(refereeRequests.profileId, profileId),
          eq(refereeRequests.entryNo, entryNo),
          isNull(refereeRequests.supersededAt),
          isNotNull(refereeRequests.respondedAt),
        ),
      )
      .limit(1);
    if (answered || entry.data.response) throw conflict(refereeMessages.refereeAnswered);
    const record = await refereeRecord(tx, String(entry.data.MemberNo ?? ''));
    if (!record) throw notFound(messages.memberNotFound);
    if (!record.email) throw badRequest(refereeMessages.noEmailOnRecord);
    await supersedeRequests(tx, profileId, entryNo);
    await issueRequest(tx, ctx.config, entry, { record });
  });
  return { message: refereeMessages.emailSent };
}
