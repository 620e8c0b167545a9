import * as z from 'zod';
import { MFA_METHODS, mfaMessages } from './mfa-values';
import { passkeySchema } from './passkeys';

export * from './mfa-values';

const code = z.string({ error: mfaMessages.codeRequired }).trim().min(1, mfaMessages.codeRequired).max(40, mfaMessages.codeInvalid);

/** `POST /api/auth/login` for an account with a second factor: no session yet, a ticket for the second step. */
export const mfaChallengeSchema = z.object({
  mfaRequired: z.literal(true),
  /** Single use, 5 minutes, 5 wrong codes end it. */
  mfaToken: z.string(),
  methods: z.array(z.enum(MFA_METHODS)),
});
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

/** `POST /api/auth/mfa/verify`: the ticket and a TOTP or recovery code. */
export const mfaVerifyRequest = z.object({ mfaToken: z.string().trim().min(1, mfaMessages.signInExpired).max(200), code });
export type MfaVerifyRequest = z.infer<typeof mfaVerifyRequest>;

/** `POST /api/auth/mfa/totp/setup`: a new secret waiting for its first code. */
export const totpSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as an SVG QR code (a data: URL), for the authenticator app to scan. */
  qrCode: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** A code from the authenticator app (enable, step-up). */
export const mfaCodeRequest = z.object({ code });
export type MfaCodeRequest = z.infer<typeof mfaCodeRequest>;

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** Turning two-step sign-in off: the password and a current code. */
export const totpRemoveRequest = z.object({
  password: z.string({ error: mfaMessages.passwordRequired }).min(1, mfaMessages.passwordRequired).max(200),
  code,
});
export type TotpRemoveRequest = z.infer<typeof totpRemoveRequest>;

/** `GET /api/auth/mfa`: the caller's second factors. */
export const mfaStatusSchema = z.object({
  totp: z.object({ enabledAt: z.string(), lastUsedAt: z.string().nullable() }).nullable(),
  passkeys: z.array(passkeySchema),
  recoveryCodesLeft: z.number(),
  /** Staff must have a second factor (issue 25). */
  required: z.boolean(),
  /** When this session last checked a second factor (step-up lasts 15 minutes). */
  verifiedAt: z.string().nullable(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/** `POST /api/admin/users/{id}/mfa/reset`: another administrator resets a staff member's second factor. */
export const mfaResetRequest = z.object({
  reason: z.string({ error: mfaMessages.reasonRequired }).trim().min(1, mfaMessages.reasonRequired).max(500),
});
export type MfaResetRequest = z.infer<typeof mfaResetRequest>;
