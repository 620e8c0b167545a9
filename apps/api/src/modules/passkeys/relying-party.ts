import { createHmac } from 'node:crypto';
import type { Config } from '../../config';

/**
 * The relying party is the portal's public address (`PUBLIC_URL`): its host name is the RP ID passkeys are bound
 * to, its origin the only one an answer may come from. Browsers refuse an IP address as RP ID: a portal reached
 * by IP (`http://127.0.0.1:…`) cannot use passkeys, `http://localhost:…` can.
 */
export function relyingParty(config: Pick<Config, 'publicUrl'>) {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/**
 * The WebAuthn user handle of a user: stable, so one authenticator keeps one passkey per account, and opaque (an
 * HMAC of the id), so the authenticator never holds the e-mail or the database id.
 */
export function userHandle(config: Pick<Config, 'mfaKey'>, userId: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createHmac('sha256', config.mfaKey).update(`webauthn-user:${userId}`).digest());
}

/** A name for a new passkey when none is given, from the browser's user agent: "Passkey on Android". */
export function deviceName(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const platform = [
    [/iPhone|iPad/, 'iPhone or iPad'],
    [/Android/, 'Android'],
    [/Windows/, 'Windows'],
    [/Macintosh|Mac OS X/, 'Mac'],
    [/CrOS/, 'Chromebook'],
    [/Linux/, 'Linux'],
  ] as const;
  const found = platform.find(([pattern]) => pattern.test(ua));
  return found ? `Passkey on ${found[1]}` : 'Passkey';
}
