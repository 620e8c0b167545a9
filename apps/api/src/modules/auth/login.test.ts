import { messages } from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
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

  it('locks an account for the window after ten failures, even with the right password', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 9; i++) expect((await login(user.email, 'Wrong!Pass1')).status).toBe(401);
    expect((await login(user.email, 'Wrong!Pass1')).status).toBe(401);
    const locked = await login(user.email, STRONG_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(messages.rateLimited);
  });
});
