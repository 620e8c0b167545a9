import { messages } from '@portal/contract';
import { schema } from '@portal/db';
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerApplicant as registerNew } from '../test/auth';
import { quickVoterToken } from '../test/bot-check';
import { createMember, createTestApp, createUser, STRONG_PASSWORD, uniqueIp } from '../test/harness';
import { MAX_WRONG_TRIES } from './modules/auth/codes';
import { refereeFormLimit } from './modules/referees/form';
import { limits } from './shared/rate-limit';

/**
 * Every limit that guards a secret, hit by many requests at once (issue 24): the place is taken before the secret
 * is checked, so however a burst is spread over addresses, no more than the limit are ever checked. A checked
 * attempt answers 401/400/404 (or 200 for the right one); one refused before checking answers 403 or 429.
 */
const t = await createTestApp();

const at = <T>(count: number, make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: count }, (_, i) => make(i)));
function tally(statuses: number[]) {
  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}

const login = (email: string, password: string, ip: string, voterToken?: string) =>
  t.call('POST', '/api/auth/login', { body: { email, password, voterToken }, ip });

async function storedCount(key: string) {
  const [row] = await t.db.select().from(schema.rateLimits).where(eq(schema.rateLimits.key, key));
  return row?.count ?? 0;
}

describe('sign-in under a burst', () => {
  it('checks at most 10 passwords for one account when 100 arrive at once from 4 addresses, the right one among them', async () => {
    const user = await createUser(t.db);
    const addresses = [uniqueIp(), uniqueIp(), uniqueIp(), uniqueIp()];
    const answers = await at(100, (i) => login(user.email, i === 70 ? STRONG_PASSWORD : `Wrong!Pass${i}`, addresses[i % 4]));
    const statuses = tally(answers.map((a) => a.status));
    const checked = (statuses[401] ?? 0) + (statuses[200] ?? 0);
    expect(checked).toBeLessThanOrEqual(limits.loginPerAccount.max);
    expect(checked).toBeGreaterThan(0);
    // Every other attempt was asked for a bot check, password unchecked.
    expect(statuses[403]).toBe(100 - checked);
    expect(answers.filter((a) => a.status === 403).every((a) => a.body.message === messages.loginBotCheckRequired)).toBe(true);
    expect(await storedCount(`login:acct:${user.email}`)).toBeLessThanOrEqual(limits.loginPerAccount.max);
    // The right password, unless it was one of the ten, needs a solution now; with one it signs in.
    expect((await login(user.email, STRONG_PASSWORD, uniqueIp())).status).toBe(403);
    expect((await login(user.email, STRONG_PASSWORD, uniqueIp(), await quickVoterToken(t))).status).toBe(200);
  });

  it('checks at most 10 when 60 arrive at once from one address, and the address keeps its own limit', async () => {
    const user = await createUser(t.db);
    const ip = uniqueIp();
    const answers = await at(60, (i) => login(user.email, `Wrong!Pass${i}`, ip));
    const statuses = tally(answers.map((a) => a.status));
    expect(statuses[401]).toBe(limits.loginPerAccount.max);
    expect(statuses[200]).toBeUndefined();
    // Refusals before the password was checked do not use up the address.
    expect(await storedCount(`login:ip:${ip}`)).toBe(limits.loginPerAccount.max);
  });

  it('never lets the address check more than 30 passwords, whatever accounts they name', async () => {
    const ip = uniqueIp();
    const answers = await at(45, (i) => login(`burst-${i}-${ip}@example.com`, 'Wrong!Pass1', ip));
    const statuses = tally(answers.map((a) => a.status));
    expect(statuses[401]).toBe(limits.loginPerIp.max);
    expect(statuses[429]).toBe(45 - limits.loginPerIp.max);
  });

  it('gives a success back: right passwords at once are never counted against the account or the address', async () => {
    const user = await createUser(t.db);
    const ip = uniqueIp();
    // Places are held while passwords are checked, so only fewer than the limit are sure to find one each.
    const answers = await at(limits.loginPerAccount.max - 2, () => login(user.email, STRONG_PASSWORD, ip));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await storedCount(`login:acct:${user.email}`)).toBe(0);
    expect(await storedCount(`login:ip:${ip}`)).toBe(0);
  });

  it('lets one bot-check solution through once when it is sent many times at once', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 10; i++) expect((await login(user.email, `Wrong!Pass${i}`, uniqueIp())).status).toBe(401);
    const token = await quickVoterToken(t);
    const answers = await at(15, () => login(user.email, STRONG_PASSWORD, uniqueIp(), token));
    const statuses = tally(answers.map((a) => a.status));
    expect(statuses).toEqual({ 200: 1, 403: 14 });
  });
});

