import { type Db, schema } from '@portal/db';
import { and, desc, eq, sql } from 'drizzle-orm';

const { memberships, membershipCategories } = schema;

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
