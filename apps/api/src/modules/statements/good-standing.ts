import { billingMessages, type GoodStandingResponse } from '@portal/contract';
import { schema } from '@portal/db';
import { desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { notFound } from '../../shared/errors';
import { cachedMinorSettings } from '../../shared/organisation';
import type { UserRow } from '../../shared/session';
import { isInGoodStanding, today } from '../billing';
import { fullName, goodStandingSubject, issueDocument, renderIssued } from '../documents';
import { codeCandidates, isStaff } from './subject';

const { memberships, profiles } = schema;

/**
 * `GET license/good_standing_certificate/{memberNo}` (part 1 §2, §7): `data[0]` is whether the member is in good
 * standing; `data[1]` the certificate (base64 PDF), only when the `certificate_of_good_standing` setting is on and
 * the member is in good standing. The member number is the caller's own (raw or base64, as the dashboard route
 * carries it); admins and approvers may ask about anyone. One certificate number per member and calendar year,
 * valid until the year's end and only while the member stays in good standing (decision 025).
 */
export async function goodStandingCertificate(ctx: AppContext, user: UserRow, code: string): Promise<GoodStandingResponse['data']> {
  const candidates = codeCandidates(code);
  if (!candidates.length) throw notFound(billingMessages.goodStandingMemberNotFound);
  const [member] = await ctx.db
    .select({ profile: profiles, memberNo: memberships.memberNo, categoryCode: memberships.categoryCode })
    .from(memberships)
    .innerJoin(profiles, eq(profiles.profileId, memberships.profileId))
    .where(inArray(memberships.memberNo, candidates))
    .orderBy(desc(memberships.id))
    .limit(1);
  if (!member || (member.profile.profileId !== user.profileId && !isStaff(user))) {
    throw notFound(billingMessages.goodStandingMemberNotFound);
  }
  const [standing, minor] = await Promise.all([isInGoodStanding(ctx.db, member.profile.profileId), cachedMinorSettings(ctx.db)]);
  if (!standing || !minor.certificate_of_good_standing) return [standing];
  const row = await issueDocument(ctx, {
    kind: 'good_standing',
    profileId: member.profile.profileId,
    subjectKey: goodStandingSubject(member.memberNo, today().slice(0, 4)),
    holderName: fullName(member.profile) || member.memberNo,
    memberNo: member.memberNo,
    categoryCode: member.categoryCode,
  });
  return [true, (await renderIssued(ctx, row)).toString('base64')];
}
