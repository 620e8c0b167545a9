import { messages } from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, createUser, signIn } from '../../../test/harness';

const t = await createTestApp();

describe('GET /api/auth/user', () => {
  it('answers 401 without a token', async () => {
    const response = await t.call('GET', '/api/auth/user');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Session expired. Sign in again.' });
  });

  it('answers 401 for a garbage token', async () => {
    for (const token of ['garbage', 'x'.repeat(43), "'; drop table sessions; --"]) {
      const response = await t.call('GET', '/api/auth/user', { token });
      expect(response.status).toBe(401);
      expect(response.body.message).toBe(messages.currentSession);
    }
  });

  it('answers 401 for a malformed authorization header', async () => {
    const user = await createUser(t.db);
    const token = await signIn(t, user.email);
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Token ${token}` } });
    expect(response.statusCode).toBe(401);
  });

  it("returns the caller's own user with the spec's field names", async () => {
    const user = await createUser(t.db, { type: 'Corporate', category: 'CORPORATE', phone: '254715000001' });
    const token = await signIn(t, user.email);
    const response = await t.call('GET', '/api/auth/user', { token });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      id: user.id,
      name: null,
      email: user.email,
      phone_no: '254715000001',
      id_number: user.idNumber,
      category: 'CORPORATE',
      type: 'Corporate',
      is_admin: false,
      is_approver: false,
      is_main_admin: false,
      email_verified_at: expect.any(String),
      profile_id: null,
      email_reminders: 1,
      email_updates: 1,
      sms_reminders: 1,
      sms_updates: 1,
      mfa_enabled: false,
    });
  });

  it('marks the configured administrator as the main administrator', async () => {
    const token = await signIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const response = await t.call('GET', '/api/auth/user', { token });
    expect(response.body.data).toMatchObject({ email: ADMIN_EMAIL, is_admin: true, is_main_admin: true });
    const otherAdmin = await createUser(t.db, { isAdmin: true });
    const other = await t.call('GET', '/api/auth/user', { token: await signIn(t, otherAdmin.email) });
    expect(other.body.data).toMatchObject({ is_admin: true, is_main_admin: false });
  });

  it('ends a session that has been idle too long', async () => {
    const user = await createUser(t.db);
    const token = await signIn(t, user.email);
    await t.db
      .update(schema.sessions)
      .set({ lastSeenAt: new Date(Date.now() - (t.config.sessionIdleMinutes + 1) * 60_000) })
      .where(eq(schema.sessions.userId, user.id));
    expect((await t.call('GET', '/api/auth/user', { token })).status).toBe(401);
    expect(await t.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id))).toHaveLength(0);
  });

  it('ends a session past its absolute lifetime', async () => {
    const user = await createUser(t.db);
    const token = await signIn(t, user.email);
    await t.db
      .update(schema.sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.sessions.userId, user.id));
    expect((await t.call('GET', '/api/auth/user', { token })).status).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session: the token no longer works', async () => {
    const user = await createUser(t.db);
    const token = await signIn(t, user.email);
    const response = await t.call('POST', '/api/auth/logout', { token });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ message: 'Logged out' });
    expect((await t.call('GET', '/api/auth/user', { token })).status).toBe(401);
    expect((await t.call('POST', '/api/auth/logout', { token })).status).toBe(401);
  });

  it("ends only that session, not the user's others", async () => {
    const user = await createUser(t.db);
    const phone = await signIn(t, user.email);
    const laptop = await signIn(t, user.email);
    expect((await t.call('POST', '/api/auth/logout', { token: phone })).status).toBe(200);
    expect((await t.call('GET', '/api/auth/user', { token: laptop })).status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    expect((await t.call('POST', '/api/auth/logout')).status).toBe(401);
  });
});

describe('POST /api/auth/notification', () => {
  const flags = { email_reminders: 0, email_updates: 1, sms_reminders: 0, sms_updates: 1 };

  it('answers 401 without a token', async () => {
    expect((await t.call('POST', '/api/auth/notification', { body: flags })).status).toBe(401);
  });

  it('saves the four flags and returns the updated user', async () => {
    const user = await createUser(t.db);
    const token = await signIn(t, user.email);
    const response = await t.call('POST', '/api/auth/notification', { token, body: flags });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ id: user.id, ...flags });

    const me = await t.call('GET', '/api/auth/user', { token });
    expect(me.body.data).toMatchObject(flags);
    const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row).toMatchObject({ emailReminders: 0, emailUpdates: 1, smsReminders: 0, smsUpdates: 1 });

    const back = await t.call('POST', '/api/auth/notification', {
      token,
      body: { email_reminders: true, email_updates: false, sms_reminders: '1', sms_updates: '0' },
    });
    expect(back.body.data).toMatchObject({ email_reminders: 1, email_updates: 0, sms_reminders: 1, sms_updates: 0 });
  });

  it('changes only the caller', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    await t.call('POST', '/api/auth/notification', {
      token: await signIn(t, user.email),
      body: { email_reminders: 0, email_updates: 0, sms_reminders: 0, sms_updates: 0 },
    });
    const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, other.id));
    expect(row).toMatchObject({ emailReminders: 1, emailUpdates: 1, smsReminders: 1, smsUpdates: 1 });
  });

  it('defaults every flag to 1 for a new account', async () => {
    const user = await createUser(t.db);
    const me = await t.call('GET', '/api/auth/user', { token: await signIn(t, user.email) });
    expect(me.body.data).toMatchObject({ email_reminders: 1, email_updates: 1, sms_reminders: 1, sms_updates: 1 });
  });

  it('needs all four flags', async () => {
    const user = await createUser(t.db);
    const response = await t.call('POST', '/api/auth/notification', { token: await signIn(t, user.email), body: { email_reminders: 0 } });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors).sort()).toEqual(['email_updates', 'sms_reminders', 'sms_updates']);
  });
});
