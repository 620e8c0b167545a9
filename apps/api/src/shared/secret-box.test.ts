import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_SECRET_KEY, openSecret, parseSecretKey, sealSecret } from './secret-box';

describe('secret box (decision 047)', () => {
  it('seals a secret so that the stored text does not show it, and opens it with the key only', () => {
    const key = randomBytes(32);
    const sealed = sealSecret(key, 'JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealSecret(key, 'JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(openSecret(key, sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => openSecret(DEVELOPMENT_SECRET_KEY, sealed)).toThrow();
    const tampered = `v1:${Buffer.from(Buffer.from(sealed.slice(3), 'base64').map((b, i) => (i === 40 ? b ^ 1 : b))).toString('base64')}`;
    expect(() => openSecret(key, tampered)).toThrow();
  });

  it('reads a key written as hex or base64, 32 bytes only; a value stored before sealing is read as it is', () => {
    const key = randomBytes(32);
    expect(parseSecretKey(key.toString('hex'))).toEqual(key);
    expect(parseSecretKey(key.toString('base64'))).toEqual(key);
    expect(() => parseSecretKey('short')).toThrow(/32 bytes/);
    expect(openSecret(key, 'JBSWY3DPEHPK3PXP')).toBe('JBSWY3DPEHPK3PXP');
  });
});
