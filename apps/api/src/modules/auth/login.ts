import { messages } from '@portal/contract';
import { hashPassword, schema, verifyPassword } from '@portal/db';
import { eq } from 'drizzle-orm';
import { solvedOnce } from '../../shared/bot-check';
import type { AppContext } from '../../shared/context';
import { HttpError } from '../../shared/errors';
import { organisationName } from '../../shared/organisation';
import { assertUnderLimit, consumeLimit, limits } from '../../shared/rate-limit';
import { sessionFor, type UserRow } from '../../shared/session';
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

/**
 * Counts a failed sign-in against the account and the address. When the account reaches its limit, its
 * verified owner is told by e-mail, once per window (decision 029). The address's limit still refuses (429).
 */
async function countFailure(ctx: AppContext, ipKey: string, accountKey: string, user: UserRow | undefined) {
  // Past the limit the count stops mattering (the bot check is already asked for): its 429 is not the answer.
  await passes(consumeLimit(ctx.db, accountKey, limits.loginPerAccount));
  if (user?.emailVerifiedAt && !(await passes(assertUnderLimit(ctx.db, accountKey, limits.loginPerAccount)))) {
    const window = { max: 1, windowSeconds: limits.loginPerAccount.windowSeconds };
    if (await passes(consumeLimit(ctx.db, `login:warned:${user.id}`, window))) {
      await enqueue(ctx.db, notices.passwordGuessing(ctx.config, user.email, await organisationName(ctx.db)));
    }
  }
  await consumeLimit(ctx.db, ipKey, limits.loginPerIp);
}

export async function login(ctx: AppContext, ip: string, email: string, password: string, voterToken?: string) {
  // Only failed sign-ins count: members who sign in often, or share an office address, are never locked out.
  const ipKey = `login:ip:${ip}`;
  const accountKey = `login:acct:${email}`;
  await assertUnderLimit(ctx.db, ipKey, limits.loginPerIp);
  // Past the account's limit the right password still signs in, but only with a solved bot check, even when the
  // bot check is off elsewhere: guessing costs work, and nobody can lock a member out by knowing their e-mail.
  const underAccountLimit = await passes(assertUnderLimit(ctx.db, accountKey, limits.loginPerAccount));
  if (!underAccountLimit && !(await solvedOnce(ctx.db, ctx.config, voterToken))) throw new BotCheckRequiredError();
  const [user] = await ctx.db.select().from(schema.users).where(eq(schema.users.email, email));
  const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), password);
  if (!user || !ok) {
    await countFailure(ctx, ipKey, accountKey, user);
    throw new HttpError(401, messages.invalidCredentials);
  }
  if (!user.emailVerifiedAt) {
    await sendOtp(ctx, user, { quiet: true });
    throw new NotVerifiedError({ id: user.id, phone_no: user.phoneNo ?? '' });
  }
  return sessionFor(ctx.db, ctx.config, user);
}
