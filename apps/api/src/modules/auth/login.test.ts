import { encodeBase64, messages } from '@portal/contract';
import { schema } from '@portal/db';
import { createChallenge } from 'altcha-lib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quickVoterToken, solve } from '../../../test/bot-check';
import { createTestApp, createUser, STRONG_PASSWORD, uniqueIp } from '../../../test/harness';

const t = await createTestApp();

const login = (email: string, password: string, ip = uniqueIp()) => t.call('POST', '/api/auth/login', { body: { email, password }, ip });

describe('POST /api/auth/login', () => {
  it('signs in a verified user and returns a working session', async () => {
    const user = await createUser(t.db, { email: 'wanjiku@example.com' });
    const response = await login('wanjiku@example.com', STRONG_PASSWORD);
    expect(response.status).toBe(200);
    const { token, user: dto, expires_at } = response.body.data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(expires_at).getTime()).toBeGreaterThan(Date.now());
    expect(dto).toMatchObject({ id: user.id, email: 'wanjiku@example.com', type: 'Individual', is_admin: false, profile_id: null });
    expect(dto).not.toHaveProperty('password_hash');
    expect(dto).not.toHaveProperty('passwordHash');

    const me = await t.call('GET', '/api/auth/user', { token });
    expect(me.status).toBe(200);
    expect(me.body.data.id).toBe(user.id);
  });

  it('stores only a hash of the session token', async () => {
    const user = await createUser(t.db);
    const response = await login(user.email, STRONG_PASSWORD);
    const rows = await t.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).not.toBe(response.body.data.token);
    expect(rows[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('matches the email whatever its case', async () => {
    await createUser(t.db, { email: 'kamau@example.com' });
    const response = await login('  Kamau@Example.COM ', STRONG_PASSWORD);
    expect(response.status).toBe(200);
  });

  it("answers 401 'Invalid email or password' for a wrong password", async () => {
    const user = await createUser(t.db);
    const response = await login(user.email, 'Wr0ng!Pass');
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Invalid email or password');
    expect(response.body).not.toHaveProperty('data');
  });

  it('answers exactly the same for an unknown email', async () => {
    const user = await createUser(t.db);
    const wrongPassword = await login(user.email, 'Wr0ng!Pass');
    const unknown = await login('nobody-here@example.com', 'Wr0ng!Pass');
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrongPassword.body);
  });

  it('refuses an unverified account with 403, an OTP ticket and a fresh OTP by SMS', async () => {
    const user = await createUser(t.db, { verified: false, phone: '254722000101' });
    const response = await login(user.email, STRONG_PASSWORD);
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(messages.accountNotVerified);
    expect(response.body.otp).toEqual({ id: user.id, phone_no: '254722000101' });
    expect(response.body).not.toHaveProperty('data');

    const sms = await t.outboxFor('254722000101');
    expect(sms).toHaveLength(1);
    expect(sms[0].channel).toBe('sms');
    const code = await t.latestCode('254722000101');

    // The OTP sent at login verifies the account.
    const verified = await t.call('POST', '/api/auth/verify-otp', { body: { id: user.id, otp_code: code }, ip: uniqueIp() });
    expect(verified.status).toBe(200);
    expect((await login(user.email, STRONG_PASSWORD)).status).toBe(200);
  });

  it('does not send a second OTP within a minute of the last', async () => {
    const user = await createUser(t.db, { verified: false, phone: '254722000102' });
    expect((await login(user.email, STRONG_PASSWORD)).status).toBe(403);
    const again = await login(user.email, STRONG_PASSWORD);
    expect(again.status).toBe(403);
    expect(again.body.otp.id).toBe(user.id);
    expect(await t.outboxFor('254722000102')).toHaveLength(1);
  });

  it('does not reveal that an unverified account exists to a wrong password', async () => {
    const user = await createUser(t.db, { verified: false, phone: '254722000103' });
    const response = await login(user.email, 'Wr0ng!Pass');
    expect(response.status).toBe(401);
    expect(response.body.message).toBe(messages.invalidCredentials);
    expect(await t.outboxFor('254722000103')).toHaveLength(0);
  });

  it('answers the spec messages for an empty form', async () => {
    const response = await t.call('POST', '/api/auth/login', { body: { email: '', password: '' }, ip: uniqueIp() });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('E-mail is required');
    expect(response.body.errors.email[0]).toBe('E-mail is required');
    expect(response.body.errors.password).toEqual(['Password is required']);
  });
});

describe('sign-in limits', () => {
  it('never counts successful sign-ins, from one account or one office address', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 35; i++) expect((await login(user.email, STRONG_PASSWORD, '10.9.9.9')).status).toBe(200);
  });

  it('keeps asking nothing more than the password before the tenth failure', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 9; i++) expect((await login(user.email, 'Wrong!Pass1')).status).toBe(401);
    expect((await login(user.email, STRONG_PASSWORD)).status).toBe(200);
  });

  it('still refuses an address after 30 failures (429), whatever account it tries next', async () => {
    const ip = uniqueIp();
    // Thirty different accounts, so no account reaches its own limit.
    for (let i = 0; i < 30; i++) expect((await login(`nobody-${i}-${ip}@example.com`, 'Wrong!Pass1', ip)).status).toBe(401);
    const user = await createUser(t.db);
    const refused = await login(user.email, STRONG_PASSWORD, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(messages.rateLimited);
    expect((await login(user.email, STRONG_PASSWORD)).status).toBe(200);
  });
});

