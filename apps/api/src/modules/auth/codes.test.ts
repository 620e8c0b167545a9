import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMember, createTestApp, createUser } from '../../../test/harness';
import { CODE_TTL_MINUTES, consumeOwnedCode, consumeTokenCode, issueCode, MAX_WRONG_TRIES, secondsSinceLastCode } from './codes';

const t = await createTestApp();

const INVALID = 'invalid code';

async function codesOf(userId: number) {
  return t.db.select().from(schema.oneTimeCodes).where(eq(schema.oneTimeCodes.userId, userId)).orderBy(schema.oneTimeCodes.id);
}

describe('issueCode', () => {
  it('stores only a hash of the code, with the TTL of its purpose', async () => {
    const user = await createUser(t.db);
    await issueCode(t.db, 'otp', { userId: user.id }, '123456');
    const [row] = await codesOf(user.id);
    expect(row.codeHash).not.toContain('123456');
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.attempts).toBe(0);
    expect(row.consumedAt).toBeNull();
    expect((row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000).toBeCloseTo(CODE_TTL_MINUTES.otp, 0);
    expect(CODE_TTL_MINUTES).toEqual({
      otp: 10,
      activation_link: 10,
      password_reset: 60,
      member_activation: 10,
      application_submit: 10,
      mfa_login: 5,
      passkey_register: 5,
      passkey_sign_in: 5,
      passkey_step_up: 5,
    });
  });

  it('retires the earlier live code of the same purpose and owner only', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    await issueCode(t.db, 'otp', { userId: user.id }, '111111');
    await issueCode(t.db, 'password_reset', { userId: user.id }, 'reset-token');
    await issueCode(t.db, 'otp', { userId: other.id }, '111111');
    await issueCode(t.db, 'otp', { userId: user.id }, '222222');

    await expect(consumeOwnedCode(t.db, 'otp', { userId: user.id }, '111111', INVALID)).rejects.toMatchObject({ statusCode: 400 });
    await expect(consumeOwnedCode(t.db, 'otp', { userId: user.id }, '222222', INVALID)).resolves.toBeUndefined();
    await expect(consumeTokenCode(t.db, 'password_reset', 'reset-token', INVALID)).resolves.toMatchObject({ userId: user.id });
    await expect(consumeOwnedCode(t.db, 'otp', { userId: other.id }, '111111', INVALID)).resolves.toBeUndefined();
  });
});

describe('secondsSinceLastCode', () => {
  it('is null before any code, then the age of the newest', async () => {
    const user = await createUser(t.db);
    expect(await secondsSinceLastCode(t.db, 'otp', { userId: user.id })).toBeNull();
    await issueCode(t.db, 'otp', { userId: user.id }, '123456');
    await t.db
      .update(schema.oneTimeCodes)
      .set({ createdAt: new Date(Date.now() - 90_000) })
      .where(eq(schema.oneTimeCodes.userId, user.id));
    const seconds = await secondsSinceLastCode(t.db, 'otp', { userId: user.id });
    expect(seconds).toBeGreaterThanOrEqual(89);
    expect(seconds).toBeLessThan(100);
  });
});

