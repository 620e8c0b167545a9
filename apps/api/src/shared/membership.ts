import { type Db, schema } from '@portal/db';
import { and, desc, eq, gt, sql } from 'drizzle-orm';

const { categoryCharges, memberships, membershipCategories } = schema;

export type MembershipRow = typeof schema.memberships.$inferSelect;

/** A profile's current membership (the Active one, else the newest) with its category's description. */
export async function currentMembership(db: Db, profileId: string | null | undefined) {
  if (!profileId) return null;
  const [row] = await db
    .select({ membership: memberships, categoryDescription: membershipCategories.description })
    .from(memberships)
    .leftJoin(membershipCategories, eq(membershipCategories.code, memberships.categoryCode))
    .where(eq(memberships.profileId, profileId))
    .orderBy(desc(sql`${memberships.status} = 'Active'`), desc(memberships.id))
    .limit(1);
  if (!row) return null;
  return { ...row.membership, categoryDescription: row.categoryDescription ?? row.membership.categoryCode };
}

/** The Active membership, locked for the rest of the transaction (an upgrade's release changes its category). */
export async function lockActiveMembership(tx: Db, profileId: string): Promise<MembershipRow | null> {
  const [row] = await tx
    .select()
    .from(memberships)
    .where(and(eq(memberships.profileId, profileId), eq(memberships.status, 'Active')))
    .orderBy(desc(memberships.id))
    .limit(1)
    .for('update');
  return row ?? null;
}

/**
 * The category's LICENSE charge including VAT, or null when it has none: a category with one may hold a practising
 * licence (decision 032).
 */
export async function licenceCharge(db: Db, categoryCode: string): Promise<{ amount: string; currency: string } | null> {
  const [row] = await db
    .select()
    .from(categoryCharges)
    .where(
      and(
        eq(categoryCharges.categoryCode, categoryCode),
        eq(categoryCharges.chargeType, 'LICENSE'),
        gt(categoryCharges.amountIncludingVat, '0'),
      ),
    );
  return row ? { amount: row.amountIncludingVat, currency: row.currencyCode } : null;
}
