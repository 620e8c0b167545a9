import { billingMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { notFound } from '../../shared/errors';
import { isStaff, type UserRow } from '../../shared/session';

// The statements' document routes import it from here.
export { codeCandidates } from '../../shared/document-code';

/** Admins and approvers may read any member's statement; a member only their own. */
export { isStaff };

/**
 * Whose money the call reads: the caller's own profile, or (admins and approvers only) the `?profileId=` named.
 * A member naming someone else's profile gets the same 404 as for a profile that does not exist.
 */
export async function subjectProfileId(ctx: AppContext, user: UserRow, requested: string | undefined): Promise<string | null> {
  if (!requested || requested === user.profileId) return user.profileId;
  if (!isStaff(user)) throw notFound(billingMessages.profileNotFound);
  const [row] = await ctx.db
    .select({ profileId: schema.profiles.profileId })
    .from(schema.profiles)
    .where(eq(schema.profiles.profileId, requested))
    .limit(1);
  if (!row) throw notFound(billingMessages.profileNotFound);
  return row.profileId;
}
