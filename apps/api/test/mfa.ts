import { schema } from '@portal/db';
import { and, eq } from 'drizzle-orm';
import { totpCode } from '../src/modules/mfa/totp';
import { DEVELOPMENT_SECRET_KEY, openSecret } from '../src/shared/secret-box';
import type { TestApp } from './harness';

const { mfaFactors, users } = schema;

/** The user's authenticator secret (set up or confirmed), as their app holds it. */
export async function totpSecretOf(
  t: Pick<TestApp, 'db'> & { config?: Pick<TestApp['config'], 'mfaKey'> },
  userId: number,
): Promise<string> {
  const [factor] = await t.db
    .select({ secret: mfaFactors.secret })
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.kind, 'totp')));
  if (!factor?.secret) throw new Error(`user ${userId} has no authenticator`);
  // Portals started by a test run in development, with the development key.
  return openSecret(t.config?.mfaKey ?? DEVELOPMENT_SECRET_KEY, factor.secret);
}

/**
 * A fresh code for the user, as if the app showed the next one: the last step used is forgotten first, so a test
 * can sign the same person in twice within 30 seconds (the replay rule itself is tested in mfa.test.ts).
 */
export async function freshCode(t: Pick<TestApp, 'db'> & { config?: Pick<TestApp['config'], 'mfaKey'> }, userId: number): Promise<string> {
  const secret = await totpSecretOf(t, userId);
  await t.db
    .update(mfaFactors)
    .set({ lastUsedStep: null })
    .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.kind, 'totp')));
  return totpCode(secret);
}

/** How a test calls the API: the in-process app (`t.call`) or a real process over HTTP. */
export type ApiCall = (
  method: 'GET' | 'POST',
  url: string,
  options?: { body?: unknown; token?: string; ip?: string },
) => Promise<{ status: number; body: { data?: Record<string, unknown> } & Record<string, unknown> }>;

/** Sets up an authenticator through the API with the session `token`; answers the recovery codes. */
export async function enrolTotp(
  t: Pick<TestApp, 'call'> | { call: ApiCall },
  token: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await (t.call as ApiCall)('POST', '/api/auth/mfa/totp/setup', { token });
  if (setup.status !== 200) throw new Error(`set-up failed: ${JSON.stringify(setup.body)}`);
  const secret = setup.body.data?.secret as string;
  const enabled = await (t.call as ApiCall)('POST', '/api/auth/mfa/totp/enable', { token, body: { code: totpCode(secret) } });
  if (enabled.status !== 200) throw new Error(`enable failed: ${JSON.stringify(enabled.body)}`);
  return { secret, recoveryCodes: enabled.body.data?.recoveryCodes as string[] };
}

/**
 * The second step of a sign-in the harness does for every test: staff (who must have a second factor) are enrolled
 * on their first sign-in and answer a code on later ones, so the rest of the suite signs in with one call.
 */
export async function completeSignIn(
  t: Pick<TestApp, 'db'> & { call: ApiCall },
  email: string,
  data: Record<string, unknown>,
  ip?: string,
): Promise<string> {
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  if (data.mfaRequired) {
    const code = await freshCode(t, user.id);
    const verified = await t.call('POST', '/api/auth/mfa/verify', { body: { mfaToken: data.mfaToken, code }, ip });
    if (verified.status !== 200) throw new Error(`second step failed: ${JSON.stringify(verified.body)}`);
    return verified.body.data?.token as string;
  }
  const token = data.token as string;
  if (user && (user.isAdmin || user.isApprover) && !user.mfaEnabled) await enrolTotp(t, token);
  return token;
}
