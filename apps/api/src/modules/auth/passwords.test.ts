import { messages } from '@portal/contract';
import { schema } from '@portal/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, createUser, STRONG_PASSWORD, signIn, uniqueIp } from '../../../test/harness';

const t = await createTestApp();

const NEW_PASSWORD = 'N3w~Secret;';

const requestReset = (email: string) => t.call('POST', '/api/auth/password-reset', { body: { email }, ip: uniqueIp() });
const setWithToken = (token: string, password = NEW_PASSWORD, confirmPassword = password) =>
  t.call('POST', '/api/auth/password', { body: { token, password, confirmPassword }, ip: uniqueIp() });
const login = (email: string, password: string) => t.call('POST', '/api/auth/login', { body: { email, password }, ip: uniqueIp() });

/** Asks for a reset link for `email` and returns the token in it. */
async function resetToken(email: string): Promise<string> {
  expect((await requestReset(email)).status).toBe(200);
  const link = await t.latestLink(email);
  expect(link).toMatch(/^\/password\/[A-Za-z0-9_-]{43}$/);
  return link.replace('/password/', '');
}

describe('POST /api/auth/password-reset', () => {
  it('sends a reset link by email to a known address', async () => {
    const user = await createUser(t.db);
    const response = await requestReset(user.email);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ message: 'If an account exists for this email, a password reset link has been sent.' });
    const [mail] = await t.outboxFor(user.email);
    expect(mail.channel).toBe('email');
    expect(mail.subject).toMatch(/Reset your .* portal password/);
    expect(mail.body).toContain('http://portal.test/password/');
  });

  it('answers an unknown email exactly the same, and sends it nothing', async () => {
    const user = await createUser(t.db);
    const known = await requestReset(user.email);
    const unknown = await requestReset('no-such-member@example.com');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(await t.outboxFor('no-such-member@example.com')).toHaveLength(0);
    expect(await t.outboxFor(user.email)).toHaveLength(1);
  });

  it('finds the account whatever the case of the email typed', async () => {
    const user = await createUser(t.db, { email: 'mixed.case@example.com' });
    expect((await requestReset('Mixed.Case@EXAMPLE.com')).status).toBe(200);
    expect(await t.outboxFor(user.email)).toHaveLength(1);
  });

  it('validates the email', async () => {
    const response = await requestReset('not-an-email');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('E-mail must be valid');
  });
});

describe('POST /api/auth/password (reset link)', () => {
  it('sets the new password: the old one stops working and the new one signs in', async () => {
    const user = await createUser(t.db);
    const token = await resetToken(user.email);
    const response = await setWithToken(token);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ message: 'Password Changed Successful' });
    expect((await login(user.email, STRONG_PASSWORD)).status).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('works once: a reused link answers 400', async () => {
    const user = await createUser(t.db);
    const token = await resetToken(user.email);
    expect((await setWithToken(token)).status).toBe(200);
    const again = await setWithToken(token, 'An0ther!Pass');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This password reset link is invalid or has expired');
    expect((await login(user.email, 'An0ther!Pass')).status).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('ends every session of the account', async () => {
    const user = await createUser(t.db);
    const first = await signIn(t, user.email);
    const second = await signIn(t, user.email);
    expect((await t.call('GET', '/api/auth/user', { token: first })).status).toBe(200);

    expect((await setWithToken(await resetToken(user.email))).status).toBe(200);

    for (const old of [first, second]) {
      const me = await t.call('GET', '/api/auth/user', { token: old });
      expect(me.status).toBe(401);
      expect(me.body.message).toBe(messages.currentSession);
    }
    expect(await t.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id))).toHaveLength(0);
  });

  it('refuses an expired link', async () => {
    const user = await createUser(t.db);
    const token = await resetToken(user.email);
    await t.db
      .update(schema.oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(schema.oneTimeCodes.userId, user.id), eq(schema.oneTimeCodes.purpose, 'password_reset')));
    const response = await setWithToken(token);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(messages.invalidResetLink);
    expect((await login(user.email, STRONG_PASSWORD)).status).toBe(200);
  });

  it('lasts one hour', async () => {
    const user = await createUser(t.db);
    await resetToken(user.email);
    const [code] = await t.db
      .select()
      .from(schema.oneTimeCodes)
      .where(and(eq(schema.oneTimeCodes.userId, user.id), eq(schema.oneTimeCodes.purpose, 'password_reset')));
    const minutes = (code.expiresAt.getTime() - code.createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60.1);
  });

  it('retires an earlier link when a new one is sent', async () => {
    const user = await createUser(t.db);
    const older = await resetToken(user.email);
    const newer = await resetToken(user.email);
    expect(newer).not.toBe(older);
    expect((await setWithToken(older)).status).toBe(400);
    expect((await setWithToken(newer)).status).toBe(200);
  });

  it('refuses a made-up token', async () => {
    const response = await setWithToken('x'.repeat(43));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(messages.invalidResetLink);
  });

  it('applies the password rule and the confirmation, and keeps the link usable after a refused form', async () => {
    const user = await createUser(t.db);
    const token = await resetToken(user.email);
    const weak = await setWithToken(token, 'weakpass');
    expect(weak.status).toBe(400);
    expect(weak.body.errors.password).toEqual([messages.passwordRule]);
    const mismatch = await setWithToken(token, NEW_PASSWORD, 'N3w~Secret:');
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors.confirmPassword).toEqual(['Password does not match']);
    expect((await setWithToken(token)).status).toBe(200);
  });
});

describe('POST /api/auth/set-password (signed in)', () => {
  const change = (token: string | undefined, password = NEW_PASSWORD, confirmPassword = password) =>
    t.call('POST', '/api/auth/set-password', { body: { password, confirmPassword }, token });

  it('requires sign-in: 401 without a token', async () => {
    const response = await change(undefined);
    expect(response.status).toBe(401);
    expect(response.body.message).toBe(messages.currentSession);
  });

  it('changes the password', async () => {
    const user = await createUser(t.db);
    const token = await signIn(t, user.email);
    const response = await change(token);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ message: 'Password Changed Successful' });
    expect((await login(user.email, STRONG_PASSWORD)).status).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('ends the other sessions and keeps the current one', async () => {
    const user = await createUser(t.db);
    const other = await signIn(t, user.email);
    const current = await signIn(t, user.email);
    expect((await change(current)).status).toBe(200);
    expect((await t.call('GET', '/api/auth/user', { token: other })).status).toBe(401);
    const me = await t.call('GET', '/api/auth/user', { token: current });
    expect(me.status).toBe(200);
    expect(me.body.data.id).toBe(user.id);
  });

  it('does not touch the sessions of other users', async () => {
    const user = await createUser(t.db);
    const bystander = await createUser(t.db);
    const bystanderToken = await signIn(t, bystander.email);
    expect((await change(await signIn(t, user.email))).status).toBe(200);
    expect((await t.call('GET', '/api/auth/user', { token: bystanderToken })).status).toBe(200);
  });

  it('answers the spec messages for a bad form and keeps the old password', async () => {
    const user = await createUser(t.db);
    const token = await signIn(t, user.email);
    const empty = await change(token, '', '');
    expect(empty.status).toBe(400);
    expect(empty.body.errors.password).toContain('Password is required');
    const mismatch = await change(token, NEW_PASSWORD, 'Other!234');
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors.confirmPassword).toEqual(['Password does not match']);
    const weak = await change(token, 'abcdefgh', 'abcdefgh');
    expect(weak.body.errors.password).toEqual([messages.passwordRule]);
    expect((await login(user.email, STRONG_PASSWORD)).status).toBe(200);
  });
});
