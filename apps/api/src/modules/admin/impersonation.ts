import { adminMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../shared/audit';
import type { AppContext } from '../../shared/context';
import { badRequest, forbidden, notFound } from '../../shared/errors';
import { createSession, endSession, toUserDto } from '../../shared/session';

const { users } = schema;

/**
 * "Log in as": a separate, short-lived session for the member, marked with the administrator's id.
 * The administrator's own session is untouched, so returning needs no new sign-in.
 */
export async function startImpersonation(ctx: AppContext, request: FastifyRequest, targetId: number) {
  const admin = request.auth?.user;
  if (!admin) throw forbidden(adminMessages.cannotImpersonate);
  const [target] = await ctx.db.select().from(users).where(eq(users.id, targetId));
  if (!target) throw notFound(adminMessages.userNotFound);
  if (target.isAdmin || target.isApprover) throw forbidden(adminMessages.cannotImpersonate);
  const { token, expiresAt } = await createSession(ctx.db, ctx.config, target.id, admin.id);
  await audit(ctx.db, request, { action: 'impersonation.started', target: `user:${target.id}`, details: { email: target.email } });
  return {
    token,
    user: toUserDto(target, ctx.config),
    expires_at: expiresAt.toISOString(),
    impersonator: { id: admin.id, email: admin.email, name: admin.name },
  };
}

/** Called with the "log in as" token: ends that session and records the return. */
export async function endImpersonation(ctx: AppContext, request: FastifyRequest) {
  const auth = request.auth;
  if (!auth?.impersonator) throw badRequest(adminMessages.notImpersonating);
  await endSession(ctx.db, auth.sessionId);
  await audit(ctx.db, request, { action: 'impersonation.ended', target: `user:${auth.user.id}`, details: { email: auth.user.email } });
  return { message: 'Returned to the administrator session' };
}
