import { type Db, schema } from '@portal/db';
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Config } from '../../config';
import { openSecret } from '../../shared/secret-box';
import { redeemRecoveryCode } from './recovery-codes';
import { totpStep } from './totp';

const { mfaFactors } = schema;

export type FactorRow = typeof mfaFactors.$inferSelect;
/** The database and the key that opens the sealed authenticator keys. */
type KeyContext = { db: Db; config: Pick<Config, 'mfaKey'> };

/** The user's confirmed authenticator app, if any. */
export async function enabledTotp(db: Db, userId: number): Promise<FactorRow | null> {
  const [row] = await db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.kind, 'totp'), isNotNull(mfaFactors.enabledAt)));
  return row ?? null;
}

/**
 * Takes a TOTP code for `factor` once: the step it belongs to must be later than the last one used, moved in one
 * conditional update, so a code (or an earlier one) replayed, even at the same moment, is refused.
 */
export async function takeTotpCode(ctx: KeyContext, factor: Pick<FactorRow, 'id' | 'secret'>, code: string): Promise<boolean> {
  if (!factor.secret) return false;
  const step = totpStep(openSecret(ctx.config.mfaKey, factor.secret), code);
  if (step === null) return false;
  const taken = await ctx.db
    .update(mfaFactors)
    .set({ lastUsedStep: step, lastUsedAt: new Date() })
    .where(and(eq(mfaFactors.id, factor.id), or(isNull(mfaFactors.lastUsedStep), lt(mfaFactors.lastUsedStep, step))))
    .returning({ id: mfaFactors.id });
  return taken.length > 0;
}

/** Checks a second factor: a current TOTP code, else a recovery code (used up). Answers which, or null. */
export async function checkSecondFactor(ctx: KeyContext, userId: number, code: string): Promise<'totp' | 'recovery' | null> {
  const factor = await enabledTotp(ctx.db, userId);
  if (factor && (await takeTotpCode(ctx, factor, code))) return 'totp';
  if (await redeemRecoveryCode(ctx.db, userId, code)) return 'recovery';
  return null;
}
