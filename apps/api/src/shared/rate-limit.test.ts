import { encodeBase64, messages } from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, createUser, STRONG_PASSWORD, uniqueIp } from '../../test/harness';
import { consumeLimit, limits, releaseLimit, reserveLimit } from './rate-limit';

const t = await createTestApp();

const TOO_MANY = 'Too many attempts. Please wait and try again.';

const login = (email: string, password: string, ip: string) => t.call('POST', '/api/auth/login', { body: { email, password }, ip });

describe('consumeLimit', () => {
  it('allows max hits in the window, then throws 429 with the spec message', async () => {
    const limit = { max: 3, windowSeconds: 60 };
    for (let i = 0; i < 3; i++) await consumeLimit(t.db, 'unit:a', limit);
    await expect(consumeLimit(t.db, 'unit:a', limit)).rejects.toMatchObject({ statusCode: 429, message: TOO_MANY });
    // another key has its own counter
    await expect(consumeLimit(t.db, 'unit:b', limit)).resolves.toBeUndefined();
  });

  it('starts a new window once the old one is over', async () => {
    const limit = { max: 1, windowSeconds: 60 };
    await consumeLimit(t.db, 'unit:c', limit);
    await expect(consumeLimit(t.db, 'unit:c', limit)).rejects.toMatchObject({ statusCode: 429 });
    await t.db
      .update(schema.rateLimits)
      .set({ windowStart: new Date(Date.now() - 61_000) })
      .where(eq(schema.rateLimits.key, 'unit:c'));
    await expect(consumeLimit(t.db, 'unit:c', limit)).resolves.toBeUndefined();
    const [row] = await t.db.select().from(schema.rateLimits).where(eq(schema.rateLimits.key, 'unit:c'));
    expect(row.count).toBe(1);
  });

  it('counts concurrent hits exactly', async () => {
    const limit = { max: 5, windowSeconds: 60 };
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => consumeLimit(t.db, 'unit:d', limit)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(3);
  });
});

describe('reserveLimit', () => {
  it('gives exactly max places to simultaneous callers, and counts nothing for the refused', async () => {
    const limit = { max: 4, windowSeconds: 60 };
    const places = await Promise.all(Array.from({ length: 9 }, () => reserveLimit(t.db, 'unit:r1', limit)));
    expect(places.filter(Boolean)).toHaveLength(4);
    expect(
      places
        .map((p) => p?.count)
        .filter(Boolean)
        .sort(),
    ).toEqual([1, 2, 3, 4]);
    const [row] = await t.db.select().from(schema.rateLimits).where(eq(schema.rateLimits.key, 'unit:r1'));
    expect(row.count).toBe(4);
  });

  it('takes a place back on release, in the same window only', async () => {
    const limit = { max: 1, windowSeconds: 60 };
    const first = await reserveLimit(t.db, 'unit:r2', limit);
    expect(await reserveLimit(t.db, 'unit:r2', limit)).toBeNull();
    await releaseLimit(t.db, first);
    const second = await reserveLimit(t.db, 'unit:r2', limit);
    expect(second).not.toBeNull();
    // A release that reaches a later window leaves it alone.
    await t.db
      .update(schema.rateLimits)
      .set({ windowStart: new Date(Date.now() - 61_000) })
      .where(eq(schema.rateLimits.key, 'unit:r2'));
    const third = await reserveLimit(t.db, 'unit:r2', limit);
    expect(third?.count).toBe(1);
    await releaseLimit(t.db, second);
    expect(await reserveLimit(t.db, 'unit:r2', limit)).toBeNull();
  });
});

describe('login rate limits', () => {
  it('asks the 11th attempt for one account within the window for the bot check, even with the right password (decision 029)', async () => {
    const user = await createUser(t.db);
    expect(limits.loginPerAccount.max).toBe(10);
    for (let i = 0; i < 10; i++) {
      expect((await login(user.email, 'Wr0ng!Pass', uniqueIp())).status).toBe(401);
    }
    const eleventh = await login(user.email, STRONG_PASSWORD, uniqueIp());
    expect(eleventh.status).toBe(403);
    expect(eleventh.body.message).toBe(messages.loginBotCheckRequired);
    expect(eleventh.body).not.toHaveProperty('data');

    // another account is not affected
    const other = await createUser(t.db);
    expect((await login(other.email, STRONG_PASSWORD, uniqueIp())).status).toBe(200);
  });

  it('counts the account whatever the case of the email typed', async () => {
    const user = await createUser(t.db, { email: 'case.limit@example.com' });
    for (let i = 0; i < 10; i++) await login(i % 2 ? 'CASE.LIMIT@example.com' : 'case.limit@example.com', 'Wr0ng!Pass', uniqueIp());
    expect((await login(user.email, STRONG_PASSWORD, uniqueIp())).status).toBe(403);
  });

  it('lets the account in again once the window is over', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 11; i++) await login(user.email, 'Wr0ng!Pass', uniqueIp());
    expect((await login(user.email, STRONG_PASSWORD, uniqueIp())).status).toBe(403);
    await t.db
      .update(schema.rateLimits)
      .set({ windowStart: new Date(Date.now() - (limits.loginPerAccount.windowSeconds + 1) * 1000) })
      .where(eq(schema.rateLimits.key, `login:acct:${user.email}`));
    expect((await login(user.email, STRONG_PASSWORD, uniqueIp())).status).toBe(200);
  });

  it('refuses an address after 30 attempts across different accounts; other addresses still get in', async () => {
    const ip = uniqueIp();
    expect(limits.loginPerIp.max).toBe(30);
    for (let i = 0; i < 30; i++) {
      expect((await login(`spray${i}@example.com`, 'Wr0ng!Pass', ip)).status).toBe(401);
    }
    const user = await createUser(t.db);
    const blocked = await login(user.email, STRONG_PASSWORD, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(TOO_MANY);
    expect((await login(user.email, STRONG_PASSWORD, uniqueIp())).status).toBe(200);
  });
});

describe('other sign-in endpoints are limited too', () => {
  it('password reset: 5 requests per account', async () => {
    const user = await createUser(t.db);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await t.call('POST', '/api/auth/password-reset', { body: { email: user.email }, ip: uniqueIp() })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await t.outboxFor(user.email)).toHaveLength(5);
  });

  it('send-otp: 10 requests per account', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await t.call('GET', '/api/auth/send-otp?user_id=424242', { ip: uniqueIp() })).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('activation request: 5 per membership number', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await t.call('POST', '/api/auth/activation', {
        body: { memberNo: 'LIMIT-1', IdentificationDocumentNo: '12345678' },
        ip: uniqueIp(),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
  });

  it('registration: 20 per address', async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const response = await t.call('POST', '/api/auth/register', {
        ip,
        body: {
          email: `burst${i}@example.com`,
          phone: `07150${String(i).padStart(5, '0')}`,
          id_number: `6${String(i).padStart(7, '0')}`,
          password: STRONG_PASSWORD,
          confirmPassword: STRONG_PASSWORD,
          category: 'ACCREDITED', // refused after the limit check, so nothing is created
          type: 'Individual',
        },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('member search: 60 a minute per address', async () => {
    const ip = uniqueIp();
    const value = encodeURIComponent(encodeBase64('NOBODY'));
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await t.call('GET', `/api/profile/search/member?MemberNo=${value}`, { ip })).status);
    expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect(messages.rateLimited).toBe(TOO_MANY);
  });
});