describe('an account past ten failed sign-ins (decision 029)', () => {
  // The test app has the bot check off (BOT_CHECK unset): the account's requirement applies all the same.
  const withToken = (email: string, password: string, voterToken?: string, ip = uniqueIp()) =>
    t.call('POST', '/api/auth/login', { body: { email, password, voterToken }, ip });

  async function guessedTenTimes(email?: string) {
    const user = await createUser(t.db, email ? { email } : {});
    for (let i = 0; i < 10; i++) expect((await login(user.email, `Wrong!Pass${i}`)).status).toBe(401);
    return user;
  }

  function expectBotCheckAsked(response: { status: number; body: { message: string; errors?: Record<string, string[]> } }) {
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(messages.loginBotCheckRequired);
    expect(response.body.errors).toEqual({ voterToken: [messages.loginBotCheckRequired] });
  }

  it('asks the right password for a solved bot check (a distinct 403), and signs in with one', async () => {
    expect(t.config.botCheck).toBe(false);
    const user = await guessedTenTimes();
    const asked = await login(user.email, STRONG_PASSWORD);
    expectBotCheckAsked(asked);
    expect(asked.body).not.toHaveProperty('data');
    // A wrong password without a solution gets the same answer: nothing is learnt about the password.
    expect((await login(user.email, 'Wrong!Pass1')).body).toEqual(asked.body);

    const signedIn = await withToken(user.email, STRONG_PASSWORD, await quickVoterToken(t));
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user.id).toBe(user.id);
    const me = await t.call('GET', '/api/auth/user', { token: signedIn.body.data.token });
    expect(me.status).toBe(200);
  });

  it('refuses a bad, forged, expired or already used solution', async () => {
    const user = await guessedTenTimes();
    expectBotCheckAsked(await withToken(user.email, STRONG_PASSWORD, 'garbage'));
    const good = JSON.parse(atob(await quickVoterToken(t)));
    expectBotCheckAsked(await withToken(user.email, STRONG_PASSWORD, encodeBase64(JSON.stringify({ ...good, number: good.number + 1 }))));
    const forged = await createChallenge({ hmacKey: 'not-the-server-key', maxNumber: 1000 });
    expectBotCheckAsked(await withToken(user.email, STRONG_PASSWORD, await solve(forged)));
    const expired = await createChallenge({ hmacKey: t.config.altchaHmacKey, maxNumber: 1000, expires: new Date(Date.now() - 1000) });
    expectBotCheckAsked(await withToken(user.email, STRONG_PASSWORD, await solve(expired)));

    const token = await quickVoterToken(t);
    expect((await withToken(user.email, STRONG_PASSWORD, token)).status).toBe(200);
    // Each solution works once: a replay is asked for a new one.
    expectBotCheckAsked(await withToken(user.email, STRONG_PASSWORD, token));
  });

  it('answers a wrong password with a solution 401, and the next try needs a new solution', async () => {
    const user = await guessedTenTimes();
    const wrong = await withToken(user.email, 'Wrong!Pass1', await quickVoterToken(t));
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(messages.invalidCredentials);
    expectBotCheckAsked(await login(user.email, STRONG_PASSWORD));
    expect((await withToken(user.email, STRONG_PASSWORD, await quickVoterToken(t))).status).toBe(200);
  });

  it('tells the member once, by e-mail to the address on record, that someone is guessing the password', async () => {
    const user = await guessedTenTimes('guessed.member@example.com');
    const warned = await t.outboxFor('guessed.member@example.com');
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({ channel: 'email', to: 'guessed.member@example.com' });
    expect(warned[0].subject).toMatch(/Failed sign-ins/);
    expect(warned[0].body).toContain('someone may be trying to guess your password');
    expect(warned[0].body).toContain('http://portal.test/forgot-password');
    expect(warned[0].body).not.toContain(STRONG_PASSWORD);

    // More failures in the window (with solutions, typed in another case) send nothing more.
    for (let i = 0; i < 3; i++) {
      expect((await withToken('  Guessed.Member@EXAMPLE.com', 'Wrong!Pass1', await quickVoterToken(t))).status).toBe(401);
    }
    expect(await login(user.email, 'Wrong!Pass1')).toMatchObject({ status: 403 });
    expect(await t.outboxFor('guessed.member@example.com')).toHaveLength(1);
  });

  it('answers an unknown e-mail the same way and sends no e-mail', async () => {
    const before = (await t.db.select().from(schema.outbox)).length;
    for (let i = 0; i < 10; i++) expect((await login('nobody-guessed@example.com', 'Wrong!Pass1')).status).toBe(401);
    expectBotCheckAsked(await login('nobody-guessed@example.com', 'Wrong!Pass1'));
    expect((await withToken('nobody-guessed@example.com', 'Wrong!Pass1', await quickVoterToken(t))).status).toBe(401);
    expect((await t.db.select().from(schema.outbox)).length).toBe(before);
  });

  it('keeps the address limit: a bot-check solution does not lift it', async () => {
    const user = await guessedTenTimes();
    const ip = uniqueIp();
    for (let i = 0; i < 30; i++) expect((await login(`nobody-${i}-${ip}@example.com`, 'Wrong!Pass1', ip)).status).toBe(401);
    const refused = await withToken(user.email, STRONG_PASSWORD, await quickVoterToken(t), ip);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(messages.rateLimited);
  });
});
