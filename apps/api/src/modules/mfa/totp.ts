import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;

function totp(secret: string, label = 'account', issuer = 'Member portal'): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32 as apps take it typed. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app scans: the organisation as issuer, the e-mail as account. */
export function otpauthUrl(secret: string, issuer: string, account: string): string {
  return totp(secret, account, issuer).toString();
}

/** The time step `now` falls in. */
export function currentStep(now = Date.now()): number {
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
}

/** The step a code belongs to, within one step either side of now (clocks drift), or null when it is not a code. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp(secret).validate({ token, timestamp: now, window: 1 });
  return delta === null ? null : currentStep(now) + delta;
}

/** The code for `now` (tests and the demo helpers compute codes this way). */
export function totpCode(secret: string, now = Date.now()): string {
  return totp(secret).generate({ timestamp: now });
}