describe('consumeOwnedCode', () => {
  it('accepts the right code once', async () => {
    const user = await createUser(t.db);
    await issueCode(t.db, 'otp', { userId: user.id }, '123456');
    await consumeOwnedCode(t.db, 'otp', { userId: user.id }, '123456', INVALID);
    expect((await codesOf(user.id))[0].consumedAt).toBeInstanceOf(Date);
    await expect(consumeOwnedCode(t.db, 'otp', { userId: user.id }, '123456', INVALID)).rejects.toMatchObject({
      statusCode: 400,
      message: INVALID,
    });
  });

  it('lets only one of several simultaneous right answers through', async () => {
    for (let round = 0; round < 3; round++) {
      const user = await createUser(t.db);
      await issueCode(t.db, 'otp', { userId: user.id }, '654321');
      const results = await Promise.allSettled(
        Array.from({ length: 4 }, () => consumeOwnedCode(t.db, 'otp', { userId: user.id }, '654321', INVALID)),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ statusCode: 400, message: INVALID });
    }
  });

  it(`counts wrong tries and kills the code at ${MAX_WRONG_TRIES}`, async () => {
    const user = await createUser(t.db);
    await issueCode(t.db, 'otp', { userId: user.id }, '123456');
    for (let i = 1; i < MAX_WRONG_TRIES; i++) {
      await expect(consumeOwnedCode(t.db, 'otp', { userId: user.id }, '000000', INVALID)).rejects.toMatchObject({ statusCode: 400 });
      expect((await codesOf(user.id))[0].attempts).toBe(i);
    }
    await expect(consumeOwnedCode(t.db, 'otp', { userId: user.id }, '000000', INVALID)).rejects.toMatchObject({ statusCode: 429 });
    await expect(consumeOwnedCode(t.db, 'otp', { userId: user.id }, '123456', INVALID)).rejects.toMatchObject({ statusCode: 429 });
    expect((await codesOf(user.id))[0].consumedAt).toBeNull();
  });

  it('never lets simultaneous wrong guesses go past the limit', async () => {
    const user = await createUser(t.db);
    await issueCode(t.db, 'otp', { userId: user.id }, '123456');
    const guesses = Array.from({ length: 12 }, (_, i) => String(100000 + i));
    const results = await Promise.allSettled(guesses.map((g) => consumeOwnedCode(t.db, 'otp', { userId: user.id }, g, INVALID)));
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect((await codesOf(user.id))[0].attempts).toBe(MAX_WRONG_TRIES);
    await expect(consumeOwnedCode(t.db, 'otp', { userId: user.id }, '123456', INVALID)).rejects.toMatchObject({ statusCode: 429 });
  });

  it('refuses an expired code', async () => {
    const user = await createUser(t.db);
    await issueCode(t.db, 'otp', { userId: user.id }, '123456');
    await t.db
      .update(schema.oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(schema.oneTimeCodes.userId, user.id));
    await expect(consumeOwnedCode(t.db, 'otp', { userId: user.id }, '123456', INVALID)).rejects.toMatchObject({ statusCode: 400 });
  });

  it("does not accept one owner's code for another owner or another purpose", async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    await issueCode(t.db, 'otp', { userId: a.id }, '123456');
    await issueCode(t.db, 'otp', { userId: b.id }, '999999');
    await expect(consumeOwnedCode(t.db, 'otp', { userId: b.id }, '123456', INVALID)).rejects.toMatchObject({ statusCode: 400 });
    await expect(consumeOwnedCode(t.db, 'member_activation', { userId: a.id }, '123456', INVALID)).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(consumeOwnedCode(t.db, 'otp', { userId: a.id }, '123456', INVALID)).resolves.toBeUndefined();
  });

  it('works for codes owned by a profile', async () => {
    const { profile } = await createMember(t.db);
    await issueCode(t.db, 'member_activation', { profileId: profile.profileId }, '246810');
    await expect(consumeOwnedCode(t.db, 'member_activation', { profileId: profile.profileId }, '246810', INVALID)).resolves.toBeUndefined();
  });
});

describe('consumeTokenCode', () => {
  it('finds the owner by the token and consumes it once', async () => {
    const user = await createUser(t.db);
    await issueCode(t.db, 'activation_link', { userId: user.id }, 'long-link-token');
    const row = await consumeTokenCode(t.db, 'activation_link', 'long-link-token', INVALID);
    expect(row.userId).toBe(user.id);
    await expect(consumeTokenCode(t.db, 'activation_link', 'long-link-token', INVALID)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('lets only one of several simultaneous uses through', async () => {
    const user = await createUser(t.db);
    await issueCode(t.db, 'password_reset', { userId: user.id }, 'race-token');
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => consumeTokenCode(t.db, 'password_reset', 'race-token', INVALID)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('does not accept a token for another purpose', async () => {
    const user = await createUser(t.db);
    await issueCode(t.db, 'activation_link', { userId: user.id }, 'purpose-token');
    await expect(consumeTokenCode(t.db, 'password_reset', 'purpose-token', INVALID)).rejects.toMatchObject({ statusCode: 400 });
  });
});
