import { mfaMessages, type PasskeyAdded, passkeyMessages, type passkeyRegisterRequest, type WebAuthnOptions } from '@portal/contract';
import { schema, verifyPassword } from '@portal/db';
import { generateRegistrationOptions, type RegistrationResponseJSON, verifyRegistrationResponse } from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { audit } from '../../shared/audit';
import type { AppContext } from '../../shared/context';
import { badRequest, conflict, forbidden } from '../../shared/errors';
import { organisationName } from '../../shared/organisation';
import { consumeLimit, limits } from '../../shared/rate-limit';
import type { Auth } from '../../shared/session';
import { issueRecoveryCodes } from '../mfa/recovery-codes';
import { enqueue } from '../outbox/outbox';
import { keepChallenge, takeChallenge } from './challenges';
import { passkeyNotices } from './notices';
import { passkeysOf, toPasskeyDto } from './passkey-store';
import { deviceName, relyingParty, userHandle } from './relying-party';

const { passkeys, sessions, users } = schema;

/**
 * A passkey signs in on its own, so adding or removing one asks for the password (a borrowed or stolen session is
 * not enough), never from a "log in as" session.
 */
export async function confirmPassword(ctx: AppContext, auth: Auth, password: string): Promise<void> {
  if (auth.impersonatorId) throw forbidden(mfaMessages.impersonated);
  await consumeLimit(ctx.db, `passkey-password:${auth.user.id}`, limits.loginPerAccount);
  if (!(await verifyPassword(auth.user.passwordHash, password))) {
    throw badRequest(mfaMessages.passwordWrong, { password: [mfaMessages.passwordWrong] });
  }
}

/**
 * `POST /api/auth/passkeys/register/options {password}`: what `navigator.credentials.create()` needs for a new,
 * discoverable passkey (so it can sign in without the e-mail), excluding the ones this account has.
 */
export async function registrationOptions(ctx: AppContext, auth: Auth, password: string): Promise<WebAuthnOptions> {
  await confirmPassword(ctx, auth, password);
  const existing = await passkeysOf(ctx.db, auth.user.id);
  const options = await generateRegistrationOptions({
    rpName: await organisationName(ctx.db),
    rpID: relyingParty(ctx.config).rpID,
    userName: auth.user.email,
    userDisplayName: auth.user.name ?? auth.user.email,
    userID: userHandle(ctx.config, auth.user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await keepChallenge(ctx.db, 'passkey_register', options.challenge, auth.user.id);
  return options as unknown as WebAuthnOptions;
}

/**
 * `POST /api/auth/passkeys/register/verify {response, name?}`: the new passkey, checked against the challenge this
 * account was given. It is a second factor: the first one turns two-step sign-in on and answers the ten recovery
 * codes, once. Audited and e-mailed.
 */
export async function addPasskey(
  ctx: AppContext,
  req: FastifyRequest,
  auth: Auth,
  body: z.infer<typeof passkeyRegisterRequest>,
): Promise<PasskeyAdded> {
  if (auth.impersonatorId) throw forbidden(mfaMessages.impersonated);
  const taken = await takeChallenge(ctx.db, 'passkey_register', body.response.response.clientDataJSON);
  if (!taken || taken.userId !== auth.user.id) throw badRequest(passkeyMessages.expired);
  const { rpID, origin } = relyingParty(ctx.config);
  const verification = await verifyRegistrationResponse({
    response: body.response as unknown as RegistrationResponseJSON,
    expectedChallenge: taken.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified || !verification.registrationInfo) throw badRequest(passkeyMessages.failed);
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;

  const name = body.name || deviceName(req.headers['user-agent']);
  const now = new Date();
  const firstFactor = !auth.user.mfaEnabled;
  const added = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId: auth.user.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        name,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await tx.update(users).set({ mfaEnabled: true, updatedAt: now }).where(eq(users.id, auth.user.id));
    await tx.update(sessions).set({ mfaAt: now }).where(eq(sessions.id, auth.sessionId));
    const recoveryCodes = firstFactor ? await issueRecoveryCodes(tx, auth.user.id) : null;
    await enqueue(tx, passkeyNotices.added(ctx.config, auth.user.email, await organisationName(tx), name));
    return { passkey: toPasskeyDto(row), recoveryCodes };
  });
  if (!added) throw conflict(passkeyMessages.alreadyAdded);
  await audit(ctx.db, req, { action: 'passkey.added', target: auth.user.email, details: { name } });
  return added;
}
