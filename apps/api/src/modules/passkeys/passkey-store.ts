import type { Passkey } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import type { WebAuthnCredential } from '@simplewebauthn/server';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';

const { mfaFactors, mfaRecoveryCodes, passkeys, users } = schema;

export type PasskeyRow = typeof passkeys.$inferSelect;

export async function passkeysOf(db: Db, userId: number): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));
}

export async function passkeyByCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | null> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row ?? null;
}

export function toPasskeyDto(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    backedUp: row.backedUp,
  };
}

/** The stored passkey as `@simplewebauthn/server` checks an assertion against it. */
export function webAuthnCredential(row: PasskeyRow): WebAuthnCredential {
  return {
    id: row.credentialId,
    publicKey: new Uint8Array(row.publicKey),
    counter: row.counter,
    transports: row.transports as WebAuthnCredential['transports'],
  };
}

/** A passkey signed in: its counter moves on and it was last used now. */
export async function recordUse(db: Db, row: PasskeyRow, counter: number, backedUp: boolean): Promise<void> {
  await db
    .update(passkeys)
    .set({ counter: sql`greatest(${passkeys.counter}, ${counter})`, backedUp, lastUsedAt: new Date() })
    .where(eq(passkeys.id, row.id));
}

/**
 * After a factor was added or removed: `users.mfa_enabled` says whether one is left (a confirmed authenticator app
 * or a passkey); with none left the recovery codes go too. Answers whether one is left.
 */
export async function refreshSecondFactor(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({
      totp: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(mfaFactors)
        .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.kind, 'totp'), isNotNull(mfaFactors.enabledAt)))})`,
      passkey: sql<boolean>`exists (${db.select({ one: sql`1` }).from(passkeys).where(eq(passkeys.userId, userId))})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  const enabled = Boolean(row?.totp || row?.passkey);
  await db.update(users).set({ mfaEnabled: enabled, updatedAt: new Date() }).where(eq(users.id, userId));
  if (!enabled) await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  return enabled;
}
