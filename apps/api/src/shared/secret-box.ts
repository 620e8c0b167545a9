import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets kept in the database that the server must read back (authenticator keys), sealed with AES-256-GCM under a
 * key that lives outside it (`MFA_ENCRYPTION_KEY`; decision 047): a copy of the database alone does not give anyone
 * the codes. 'v1:' + base64(iv 12 | tag 16 | ciphertext).
 */
const PREFIX = 'v1:';

/** The development key: fixed, so a local database keeps working across restarts; production must set its own. */
export const DEVELOPMENT_SECRET_KEY = createHash('sha256').update('member-portal development key, never for production').digest();

/** A 32-byte key from hex (64 characters) or base64; throws on anything else. */
export function parseSecretKey(value: string): Buffer {
  const text = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('MFA_ENCRYPTION_KEY must be 32 bytes, written as 64 hex characters or base64');
  return key;
}

export function sealSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
}

/** The secret in the clear; a value stored before sealing existed is answered as it is. Throws when tampered with. */
export function openSecret(key: Buffer, stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  const bytes = Buffer.from(stored.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}
