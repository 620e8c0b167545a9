import { type Db, schema } from '@portal/db';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { sha256 } from '../../shared/tokens';
import { CODE_TTL_MINUTES } from '../auth/codes';

const { oneTimeCodes } = schema;

export type ChallengePurpose = 'passkey_register' | 'passkey_sign_in' | 'passkey_step_up';

/**
 * A WebAuthn challenge is kept (hashed, 5 minutes) in `one_time_codes` for the ceremony it was made for, with the
 * user it is for (none for a sign-in with a passkey alone), and taken once: an answer can never be replayed, on any
 * instance, even sent twice at the same moment.
 */
export async function keepChallenge(db: Db, purpose: ChallengePurpose, challenge: string, userId: number | null): Promise<void> {
  await db.insert(oneTimeCodes).values({
    purpose,
    userId,
    codeHash: sha256(challenge),
    expiresAt: new Date(Date.now() + CODE_TTL_MINUTES[purpose] * 60_000),
  });
}

/** The challenge the browser signed, read from its client data (base64url JSON); null when it cannot be read. */
export function signedChallenge(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length > 0 && data.challenge.length <= 512 ? data.challenge : null;
  } catch {
    return null;
  }
}

/** Takes the live challenge an answer signed, once: answers it and whom it was for, or null (unknown, used, expired). */
export async function takeChallenge(
  db: Db,
  purpose: ChallengePurpose,
  clientDataJSON: string,
): Promise<{ challenge: string; userId: number | null } | null> {
  const challenge = signedChallenge(clientDataJSON);
  if (!challenge) return null;
  const [taken] = await db
    .update(oneTimeCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(oneTimeCodes.purpose, purpose),
        eq(oneTimeCodes.codeHash, sha256(challenge)),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, new Date()),
      ),
    )
    .returning({ userId: oneTimeCodes.userId });
  return taken ? { challenge, userId: taken.userId } : null;
}
