import { adminMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createMember, createTestApp, createUser, signIn } from '../../../test/harness';

const t = await createTestApp();

let adminToken: string;
let admin: { id: number; email: string; name: string | null };
beforeAll(async () => {
  adminToken = await signIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
  const me = (await t.call('GET', '/api/auth/user', { token: adminToken })).body.data;
  admin = { id: me.id, email: me.email, name: me.name };
});

const loginAs = (id: number | string, token = adminToken) => t.call('POST', '/api/admin/loginas', { token, body: { id } });
const flags = { email_reminders: 0, email_updates: 1, sms_reminders: 0, sms_updates: 1 };

/** Audit entries of one action about one member, newest first. */
async function auditFor(action: string, subject: string) {
  const query = new URLSearchParams({ action, subject });
  const response = await t.call('GET', `/api/admin/audit?${query}`, { token: adminToken });
  expect(response.status).toBe(200);
  return response.body.data.entries;
}

describe('POST /api/admin/loginas', () => {
  it('returns a token, the member as user and the administrator as impersonator', async () => {
    const member = await createUser(t.db);
    const response = await loginAs(member.id);
    expect(response.status).toBe(200);
    const data = response.body.data;
    expect(data.token).toEqual(expect.any(String));
    expect(data.token).not.toBe(adminToken);
    expect(data.user).toMatchObject({ id: member.id, email: member.email, is_admin: false, is_main_admin: false });
    expect(data.impersonator).toEqual(admin);
    expect(JSON.stringify(data)).not.toMatch(/password|hash/i);
  });

  it('gives a token that acts as the member', async () => {
    const { user: member, profile } = await createMember(t.db, { withUser: true, firstName: 'Wanjiru' });
    await createMember(t.db, { withUser: true, firstName: 'Someone Else' });
    if (!member) throw new Error('member without a user');
    const { token } = (await loginAs(member.id)).body.data;

    const me = await t.call('GET', '/api/auth/user', { token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ id: member.id, email: member.email, is_admin: false });

    const own = await t.call('GET', '/api/profile', { token });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ ProfileID: profile.profileId, FirstName: 'Wanjiru', MemberNo: profile.memberNo });
  });

  it('lasts at most 60 minutes', async () => {
    const member = await createUser(t.db);
    const response = await loginAs(member.id);
    const expiresAt = new Date(response.body.data.expires_at).getTime();
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    expect(expiresAt - Date.now()).toBeGreaterThan(55 * 60_000);
    const [row] = await t.db
      .select()
      .from(schema.sessions)
      .where(and(eq(schema.sessions.userId, member.id), eq(schema.sessions.impersonatorId, admin.id)));
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);
  });

  it('refuses an administrator or an approver as target (403)', async () => {
    const otherAdmin = await createUser(t.db, { isAdmin: true });
    const approver = await createUser(t.db, { isApprover: true });
    for (const id of [otherAdmin.id, approver.id, admin.id]) {
      const response = await loginAs(id);
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(adminMessages.cannotImpersonate);
    }
    expect(await t.db.select().from(schema.sessions).where(eq(schema.sessions.userId, approver.id))).toHaveLength(0);
  });

  it('answers 404 for an unknown user', async () => {
    const response = await loginAs(999_999);
    expect(response.status).toBe(404);
    expect(response.body.message).toBe(adminMessages.userNotFound);
  });

  it('records impersonation.started', async () => {
    const member = await createUser(t.db);
    await loginAs(member.id);
    const [entry] = await auditFor('impersonation.started', `user:${member.id}`);
    expect(entry).toMatchObject({
      actor_id: admin.id,
      actor_email: ADMIN_EMAIL,
      target: `user:${member.id}`,
      details: { email: member.email },
    });
  });

  it('works for an administrator who is not the main administrator', async () => {
    const other = await createUser(t.db, { isAdmin: true });
    const member = await createUser(t.db);
    const response = await loginAs(member.id, await signIn(t, other.email));
    expect(response.status).toBe(200);
    expect(response.body.data.impersonator).toMatchObject({ id: other.id, email: other.email });
  });
});

