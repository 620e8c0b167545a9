import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with argon2id at the OWASP minimum and answers every one of many sign-ins at once, in turn', async () => {
    const hashed = await hashPassword('Correct-horse-1');
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => verifyPassword(hashed, i % 2 ? 'Correct-horse-1' : 'wrong-password')),
    );
    expect(answers).toEqual([false, true, false, true, false, true]);
    expect(await verifyPassword('not a hash', 'Correct-horse-1')).toBe(false);
  });
});
