import { messages } from '@portal/contract';
import { hashPassword, schema, verifyPassword } from '@portal/db';
import { eq } from 'drizzle-orm';
import { solvedOnce } from '../../shared/bot-check';
import type { AppContext } from '../../shared/context';
import { HttpError } from '../../shared/errors';
import { organisationName } from '../../shared/organisation';
import { consumeLimit, limits, releaseLimit, reserveLimit } from '../../shared/rate-limit';
import { sessionFor, type UserRow } from '../../shared/session';
import { startMfaChallenge } from '../mfa/sign-in';
import { enqueue } from '../outbox/outbox';
import { notices } from './notices';
import { sendOtp } from './verification';

// Verified against when the email is unknown, so both paths take the same time.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword('not-a-real-password'));

export class NotVerifiedError extends HttpError {
  constructor(readonly otp: { id: number; phone_no: string }) {
    super(403, messages.accountNotVerified);
  }
}

/** 403 with `errors.voterToken`: the account is past its failed sign-ins, so a solved bot check must come along. */
export class BotCheckRequiredError extends HttpError {
  constructor() {
    super(403, messages.loginBotCheckRequired, { voterToken: [messages.loginBotCheckRequired] });
  }
}

/** Whether a limit check passes, for the calls whose 429 is an answer rather than a refusal. */
async function passes(check: Promise<void>): Promise<boolean> {
  try {
    await check;
    return true;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 429) return false;
    throw error;
  }
}

/** The verified owner of an account that has just reached its limit is told by e-mail, once per window (decision 029). */
async function warnOwner(ctx: AppContext, user: UserRow) {
  const window = { max: 1, windowSeconds: limits.loginPerAccount.windowSeconds };
  if (await passes(consumeLimit(ctx.db, `login:warned:${user.id}`, window))) {
    await enqueue(ctx.db, notices.passwordGuessing(ctx.config, user.email, await organisationName(ctx.db)));
  }
}

/**
 * A password is checked only after its attempt has taken a place in the address's window and in the account's
 * (or brought a solved bot check), atomically (shared/rate-limit.ts reserveLimit): however many arrive at once
 * and from however many addresses, at most 10 passwords per account per window are checked without a bot check
 * (issue 24). Only failures count: a success gives its places back.
 */
export async function login(ctx: AppContext, ip: string, email: string, password: string, voterToken?: string) {
  const byAddress = await reserveLimit(ctx.db, `login:ip:${ip}`, limits.loginPerIp);
  if (!byAddress) throw new HttpError(429, messages.rateLimited);
  // Past the account's limit the right password still signs in, but only with a solved bot check, even when the
  // bot check is off elsewhere: guessing costs work, and nobody can lock a member out by knowing their e-mail.
  // The account row is read while its place is taken (reading it checks nothing): one wait for the database fewer.
  const [byAccount, [user]] = await Promise.all([
    reserveLimit(ctx.db, `login:acct:${email}`, limits.loginPerAccount),
    ctx.db.select().from(schema.users).where(eq(schema.users.email, email)),
  ]);
  if (!byAccount && !(await solvedOnce(ctx.db, ctx.config, voterToken))) {
    await releaseLimit(ctx.db, byAddress);
    throw new BotCheckRequiredError();
  }
  const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), password);
  if (!user || !ok) {
    if (user?.emailVerifiedAt && byAccount?.count === limits.loginPerAccount.max) await warnOwner(ctx, user);
    throw new HttpError(401, messages.invalidCredentials);
  }
  // The places are given back while the rest runs; the answer waits for both.
  const released = Promise.all([releaseLimit(ctx.db, byAddress), releaseLimit(ctx.db, byAccount)]);
  // Handled below, in `finally`; this only keeps a failure meanwhile from counting as unhandled.
  released.catch(() => {});
  try {
    if (!user.emailVerifiedAt) {
      await sendOtp(ctx, user, { quiet: true });
      throw new NotVerifiedError({ id: user.id, phone_no: user.phoneNo ?? '' });
    }
    // A second factor on: no session until its code (auth/mfa/verify; decision 047).
    if (user.mfaEnabled) return await startMfaChallenge(ctx, user);
    return await sessionFor(ctx.db, ctx.config, user);
  } finally {
    await released;
  }
}