describe('requests made in a "log in as" session', () => {
  it('records each change with the administrator as actor, on behalf of the member', async () => {
    const member = await createUser(t.db);
    const { token } = (await loginAs(member.id)).body.data;
    const response = await t.call('POST', '/api/auth/notification', { token, body: flags });
    expect(response.status).toBe(200);
    // The entry is written once the answer has gone out.
    const entry = await vi.waitFor(async () => {
      const [found] = await auditFor('impersonated.request', member.email);
      if (!found) throw new Error('not recorded yet');
      return found;
    });
    expect(entry).toMatchObject({
      action: 'impersonated.request',
      actor_id: admin.id,
      actor_email: ADMIN_EMAIL,
      on_behalf_of_id: member.id,
      on_behalf_of_email: member.email,
      target: '/api/auth/notification',
      details: { method: 'POST', url: '/api/auth/notification', status: 200 },
    });
    expect(Date.now() - new Date(entry.at).getTime()).toBeLessThan(60_000);
  });

  it('records refused changes too, and no reads', async () => {
    const member = await createUser(t.db);
    const { token } = (await loginAs(member.id)).body.data;
    await t.call('GET', '/api/auth/user', { token });
    await t.call('GET', '/api/profile', { token });
    const refused = await t.call('POST', '/api/auth/notification', { token, body: { email_reminders: 7 } });
    expect(refused.status).toBe(400);
    const entries = await vi.waitFor(async () => {
      const found = await auditFor('impersonated.request', member.email);
      if (found.length === 0) throw new Error('not recorded yet');
      return found;
    });
    expect(entries).toHaveLength(1);
    expect(entries[0].details).toMatchObject({ method: 'POST', status: 400 });
  });

  it("does not mark the member's own requests", async () => {
    const member = await createUser(t.db);
    const own = await signIn(t, member.email);
    expect((await t.call('POST', '/api/auth/notification', { token: own, body: flags })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await auditFor('impersonated.request', member.email)).toHaveLength(0);
  });
});

describe('POST /api/admin/loginas/end', () => {
  it('ends the "log in as" session, records it, and leaves the administrator\'s own session working', async () => {
    const member = await createUser(t.db);
    const { token } = (await loginAs(member.id)).body.data;
    const response = await t.call('POST', '/api/admin/loginas/end', { token });
    expect(response.status).toBe(200);
    expect(response.body.data.message).toEqual(expect.any(String));
    expect((await t.call('GET', '/api/auth/user', { token })).status).toBe(401);
    expect((await t.call('POST', '/api/admin/loginas/end', { token })).status).toBe(401);

    const me = await t.call('GET', '/api/auth/user', { token: adminToken });
    expect(me.status).toBe(200);
    expect(me.body.data.id).toBe(admin.id);

    const [ended] = await auditFor('impersonation.ended', member.email);
    expect(ended).toMatchObject({
      actor_id: admin.id,
      actor_email: ADMIN_EMAIL,
      on_behalf_of_id: member.id,
      on_behalf_of_email: member.email,
      target: `user:${member.id}`,
    });
    // Ending is recorded once, not also as an impersonated request.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await auditFor('impersonated.request', member.email)).toHaveLength(0);
  });

  it("ends only that session, not the member's own", async () => {
    const member = await createUser(t.db);
    const own = await signIn(t, member.email);
    const { token } = (await loginAs(member.id)).body.data;
    expect((await t.call('POST', '/api/admin/loginas/end', { token })).status).toBe(200);
    expect((await t.call('GET', '/api/auth/user', { token: own })).status).toBe(200);
  });

  it('answers 400 for an ordinary session and leaves it working', async () => {
    const member = await createUser(t.db);
    const own = await signIn(t, member.email);
    for (const token of [own, adminToken]) {
      const response = await t.call('POST', '/api/admin/loginas/end', { token });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(adminMessages.notImpersonating);
      expect((await t.call('GET', '/api/auth/user', { token })).status).toBe(200);
    }
  });
});
