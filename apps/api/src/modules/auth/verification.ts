import { messages } from '@portal/contract';
import { schema } from '@portal/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { badRequest, HttpError } from '../../shared/errors';
import { consumeLimit, limits } from '../../shared/rate-limit';
import { sessionFor, type UserRow } from '../../shared/session';
import { sixDigitCode } from '../../shared/tokens';
import { enqueue } from '../outbox/outbox';
import { consumeOwnedCode, consumeTokenCode, issueCode, RESEND_WAIT_SECONDS, secondsSinceLastCode } from './codes';
import { notices } from './notices';

const { users } = schema;

/**
 * Sends a fresh OTP to the user's phone. With `quiet`, a resend inside the wait period is skipped
 * silently (used by login); otherwise it is refused.
 */
export async function sendOtp(ctx: AppContext, user: UserRow, options: { quiet?: boolean } = {}) {
  const since = await secondsSinceLastCode(ctx.db, 'otp', { userId: user.id });
  if (since !== null && since < RESEND_WAIT_SECONDS) {
    if (options.quiet) return;
    throw new HttpError(429, messages.otpResendWait);
  }
  if (!user.phoneNo) throw badRequest(messages.phoneRequired);
  const code = sixDigitCode();
  await issueCode(ctx.db, 'otp', { userId: user.id }, code);
  await enqueue(ctx.db, notices.otp(user.phoneNo, code));
}

/**
 * Sends are counted on their own key: guesses at an account's code (someone else's, perhaps) never stop its owner
 * from getting a new one (issue 24).
 */
export async function resendOtp(ctx: AppContext, ip: string, userId: number) {
  await consumeLimit(ctx.db, `otp:ip:${ip}`, limits.otpPerIp);
  await consumeLimit(ctx.db, `otp-send:acct:${userId}`, limits.otpPerAccount);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  // Same answer for an unknown or already verified account: nothing to send.
  if (!user || user.emailVerifiedAt) return { message: messages.otpSent };
  await sendOtp(ctx, user);
  return { message: messages.otpSent };
}

async function markVerified(ctx: AppContext, userId: number) {
  const [user] = await ctx.db
    .update(users)
    .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning();
  if (user) return user;
  const [already] = await ctx.db.select().from(users).where(eq(users.id, userId));
  return already;
}

/**
 * OTP check: the account is named by id; the 6-digit code alone never identifies an account. Guessing is bounded
 * per code (5 tries, reserved before comparing) and codes by the send limit, so an account takes at most a few
 * dozen guesses per window, while its owner, given a new code, always gets through (issue 24).
 */
export async function verifyOtp(ctx: AppContext, ip: string, userId: number, code: string) {
  await consumeLimit(ctx.db, `otp:ip:${ip}`, limits.otpPerIp);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw badRequest(messages.invalidOtp);
  await consumeOwnedCode(ctx.db, 'otp', { userId }, code, messages.invalidOtp);
  const verified = await markVerified(ctx, userId);
  return sessionFor(ctx.db, ctx.config, verified);
}

/** Activation link from the registration email. */
export async function verifyActivationLink(ctx: AppContext, ip: string, token: string) {
  await consumeLimit(ctx.db, `verify:ip:${ip}`, limits.otpPerIp);
  const code = await consumeTokenCode(ctx.db, 'activation_link', token, messages.activationFailed);
  if (!code.userId) throw badRequest(messages.activationFailed);
  const verified = await markVerified(ctx, code.userId);
  return sessionFor(ctx.db, ctx.config, verified);
}
