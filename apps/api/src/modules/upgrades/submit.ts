import { type Upgrade, upgradeMessages } from '@portal/contract';
import { nextNumber, schema, sqlState } from '@portal/db';
import { and, eq, notInArray } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { conflict, notFound } from '../../shared/errors';
import { currentMembership } from '../../shared/membership';
import type { UserRow } from '../../shared/session';
import { invoiceApplicationFee, SERVICE_FEE_DAYS } from '../billing';
import { enqueue } from '../outbox/outbox';
import { buildChecklist, loadChecklistFacts } from '../profile/checklist';
import { ownUpgrade } from './list';
import { upgradeNotices } from './notices';
import { planTo } from './plans';

const { applications, applicationEvents, profiles } = schema;

/**
 * POST /api/upgrade/submit: the member's upgrade to `toCategory`. The plan sets the amount (never the browser); the
 * member must hold an Active membership in a category the plan accepts, and pass every Upgrade requirement of the
 * target category. Creates the application (submitted, Open) and its invoice in one transaction; a returned upgrade
 * to the same category is submitted again instead.
 */
export async function submitUpgrade(
  ctx: AppContext,
  user: UserRow,
  toCategory: string,
): Promise<{ upgrade: Upgrade; resubmitted: boolean }> {
  const membership = await currentMembership(ctx.db, user.profileId);
  if (membership?.status !== 'Active' || !user.profileId) throw conflict(upgradeMessages.notMember);
  const plan = await planTo(ctx.db, toCategory);
  if (!plan) throw notFound(upgradeMessages.planNotFound);
  if (!plan.enabled) throw conflict(upgradeMessages.planDisabled);
  if (!plan.fromCategories.includes(membership.categoryCode))
    throw conflict(upgradeMessages.notEligible(membership.categoryCode, toCategory));

  const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.profileId, user.profileId));
  const checklist = await buildChecklist(ctx.db, await loadChecklistFacts(ctx, profile ?? null), toCategory, 'Upgrade');
  if (!checklist.every((i) => i.pass)) throw conflict(upgradeMessages.checklistIncomplete);

  const profileId = user.profileId;
  const now = new Date();
  try {
    const { code, resubmitted } = await ctx.db.transaction(async (tx) => {
      // One upgrade at a time per member: the profile row serialises two submissions arriving together.
      await tx.select({ id: profiles.profileId }).from(profiles).where(eq(profiles.profileId, profileId)).for('update');
      const [live] = await tx
        .select()
        .from(applications)
        .where(
          and(
            eq(applications.profileId, profileId),
            eq(applications.kind, 'Upgrade'),
            notInArray(applications.status, ['Released', 'Rejected']),
          ),
        );
      if (live) {
        const returned = !live.submitted && live.returnedAt !== null && live.appliedCategory === toCategory;
        if (!returned) throw conflict(upgradeMessages.alreadyPending);
        await tx
          .update(applications)
          .set({ submitted: true, submittedAt: now, returnedAt: null, updatedAt: now })
          .where(eq(applications.code, live.code));
        await tx
          .insert(applicationEvents)
          .values({ applicationCode: live.code, kind: 'resubmitted', actorId: user.id, actorName: user.name ?? user.email, at: now });
        return { code: live.code, resubmitted: true };
      }
      const code = await nextNumber(tx, 'upgrade', 'UPG');
      const [created] = await tx
        .insert(applications)
        .values({
          code,
          kind: 'Upgrade',
          userId: user.id,
          profileId,
          appliedCategory: toCategory,
          fromCategory: membership.categoryCode,
          amount: plan.amount,
          applicationDateTime: now,
          status: 'Open',
          submitted: true,
          submittedAt: now,
          assignedMemberNo: membership.memberNo,
        })
        .returning();
      await tx.insert(applicationEvents).values({
        applicationCode: code,
        kind: 'submitted',
        toStatus: 'Open',
        actorId: user.id,
        actorName: user.name ?? user.email,
        at: now,
      });
      await invoiceApplicationFee(tx, created, profileId, user.id, {
        purpose: 'upgrade',
        description: `Upgrade to ${toCategory} (${code})`,
        dueInDays: SERVICE_FEE_DAYS,
      });
      await enqueue(tx, upgradeNotices.submitted(ctx.config, user.email, code, toCategory, Number(plan.amount)));
      return { code, resubmitted: false };
    });
    return { upgrade: await ownUpgrade(ctx.db, user, code), resubmitted };
  } catch (error) {
    // The partial unique index is the last word when two submissions race past the lock (another profile path).
    if (sqlState(error) === '23505') throw conflict(upgradeMessages.alreadyPending);
    throw error;
  }
}