const registerApplicant = () => registerNew(t, 5);

const verifyOtp = (id: number, otp_code: string) => t.call('POST', '/api/auth/verify-otp', { body: { id, otp_code }, ip: uniqueIp() });
const wrongCode = (right: string, i = 0) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');

describe('codes under a burst', () => {
  it('checks at most 5 guesses at an OTP sent at once from many addresses, and a new code lets the owner in', async () => {
    const a = await registerApplicant();
    const answers = await at(20, (i) => verifyOtp(a.id, wrongCode(a.otp, i)));
    const statuses = tally(answers.map((r) => r.status));
    expect(statuses[400]).toBeLessThanOrEqual(MAX_WRONG_TRIES);
    expect(statuses[429]).toBeGreaterThanOrEqual(20 - MAX_WRONG_TRIES);
    const dead = await verifyOtp(a.id, a.otp);
    expect(dead.status).toBe(429);
    expect(dead.body.message).toBe(messages.tooManyOtpTries);

    // The owner asks for a new code a minute later: twenty guesses by someone else do not stop the resend.
    await t.db
      .update(schema.oneTimeCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(schema.oneTimeCodes.userId, a.id));
    expect((await t.call('GET', `/api/auth/send-otp?user_id=${a.id}`, { ip: uniqueIp() })).status).toBe(200);
    const fresh = await t.latestCode(a.phone);
    const verified = await verifyOtp(a.id, fresh);
    expect(verified.status).toBe(200);
    expect(verified.body.data.user.id).toBe(a.id);
  });

  it('checks at most 5 activation codes for one member when a dozen arrive at once', async () => {
    const { profile } = await createMember(t.db, { phone: '0733099901', email: 'burst.activation@example.com' });
    const requested = await t.call('POST', '/api/auth/activation', {
      ip: uniqueIp(),
      body: { memberNo: profile.memberNo, IdentificationDocumentNo: profile.identificationDocumentNo },
    });
    expect(requested.status).toBe(200);
    const code = await t.latestCode('burst.activation@example.com');
    const activate = (otp_code: string) =>
      t.call('POST', '/api/auth/activation/activate', {
        body: { email: 'burst.activation@example.com', otp_code, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD },
        ip: uniqueIp(),
      });
    const statuses = tally((await at(12, (i) => activate(wrongCode(code, i)))).map((r) => r.status));
    expect(statuses[400]).toBeLessThanOrEqual(limits.activationPerAccount.max);
    expect(statuses[429]).toBeGreaterThanOrEqual(12 - limits.activationPerAccount.max);
    expect(statuses[200]).toBeUndefined();
  });

  it('checks at most 20 reset links from one address when 30 arrive at once', async () => {
    const ip = uniqueIp();
    const answers = await at(30, (i) =>
      t.call('POST', '/api/auth/password', {
        body: { token: `made-up-reset-token-${i}-${'x'.repeat(30)}`, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD },
        ip,
      }),
    );
    const statuses = tally(answers.map((r) => r.status));
    expect(statuses).toEqual({ 400: limits.resetPerIp.max, 429: 30 - limits.resetPerIp.max });
  });

  it('checks at most the limit of referee links from one address when more arrive at once', async () => {
    const ip = uniqueIp();
    const count = refereeFormLimit.max + 15;
    const answers = await at(count, (i) => t.call('GET', `/api/questions?memberNo=nobody&code=made-up-${i}`, { ip }));
    const statuses = tally(answers.map((r) => r.status));
    expect(statuses[429]).toBe(15);
    expect(count - statuses[429]).toBe(refereeFormLimit.max);
    expect(
      await t.db
        .select()
        .from(schema.rateLimits)
        .where(like(schema.rateLimits.key, `referee-form:ip:${ip}`)),
    ).toHaveLength(1);
  });
});
