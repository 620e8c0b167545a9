import { reviewMessages, upgradeMessages } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { nairobiDate } from '../../shared/dates';
import { conflict } from '../../shared/errors';
import { lockActiveMembership } from '../../shared/membership';

const { applications, membershipChanges, profiles, users } = schema;

/**
 * Release of an upgrade, in the status change's transaction: the membership moves to the new category (history
 * kept in membership_changes), the profile and account follow. The new category's subscription is billed from the
 * next billing period by the yearly run, which reads the membership's category. Returns the member number.
 */
export async function releaseUpgrade(tx: Db, row: typeof applications.$inferSelect, at: Date, actorId: number): Promise<string> {
  if (!row.profileId) throw conflict(reviewMessages.noProfile);
  const membership = await lockActiveMembership(tx, row.profileId);
  if (!membership) throw conflict(upgradeMessages.noActiveMembership);
  if (row.fromCategory && membership.categoryCode !== row.fromCategory) throw conflict(upgradeMessages.categoryChanged);
  const day = nairobiDate(at);
  await tx
    .update(schema.memberships)
    .set({ categoryCode: row.appliedCategory, updatedAt: at })
    .where(eq(schema.memberships.id, membership.id));
  await tx.update(profiles).set({ membershipType: row.appliedCategory, updatedAt: at }).where(eq(profiles.profileId, row.profileId));
  await tx.update(users).set({ category: row.appliedCategory, updatedAt: at }).where(eq(users.profileId, row.profileId));
  await tx.insert(membershipChanges).values({
    profileId: row.profileId,
    memberNo: membership.memberNo,
    fromCategory: membership.categoryCode,
    toCategory: row.appliedCategory,
    applicationCode: row.code,
    changedOn: day,
    actorId,
    at,
  });
  return membership.memberNo;
}
