import { createHmac, timingSafeEqual } from 'node:crypto';
import { parsePhone } from '@portal/contract';
import type { Config } from '../../config';
import { sha256 } from '../../shared/tokens';

/**
 * The number a reply goes to: the sender's, in the stored form ('254722123456'), or null when `from` is no phone
 * number (an alphanumeric sender, a blank): nothing is sent then.
 */
export function replyNumber(from: string): string | null {
  return parsePhone(from);
}

const keys = new WeakMap<Buffer, Buffer>();

/**
 * A phone number as the register checks keep it: HMAC-SHA-256 under a key of its own derived from the server's
 * secret key (MFA_ENCRYPTION_KEY), 128 bits in hex. The same phone gives the same hash (the daily limit, counting
 * checks), but a copy of the database or the logs gives nobody the numbers: Kenya's mobile numbers are few enough to
 * hash them all, which a plain hash would not withstand (decision 059).
 */
export function phoneHash(config: Pick<Config, 'mfaKey'>, phone: string): string {
  let key = keys.get(config.mfaKey);
  if (!key) {
    key = createHmac('sha256', config.mfaKey).update('register checks by SMS and USSD: phone numbers').digest();
    keys.set(config.mfaKey, key);
  }
  const number = parsePhone(phone) ?? phone.trim();
  return createHmac('sha256', key).update(number).digest('hex').slice(0, 32);
}

/** Whether a callback's `?token=` is the configured one (compared in constant time); never without one configured. */
export function callbackTokenAccepted(config: Pick<Config, 'atCallbackToken'>, token: string | undefined): boolean {
  if (!config.atCallbackToken || !token) return false;
  return timingSafeEqual(Buffer.from(sha256(token)), Buffer.from(sha256(config.atCallbackToken)));
}
