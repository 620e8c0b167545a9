import { messages } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { badRequest, HttpError } from '../../shared/errors';
import { sameHash, sha256 } from '../../shared/tokens';

const { oneTimeCodes } = schema;

export type CodePurpose =
  | 'otp'
  | 'activation_link'
  | 'password_reset'
  | 'member_activation'
  | 'application_submit'
  | 'mfa_login'
  | 'passkey_register'
  | 'passkey_sign_in'
  | 'passkey_step_up';

export const CODE_TTL_MINUTES: Record<CodePurpose, number> = {
  otp: 10,
  activation_link: 10,
  password_reset: 60,
  member_activation: 10,
  application_submit: 10,
  mfa_login: 5,
  // WebAuthn challenges (decision 048): single use, for one ceremony.
  passkey_register: 5,
  passkey_sign_in: 5,
  passkey_step_up: 5,
};
export const MAX_WRONG_TRIES = 5;
export const RESEND_WAIT_SECONDS = 60;

type Owner = { userId: number } | { profileId: string };

function ownerFilter(owner: Owner) {
  return 'userId' in owner ? eq(oneTimeCodes.userId, owner.userId) : eq(oneTimeCodes.profileId, owner.profileId);
}

/** Stores a new code (hashed), retiring earlier live codes of the same purpose and owner. */
export async function issueCode(db: Db, purpose: CodePurpose, owner: Owner, code: string) {
  await db
    .update(oneTimeCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(oneTimeCodes.purpose, purpose), ownerFilter(owner), isNull(oneTimeCodes.consumedAt)));
  await db.insert(oneTimeCodes).values({
    purpose,
    ...('userId' in owner ? { userId: owner.userId } : { profileId: owner.profileId }),
    codeHash: sha256(code),
    expiresAt: new Date(Date.now() + CODE_TTL_MINUTES[purpose] * 60_000),
  });
}

/** Seconds since the newest code of this purpose was issued, or null if none. */
export async function secondsSinceLastCode(db: Db, purpose: CodePurpose, owner: Owner): Promise<number | null> {
  const [row] = await db
    .select({ createdAt: oneTimeCodes.createdAt })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.purpose, purpose), ownerFilter(owner)))
    .orderBy(desc(oneTimeCodes.id))
    .limit(1);
  return row ? (Date.now() - row.createdAt.getTime()) / 1000 : null;
}

/**
 * Checks a short code against the owner's live code. Wrong tries count against the code;
 * after MAX_WRONG_TRIES it is dead. On success the code is consumed and cannot be used again.
 */
export async function consumeOwnedCode(db: Db, purpose: CodePurpose, owner: Owner, code: string, invalidMessage: string) {
  const [live] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.purpose, purpose), ownerFilter(owner), isNull(oneTimeCodes.consumedAt)))
    .orderBy(desc(oneTimeCodes.id))
    .limit(1);
  if (!live || live.expiresAt.getTime() < Date.now()) throw badRequest(invalidMessage);
  // Reserve a try before comparing, so guesses sent at the same moment can never exceed the limit.
  const [reserved] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(and(eq(oneTimeCodes.id, live.id), lt(oneTimeCodes.attempts, MAX_WRONG_TRIES)))
    .returning({ attempts: oneTimeCodes.attempts });
  if (!reserved) throw new HttpError(429, messages.tooManyOtpTries);
  if (!sameHash(live.codeHash, sha256(code))) {
    if (reserved.attempts >= MAX_WRONG_TRIES) throw new HttpError(429, messages.tooManyOtpTries);
    throw badRequest(invalidMessage);
  }
  // Two requests with the right code at once: only the one that marks it consumed wins.
  if (!(await markConsumed(db, live.id))) throw badRequest(invalidMessage);
}

/** Finds a live long-token code (link codes identify their owner by the token itself) and consumes it. */
export async function consumeTokenCode(db: Db, purpose: CodePurpose, token: string, invalidMessage: string) {
  const [live] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.purpose, purpose), eq(oneTimeCodes.codeHash, sha256(token))))
    .limit(1);
  if (!live || live.consumedAt || live.expiresAt.getTime() < Date.now()) throw badRequest(invalidMessage);
  const consumed = await markConsumed(db, live.id);
  if (!consumed) throw badRequest(invalidMessage);
  return live;
}

export async function markConsumed(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  return rows.length === 1;
}
