import { type MfaStatus, passkeyMessages, type WebAuthnOptions } from '@portal/contract';
import { schema } from '@portal/db';
import { type AuthenticationResponseJSON, generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { badRequest } from '../../shared/errors';
import { consumeLimit, limits } from '../../shared/rate-limit';
import { type Auth, sessionFor } from '../../shared/session';
import { mfaStatus } from '../mfa/enrolment';
import { finishSignIn, liveTicket, reserveTry, ticketExpired } from '../mfa/sign-in';
import { type ChallengePurpose, keepChallenge, takeChallenge } from './challenges';
import { type PasskeyRow, passkeyByCredentialId, passkeysOf, recordUse, webAuthnCredential } from './passkey-store';
import { relyingParty, userHandle } from './relying-party';

const { sessions, users } = schema;

type Assertion = { response: AuthenticationResponseJSON | Record<string, unknown> };

/** Options for `navigator.credentials.get()`: the account's passkeys, or none (the browser offers its discoverable ones). */
async function assertionOptions(ctx: AppContext, purpose: ChallengePurpose, userId: number | null): Promise<WebAuthnOptions> {
  const allow = userId ? await passkeysOf(ctx.db, userId) : [];
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx.config).rpID,
    allowCredentials: allow.map((row) => ({ id: row.credentialId, transports: row.transports as never })),
    // A passkey alone must prove the person (fingerprint, face, PIN); as a second step after the password, presence is enough.
    userVerification: userId ? 'preferred' : 'required',
  });
  await keepChallenge(ctx.db, purpose, options.challenge, userId);
  return options as unknown as WebAuthnOptions;
}

/**
 * Checks an assertion for `purpose`: the challenge is taken once and must be the one given to `userId` (null: a
 * passkey alone, whoever it belongs to); the passkey must be registered (to that user) and its signature good.
 * Answers the passkey, its use recorded.
 */
async function checkAssertion(ctx: AppContext, purpose: ChallengePurpose, body: Assertion, userId: number | null): Promise<PasskeyRow> {
  const response = body.response as AuthenticationResponseJSON;
  const taken = await takeChallenge(ctx.db, purpose, response.response.clientDataJSON);
  if (!taken || taken.userId !== userId) throw badRequest(passkeyMessages.expired);
  const passkey = await passkeyByCredentialId(ctx.db, response.id);
  if (!passkey || (userId !== null && passkey.userId !== userId)) throw badRequest(passkeyMessages.notRecognised);
  // A discoverable passkey names its account: it must be the one this passkey was made for.
  const handle = response.response.userHandle;
  if (handle && handle !== Buffer.from(userHandle(ctx.config, passkey.userId)).toString('base64url')) {
    throw badRequest(passkeyMessages.notRecognised);
  }
  const { rpID, origin } = relyingParty(ctx.config);
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: taken.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: webAuthnCredential(passkey),
    requireUserVerification: userId === null,
  }).catch(() => null);
  if (!verification?.verified) throw badRequest(passkeyMessages.failed);
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  await recordUse(ctx.db, passkey, newCounter, credentialBackedUp);
  return passkey;
}

/**
 * `POST /api/auth/passkeys/sign-in/options {mfaToken?}`: with the ticket of a password sign-in, its second step
 * (that account's passkeys); without, a sign-in with a passkey alone.
 */
export async function signInOptions(ctx: AppContext, ip: string, mfaToken?: string): Promise<WebAuthnOptions> {
  await consumeLimit(ctx.db, `passkey-options:ip:${ip}`, limits.loginPerIp);
  if (!mfaToken) return assertionOptions(ctx, 'passkey_sign_in', null);
  const ticket = await liveTicket(ctx, mfaToken);
  if (!ticket) throw ticketExpired();
  return assertionOptions(ctx, 'passkey_sign_in', ticket.userId);
}

/**
 * `POST /api/auth/passkeys/sign-in/verify {response, mfaToken?}`: the session, like a login, with the second
 * factor checked now. Alone, the passkey is the whole sign-in: no e-mail, no password.
 */
export async function signInWithPasskey(ctx: AppContext, ip: string, body: Assertion & { mfaToken?: string }) {
  await consumeLimit(ctx.db, `passkey-verify:ip:${ip}`, limits.loginPerIp);
  if (body.mfaToken) {
    const ticket = await liveTicket(ctx, body.mfaToken);
    if (!ticket) throw ticketExpired();
    await reserveTry(ctx, ticket);
    await checkAssertion(ctx, 'passkey_sign_in', body, ticket.userId);
    return (await finishSignIn(ctx, ticket)).session;
  }
  const passkey = await checkAssertion(ctx, 'passkey_sign_in', body, null);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, passkey.userId));
  if (!user?.emailVerifiedAt) throw badRequest(passkeyMessages.notRecognised);
  return sessionFor(ctx.db, ctx.config, user, new Date());
}

/** `POST /api/auth/passkeys/step-up/options`: the caller's passkeys, for a fresh second-factor check. */
export async function stepUpOptions(ctx: AppContext, auth: Auth): Promise<WebAuthnOptions> {
  return assertionOptions(ctx, 'passkey_step_up', auth.user.id);
}

/** `POST /api/auth/passkeys/step-up/verify {response}`: this session checked a second factor now (15 minutes). */
export async function stepUpWithPasskey(ctx: AppContext, auth: Auth, body: Assertion): Promise<MfaStatus> {
  await checkAssertion(ctx, 'passkey_step_up', body, auth.user.id);
  const now = new Date();
  await ctx.db.update(sessions).set({ mfaAt: now }).where(eq(sessions.id, auth.sessionId));
  return mfaStatus(ctx, { ...auth, mfaAt: now });
}
