import { messages } from '@portal/contract';
import { hashPassword, schema } from '@portal/db';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { badRequest } from '../../shared/errors';
import { organisationName } from '../../shared/organisation';
import { consumeLimit, limits } from '../../shared/rate-limit';
import { endAllSessions } from '../../shared/session';
import { randomToken } from '../../shared/tokens';
import { enqueue } from '../outbox/outbox';
import { consumeTokenCode, issueCode } from './codes';
import { notices } from './notices';

const { users, sessions } = schema;

/** Always the same answer, whether or not the email has an account. */
export async function requestPasswordReset(ctx: AppContext, ip: string, email: string) {
  await consumeLimit(ctx.db, `reset:ip:${ip}`, limits.resetPerIp);
  await consumeLimit(ctx.db, `reset:acct:${email}`, limits.resetPerAccount);
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (user) await sendResetLink(ctx, user.id, user.email);
  return { message: messages.resetLinkSent };
}

export async function sendResetLink(ctx: AppContext, userId: number, email: string) {
  const token = randomToken();
  await issueCode(ctx.db, 'password_reset', { userId }, token);
  await enqueue(ctx.db, notices.passwordReset(ctx.config, email, await organisationName(ctx.db), token));
}

/** Sets a new password from a reset link; the link works once and every session of the account ends. */
export async function resetPassword(ctx: AppContext, ip: string, token: string, password: string) {
  await consumeLimit(ctx.db, `reset:ip:${ip}`, limits.resetPerIp);
  const code = await consumeTokenCode(ctx.db, 'password_reset', token, messages.invalidResetLink);
  if (!code.userId) throw badRequest(messages.invalidResetLink);
  await ctx.db
    .update(users)
    // The link reached the account's email, which verifies it too.
    .set({
      passwordHash: await hashPassword(password),
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, code.userId));
  await endAllSessions(ctx.db, code.userId);
  return { message: messages.passwordChanged };
}

/** Signed-in change: other sessions of the account end, this one stays. */
export async function changePassword(ctx: AppContext, userId: number, sessionId: number, password: string) {
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(users.id, userId));
  await ctx.db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, sessionId)));
  return { message: messages.passwordChanged };
}
