import * as z from 'zod';
import { mfaMessages } from './mfa-values';
import { passkeyMessages } from './passkeys-values';

export * from './passkeys-values';

const b64url = z.string().max(16_384);

/** What `startRegistration()` answers: a new credential with its attestation. */
export const registrationResponseSchema = z.looseObject({
  id: z.string().min(1).max(1_024),
  rawId: z.string().min(1).max(1_024),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: b64url,
    attestationObject: b64url,
    transports: z.array(z.string().max(40)).max(10).optional(),
  }),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.string().max(40).optional(),
});

/** What `startAuthentication()` answers: an assertion signed by a credential. */
export const authenticationResponseSchema = z.looseObject({
  id: z.string().min(1).max(1_024),
  rawId: z.string().min(1).max(1_024),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: z.string().max(1_024).optional(),
  }),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.string().max(40).optional(),
});

/** Options for `navigator.credentials.create/get` as JSON (the challenge and the rest, as the server made them). */
export const webAuthnOptionsSchema = z.looseObject({ challenge: z.string() });
export type WebAuthnOptions = z.infer<typeof webAuthnOptionsSchema>;

/**
 * `POST /api/auth/passkeys/register/options` and `POST /api/auth/passkeys/{id}/remove`: the password (a passkey
 * signs in on its own; removing one also needs a second-factor check in the last 15 minutes).
 */
export const passkeyPasswordRequest = z.object({
  password: z.string({ error: mfaMessages.passwordRequired }).min(1, mfaMessages.passwordRequired).max(200),
});

/** `POST /api/auth/passkeys/register/verify`. */
export const passkeyRegisterRequest = z.object({
  response: registrationResponseSchema,
  name: z.string().trim().max(60, passkeyMessages.nameTooLong).optional(),
});

/** `POST /api/auth/passkeys/sign-in/options`: with the ticket of a password sign-in, its second step; without, a passkey alone. */
export const passkeySignInOptionsRequest = z.object({ mfaToken: z.string().trim().min(1).max(200).optional() });

/** `POST /api/auth/passkeys/sign-in/verify`. */
export const passkeySignInRequest = z.object({
  response: authenticationResponseSchema,
  mfaToken: z.string().trim().min(1, mfaMessages.signInExpired).max(200).optional(),
});

/** `POST /api/auth/passkeys/step-up/verify`. */
export const passkeyAssertionRequest = z.object({ response: authenticationResponseSchema });

/** One of the caller's passkeys, as listed on the Security tab. */
export const passkeySchema = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced by the platform (iCloud Keychain, Google Password Manager) rather than kept on one device. */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** `POST /api/auth/passkeys/register/verify`: the passkey, and recovery codes when it is the account's first factor. */
export const passkeyAddedSchema = z.object({ passkey: passkeySchema, recoveryCodes: z.array(z.string()).nullable() });
export type PasskeyAdded = z.infer<typeof passkeyAddedSchema>;
