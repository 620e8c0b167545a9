import { type MfaChallenge, type MfaMethod, messages, mfaMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../shared/context';
import { badRequest, HttpError } from '../../shared/errors';
import { consumeLimit, limits } from '../../shared/rate-limit';
import { sessionFor, type UserRow } from '../../shared/session';
import { randomToken, sha256 } from '../../shared/tokens';
import { CODE_TTL_MINUTES, MAX_WRONG_TRIES, markConsumed } from '../auth/codes';
import { passkeysOf } from '../passkeys/passkey-store';
import { recoveryCodeUsed } from './enrolment';
import { checkSecondFactor, enabledTotp } from './second-factor';

const { oneTimeCodes, users } = schema;

type Ticket = typeof oneTimeCodes.$inferSelect & { userId: number };

/**
 * The first step of signing in to an account with a second factor, once the password was right: no session, a
 * ticket (mfaToken: 5 minutes, single use, 5 wrong codes end it) and the methods the account has.
 */
export async function startMfaChallenge(ctx: AppContext, user: UserRow): Promise<MfaChallenge> {
  const token = randomToken();
  const [, totp, keys] = await Promise.all([
    ctx.db.insert(oneTimeCodes).values({
      purpose: 'mfa_login',
      userId: user.id,
      codeHash: sha256(token),
      expiresAt: new Date(Date.now() + CODE_TTL_MINUTES.mfa_login * 60_000),
    }),
    enabledTotp(ctx.db, user.id),
    passkeysOf(ctx.db, user.id),
  ]);
  const methods: MfaMethod[] = [...(totp ? ['totp' as const] : []), ...(keys.length ? ['passkey' as const] : []), 'recovery'];
  return { mfaRequired: true, mfaToken: token, methods };
}

export const ticketExpired = () => badRequest(mfaMessages.signInExpired, { mfaToken: [mfaMessages.signInExpired] });

/** The live ticket of a sign-in waiting for its second step, or null (unknown, used or expired). */
export async function liveTicket(ctx: AppContext, token: string): Promise<Ticket | null> {
  const [ticket] = await ctx.db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.purpose, 'mfa_login'), eq(oneTimeCodes.codeHash, sha256(token)), isNull(oneTimeCodes.consumedAt)))
    .limit(1);
  if (!ticket?.userId || ticket.expiresAt.getTime() < Date.now()) return null;
  return ticket as Ticket;
}

/** Reserves a try on the ticket before anything is compared; answers how many it has had, or throws when it is over. */
export async function reserveTry(ctx: AppContext, ticket: Ticket): Promise<number> {
  const [reserved] = await ctx.db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(and(eq(oneTimeCodes.id, ticket.id), isNull(oneTimeCodes.consumedAt), lt(oneTimeCodes.attempts, MAX_WRONG_TRIES)))
    .returning({ attempts: oneTimeCodes.attempts });
  if (!reserved) throw ticketExpired();
  return reserved.attempts;
}

/** The ticket's second step passed: it is used up, and the session is answered with the second factor checked now. */
export async function finishSignIn(ctx: AppContext, ticket: Ticket) {
  if (!(await markConsumed(ctx.db, ticket.id))) throw ticketExpired();
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ticket.userId));
  if (!user) throw ticketExpired();
  return { user, session: await sessionFor(ctx.db, ctx.config, user, new Date()) };
}

/**
 * `POST /api/auth/mfa/verify {mfaToken, code}`: a TOTP or recovery code for the ticket answers the session, like
 * a login, with the second factor checked now. A try is reserved on the ticket before the code is compared, so
 * codes sent at once cannot pass the limit; the fifth wrong one ends it.
 */
export async function verifyMfaChallenge(ctx: AppContext, req: FastifyRequest, token: string, code: string) {
  await consumeLimit(ctx.db, `mfa-verify:ip:${req.ip}`, limits.otpPerIp);
  const ticket = await liveTicket(ctx, token);
  if (!ticket) throw ticketExpired();
  const attempts = await reserveTry(ctx, ticket);
  const method = await checkSecondFactor(ctx, ticket.userId, code);
  if (!method) {
    if (attempts >= MAX_WRONG_TRIES) {
      await markConsumed(ctx.db, ticket.id);
      throw new HttpError(429, messages.tooManyOtpTries, { code: [mfaMessages.signInExpired] });
    }
    throw badRequest(mfaMessages.codeInvalid, { code: [mfaMessages.codeInvalid] });
  }
  const { user, session } = await finishSignIn(ctx, ticket);
  if (method === 'recovery') await recoveryCodeUsed(ctx, req, user);
  return session;
}
