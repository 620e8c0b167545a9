import { mfaMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../shared/audit';
import type { AppContext } from '../../shared/context';
import { forbidden, notFound } from '../../shared/errors';
import { organisationName } from '../../shared/organisation';
import { type Auth, endAllSessions } from '../../shared/session';
import { enqueue } from '../outbox/outbox';
import { removeFactors } from './enrolment';
import { mfaNotices } from './notices';

const { users } = schema;

/**
 * `POST /api/admin/users/{id}/mfa/reset {reason}`: another administrator resets a user's second factor after a lost
 * device (never their own: that would let one stolen session drop its own second factor). The user's sessions end;
 * staff set a factor up again at their next sign-in. Audited with the reason and e-mailed to the address on record.
 */
export async function resetSecondFactor(ctx: AppContext, req: FastifyRequest, admin: Auth, userId: number, reason: string) {
  if (userId === admin.user.id) throw forbidden(mfaMessages.cannotResetOwn);
  const [target] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!target) throw notFound(mfaMessages.userNotFound);
  await ctx.db.transaction(async (tx) => {
    await removeFactors(tx, target.id);
    await endAllSessions(tx, target.id);
    await enqueue(tx, mfaNotices.reset(ctx.config, target.email, await organisationName(tx), admin.user.name ?? admin.user.email, reason));
  });
  await audit(ctx.db, req, { action: 'mfa.reset', target: target.email, details: { reason } });
  return { message: mfaMessages.reset(target.email) };
}
