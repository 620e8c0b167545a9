import { type UpgradePlan, type UpgradePlanUpdate, upgradeMessages } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../shared/audit';
import type { AppContext } from '../../shared/context';
import { badRequest, notFound } from '../../shared/errors';

const { membershipCategories, upgradePlans } = schema;
export type PlanRow = typeof upgradePlans.$inferSelect;

function planDto(row: PlanRow, description: string | null, fromCategory: string | null): UpgradePlan {
  return {
    code: row.code,
    ToCategory: row.toCategory,
    ToCategoryDescription: description ?? row.toCategory,
    Amount: Number(row.amount),
    enabled: row.enabled,
    fromCategories: row.fromCategories,
    eligible: fromCategory !== null && row.enabled && row.fromCategories.includes(fromCategory),
  };
}

/** GET /api/upgrade/plans: every plan, in order, each saying whether `fromCategory` may apply for it. */
export async function listPlans(db: Db, fromCategory: string | null): Promise<UpgradePlan[]> {
  const rows = await db
    .select({ plan: upgradePlans, description: membershipCategories.description })
    .from(upgradePlans)
    .leftJoin(membershipCategories, eq(membershipCategories.code, upgradePlans.toCategory))
    .orderBy(asc(upgradePlans.sequence), asc(upgradePlans.code));
  return rows.map((r) => planDto(r.plan, r.description, fromCategory));
}

/** The plan that leads to a category, or null. */
export async function planTo(db: Db, toCategory: string): Promise<PlanRow | null> {
  const [row] = await db.select().from(upgradePlans).where(eq(upgradePlans.toCategory, toCategory)).limit(1);
  return row ?? null;
}

/**
 * The category a plan leads to, named by the plan's code (PE, as the spec and the plan cards say) or by the category
 * itself (PROFESSIONAL): both lead to the same checklist. Anything else is returned as given.
 */
export async function planTarget(db: Db, codeOrCategory: string): Promise<string> {
  const wanted = codeOrCategory.trim().toUpperCase();
  const [byCode] = await db
    .select({ toCategory: upgradePlans.toCategory })
    .from(upgradePlans)
    .where(sql`upper(${upgradePlans.code}) = ${wanted}`)
    .limit(1);
  return byCode?.toCategory ?? codeOrCategory;
}

/** POST /api/admin/upgrade-plans/{code}: the main administrator sets a plan's amount, whether it is open, and who may apply. */
export async function updatePlan(ctx: AppContext, req: FastifyRequest, code: string, input: UpgradePlanUpdate): Promise<UpgradePlan> {
  const [plan] = await ctx.db.select().from(upgradePlans).where(eq(upgradePlans.code, code));
  if (!plan) throw notFound(upgradeMessages.planNotFound);
  const from = [...new Set(input.fromCategories)];
  if (from.includes(plan.toCategory))
    throw badRequest(upgradeMessages.planTargetInFrom, { fromCategories: [upgradeMessages.planTargetInFrom] });
  const known = from.length
    ? await ctx.db.select({ code: membershipCategories.code }).from(membershipCategories).where(inArray(membershipCategories.code, from))
    : [];
  const unknown = from.filter((c) => !known.some((k) => k.code === c));
  if (unknown.length)
    throw badRequest(upgradeMessages.unknownCategory(unknown[0]), { fromCategories: [upgradeMessages.unknownCategory(unknown[0])] });
  const amount = Number(input.Amount).toFixed(2);
  return ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(upgradePlans)
      .set({ amount, enabled: input.enabled, fromCategories: from, updatedAt: new Date() })
      .where(eq(upgradePlans.code, code))
      .returning();
    await audit(tx, req, {
      action: 'upgrade.plan_updated',
      target: `upgrade-plan:${code}`,
      details: {
        from: { amount: plan.amount, enabled: plan.enabled, fromCategories: plan.fromCategories },
        to: { amount, enabled: input.enabled, fromCategories: from },
      },
    });
    const [category] = await tx
      .select({ description: membershipCategories.description })
      .from(membershipCategories)
      .where(eq(membershipCategories.code, updated.toCategory));
    return planDto(updated, category?.description ?? null, null);
  });
}
