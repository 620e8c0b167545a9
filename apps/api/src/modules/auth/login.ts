import { messages } from '@portal/contract';
import { hashPassword, schema, verifyPassword } from '@portal/db';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { HttpError } from '../../shared/errors';
import { assertUnderLimit, consumeLimit, limits } from '../../shared/rate-limit';
import { sessionFor } from '../../shared/session';
import { sendOtp } from './verification';

// Verified against when the email is unknown, so both paths take the same time.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword('not-a-real-password'));

export class NotVerifiedError extends HttpError {
  constructor(readonly otp: { id: number; phone_no: string }) {
    super(403, messages.accountNotVerified);
  }
}

export async function login(ctx: AppContext, ip: string, email: string, password: string) {
  // Only failed sign-ins count: members who sign in often, or share an office address, are never locked out.
  const ipKey = `login:ip:${ip}`;
  const accountKey = `login:acct:${email}`;
  await assertUnderLimit(ctx.db, ipKey, limits.loginPerIp);
  await assertUnderLimit(ctx.db, accountKey, limits.loginPerAccount);
  const [user] = await ctx.db.select().from(schema.users).where(eq(schema.users.email, email));
  const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), password);
  if (!user || !ok) {
    await consumeLimit(ctx.db, ipKey, limits.loginPerIp);
    await consumeLimit(ctx.db, accountKey, limits.loginPerAccount);
    throw new HttpError(401, messages.invalidCredentials);
  }
  if (!user.emailVerifiedAt) {
    await sendOtp(ctx, user, { quiet: true });
    throw new NotVerifiedError({ id: user.id, phone_no: user.phoneNo ?? '' });
  }
  return sessionFor(ctx.db, ctx.config, user);
}
