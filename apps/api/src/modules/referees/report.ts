import { refereeMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { notFound } from '../../shared/errors';
import type { UserRow } from '../../shared/session';
import { issueDocument, renderDocument } from '../documents';
import { confirmationStatement } from './form';
import { applicantName } from './requests';

const { refereeRequests } = schema;

/**
 * GET /api/questions/refereeForm/{entryNo}: the answered referee form of one of the caller's referee entries as a
 * PDF (base64). Admins and approvers name the applicant with `profileId`; a member naming anyone else's profile
 * gets the same 404 as an entry that does not exist.
 */
export async function refereeReport(ctx: AppContext, user: UserRow, entryNo: number, profileIdParam?: string): Promise<string> {
  const staff = user.isAdmin || user.isApprover;
  const profileId = profileIdParam && staff ? profileIdParam : user.profileId;
  if (!profileId || (profileIdParam && !staff && profileIdParam !== user.profileId)) throw notFound(refereeMessages.notAnswered);
  const [request] = await ctx.db
    .select()
    .from(refereeRequests)
    .where(
      and(
        eq(refereeRequests.profileId, profileId),
        eq(refereeRequests.entryNo, entryNo),
        isNull(refereeRequests.supersededAt),
        isNotNull(refereeRequests.respondedAt),
      ),
    )
    .orderBy(desc(refereeRequests.id))
    .limit(1);
  if (!request) throw notFound(refereeMessages.notAnswered);
  const doc = await issueDocument(ctx, {
    kind: 'referee_report',
    profileId,
    subjectKey: String(request.id),
    holderName: request.refereeName,
    memberNo: request.refereeMemberNo,
    details: { applicantName: await applicantName(ctx.db, profileId), confirmationStatement: await confirmationStatement(ctx.db) },
  });
  return (await renderDocument(ctx, doc.documentNo)).toString('base64');
}
