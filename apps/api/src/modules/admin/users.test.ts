import { adminMessages, messages } from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createMember, createTestApp, createUser, signIn, uniqueIp } from '../../../test/harness';

const t = await createTestApp();

let adminToken: string;
let mainAdminId: number;
beforeAll(async () => {
  adminToken = await signIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
  mainAdminId = (await t.call('GET', '/api/auth/user', { token: adminToken })).body.data.id;
});

const ROW_KEYS = [
  'email',
  'email_verified_at',
  'id',
  'id_number',
  'is_admin',
  'is_approver',
  'mfa_enabled',
  'name',
  'phone_no',
  'profile_id',
];

const list = (query = '') => t.call('GET', `/api/admin/users${query}`, { token: adminToken });

async function latestAudit(action: string, subject?: string) {
  const query = new URLSearchParams({ action, pageSize: '1', ...(subject ? { subject } : {}) });
  const response = await t.call('GET', `/api/admin/audit?${query}`, { token: adminToken });
  expect(response.status).toBe(200);
  return response.body.data.entries[0];
}

function expectNoSecrets(text: string) {
  expect(text).not.toMatch(/password_hash|passwordHash|password|token|argon|\$2[aby]\$/i);
}

describe('GET /api/admin/users', () => {
  it('pages through the users with total, page and pageSize', async () => {
    const tag = `pager${Date.now().toString(36)}`;
    const created = [];
    for (let i = 0; i < 5; i++) created.push(await createUser(t.db, { email: `${tag}-${i}@example.com` }));

    const first = await list(`?search=${tag}&pageSize=2`);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.body.data.users.map((u: { id: number }) => u.id)).toEqual([created[0].id, created[1].id]);

    const third = await list(`?search=${tag}&pageSize=2&page=3`);
    expect(third.body.data).toMatchObject({ total: 5, page: 3, pageSize: 2 });
    expect(third.body.data.users.map((u: { id: number }) => u.id)).toEqual([created[4].id]);

    const beyond = await list(`?search=${tag}&pageSize=2&page=9`);
    expect(beyond.body.data).toMatchObject({ total: 5, users: [] });
  });

  it('defaults to the first page of 20 and counts every user', async () => {
    const response = await list();
    const n = await t.db.$count(schema.users);
    expect(response.body.data).toMatchObject({ page: 1, pageSize: 20, total: n });
    expect(response.body.data.users.length).toBe(Math.min(20, n));
  });

  it('refuses a page size over 100 or a page below 1', async () => {
    expect((await list('?pageSize=101')).status).toBe(400);
    expect((await list('?page=0')).status).toBe(400);
  });

  it('finds a user by email, phone, id number, profile id and numeric id', async () => {
    const { user } = await createMember(t.db, { withUser: true });
    if (!user) throw new Error('member without a user');
    const searches = [user.email.toUpperCase(), user.phoneNo ?? '', user.idNumber ?? '', user.profileId ?? '', String(user.id)];
    for (const search of searches) {
      const response = await list(`?search=${encodeURIComponent(search)}`);
      expect(response.status, search).toBe(200);
      expect(
        response.body.data.users.map((u: { id: number }) => u.id),
        search,
      ).toContain(user.id);
    }
    const exact = await list(`?search=${encodeURIComponent(user.email)}`);
    expect(exact.body.data.total).toBe(1);
  });

  it("finds a user by the phone typed as people write it, '0722 123 456' for the stored 254722123456 (decision 040)", async () => {
    const user = await createUser(t.db, { phone: '254799123456' });
    for (const search of ['0799 123 456', '+254 799-123-456'])
      expect(
        (await list(`?search=${encodeURIComponent(search)}`)).body.data.users.map((u: { id: number }) => u.id),
        search,
      ).toEqual([user.id]);
  });

  it('treats % and _ in the search as plain characters', async () => {
    await createUser(t.db);
    expect((await list('?search=%25')).body.data.total).toBe(0);
    expect((await list('?search=_')).body.data.total).toBe(0);
  });

  it('shows exactly the admin row fields, never a password hash or a token', async () => {
    const member = await createUser(t.db, { verified: false });
    await signIn(t, ADMIN_EMAIL, ADMIN_PASSWORD); // a live session exists for the admin too
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users?pageSize=100',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(response.statusCode).toBe(200);
    expectNoSecrets(response.body);
    const rows = JSON.parse(response.body).data.users as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(ROW_KEYS);
    const unverified = rows.find((r) => r.id === member.id);
    expect(unverified).toMatchObject({ email: member.email, email_verified_at: null, is_admin: false, is_approver: false });
    const admin = rows.find((r) => r.email === ADMIN_EMAIL);
    expect(admin).toMatchObject({ is_admin: true, email_verified_at: expect.any(String), mfa_enabled: true });
  });
});

describe('POST /api/admin/updateUser/:id', () => {
  const update = (id: number, body: unknown) => t.call('POST', `/api/admin/updateUser/${id}`, { token: adminToken, body });

  it('updates the e-mail and phone and returns the row without secrets', async () => {
    const user = await createUser(t.db);
    const response = await update(user.id, { email: '  New.Address@Example.com ', phone_no: '254711222333' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(Object.keys(response.body.data).sort()).toEqual(ROW_KEYS);
    expect(response.body.data).toMatchObject({ id: user.id, email: 'new.address@example.com', phone_no: '254711222333' });
    expectNoSecrets(JSON.stringify(response.body));
    const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row).toMatchObject({ email: 'new.address@example.com', phoneNo: '254711222333' });
    // A phone typed as people write it is kept in the one stored form; a landline is refused (it gets no SMS).
    const typed = await update(user.id, { email: 'new.address@example.com', phone_no: '0711 222 334' });
    expect(typed.body.data.phone_no).toBe('254711222334');
    const landline = await update(user.id, { email: 'new.address@example.com', phone_no: '020 222 3334' });
    expect(landline.status).toBe(400);
    expect(landline.body.errors.phone_no).toEqual([messages.mobileInvalid]);
    // The user signs in with the new address.
    expect(
      (await t.call('POST', '/api/auth/login', { body: { email: 'new.address@example.com', password: user.password }, ip: uniqueIp() }))
        .status,
    ).toBe(200);
  });

  it("answers the dialog's messages for an empty or malformed form", async () => {
    const user = await createUser(t.db);
    const emptyEmail = await update(user.id, { email: '', phone_no: '254711222333' });
    expect(emptyEmail.status).toBe(400);
    expect(emptyEmail.body.errors.email).toEqual([messages.required]);

    const emptyPhone = await update(user.id, { email: 'ok@example.com', phone_no: '  ' });
    expect(emptyPhone.status).toBe(400);
    expect(emptyPhone.body.errors.phone_no).toEqual([messages.required]);

    const missing = await update(user.id, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toMatchObject({ email: [messages.required], phone_no: [messages.required] });

    for (const email of ['not-an-email', 'a@b', 'two words@example.com']) {
      const bad = await update(user.id, { email, phone_no: '254711222333' });
      expect(bad.status, email).toBe(400);
      expect(bad.body.errors.email).toEqual([messages.emailInvalid]);
      expect(bad.body.message).toBe(messages.emailInvalid);
    }
    const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row.email).toBe(user.email);
  });

  it("refuses an e-mail another user has (409), but accepts the user's own", async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const taken = await update(user.id, { email: other.email.toUpperCase(), phone_no: '254711222333' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(messages.emailTaken);
    expect(taken.body.errors).toEqual({ email: [messages.emailTaken] });
    const own = await update(user.id, { email: user.email, phone_no: '254799888777' });
    expect(own.status).toBe(200);
    expect(own.body.data.phone_no).toBe('254799888777');
  });

  it('answers 404 for an unknown user', async () => {
    const response = await update(999_999, { email: 'nobody@example.com', phone_no: '254711222333' });
    expect(response.status).toBe(404);
    expect(response.body.message).toBe(adminMessages.userNotFound);
  });

  it('records user.updated with the values before and after', async () => {
    const user = await createUser(t.db, { phone: '254700000111' });
    await update(user.id, { email: `after-${user.id}@example.com`, phone_no: '254700000222' });
    const entry = await latestAudit('user.updated', `user:${user.id}`);
    expect(entry).toMatchObject({
      action: 'user.updated',
      actor_id: mainAdminId,
      actor_email: ADMIN_EMAIL,
      target: `user:${user.id}`,
      details: {
        before: { email: user.email, phone_no: '254700000111' },
        after: { email: `after-${user.id}@example.com`, phone_no: '254700000222' },
      },
    });
  });

  it("does not let another administrator take the main administrator's address and with it the site settings", async () => {
    const other = await createUser(t.db, { isAdmin: true });
    const otherToken = await signIn(t, other.email);
    const moveMain = await t.call('POST', `/api/admin/updateUser/${mainAdminId}`, {
      token: otherToken,
      body: { email: 'moved-away@example.com', phone_no: '254700000000' },
    });
    expect(moveMain.status).toBe(403);
    expect(moveMain.body.message).toBe(adminMessages.mainAdminEmailFixed);
    const [main] = await t.db.select().from(schema.users).where(eq(schema.users.id, mainAdminId));
    expect(main.email).toBe(ADMIN_EMAIL);
    const takeOver = await t.call('POST', `/api/admin/updateUser/${other.id}`, {
      token: otherToken,
      body: { email: ADMIN_EMAIL, phone_no: '254700000000' },
    });
    expect(takeOver.status).toBe(409);
    expect((await t.call('GET', '/api/admin/settings', { token: otherToken })).status).toBe(403);
    // The main administrator is unchanged, and can still edit its own phone.
    const own = await update(mainAdminId, { email: ADMIN_EMAIL, phone_no: '254700000999' });
    expect(own.status).toBe(200);
    expect((await t.call('GET', '/api/admin/settings', { token: adminToken })).status).toBe(200);
    // Not even the main administrator moves its own address away: the configuration names it.
    const self = await update(mainAdminId, { email: 'elsewhere@example.com', phone_no: '254700000999' });
    expect(self.status).toBe(403);
  });
});

describe('POST /api/admin/deleteUser/:id', () => {
  const remove = (id: number | string, token = adminToken) => t.call('POST', `/api/admin/deleteUser/${id}`, { token });

  it('deletes the user and ends all of its sessions', async () => {
    const user = await createUser(t.db);
    const phone = await signIn(t, user.email);
    const laptop = await signIn(t, user.email);
    const response = await remove(user.id);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ message: adminMessages.userDeleted });
    expect(await t.db.select().from(schema.users).where(eq(schema.users.id, user.id))).toHaveLength(0);
    expect(await t.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id))).toHaveLength(0);
    for (const token of [phone, laptop]) expect((await t.call('GET', '/api/auth/user', { token })).status).toBe(401);
    expect((await t.call('POST', '/api/auth/login', { body: { email: user.email, password: user.password }, ip: uniqueIp() })).status).toBe(
      401,
    );
  });

  it('ends a "log in as" session for the deleted user', async () => {
    const user = await createUser(t.db);
    const started = await t.call('POST', '/api/admin/loginas', { token: adminToken, body: { id: user.id } });
    expect(started.status).toBe(200);
    expect((await remove(user.id)).status).toBe(200);
    expect((await t.call('GET', '/api/auth/user', { token: started.body.data.token })).status).toBe(401);
  });

  it('keeps the register record (profile) of a deleted member', async () => {
    const { user, profile } = await createMember(t.db, { withUser: true });
    if (!user) throw new Error('member without a user');
    expect((await remove(user.id)).status).toBe(200);
    expect(await t.db.select().from(schema.profiles).where(eq(schema.profiles.profileId, profile.profileId))).toHaveLength(1);
  });

  it('refuses to delete yourself or the main administrator (403)', async () => {
    const self = await remove(mainAdminId);
    expect(self.status).toBe(403);
    expect(self.body.message).toBe(adminMessages.cannotDeleteSelf);

    const other = await createUser(t.db, { isAdmin: true });
    const otherToken = await signIn(t, other.email);
    const ownAccount = await remove(other.id, otherToken);
    expect(ownAccount.status).toBe(403);
    expect(ownAccount.body.message).toBe(adminMessages.cannotDeleteSelf);
    const main = await remove(mainAdminId, otherToken);
    expect(main.status).toBe(403);
    expect(main.body.message).toBe(adminMessages.cannotDeleteMainAdmin);

    expect(await t.db.select().from(schema.users).where(eq(schema.users.id, mainAdminId))).toHaveLength(1);
    expect((await t.call('GET', '/api/auth/user', { token: adminToken })).status).toBe(200);
  });

  it('answers 404 for an unknown id and 400 for one that is not a number', async () => {
    const unknown = await remove(999_999);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(adminMessages.userNotFound);
    expect((await remove('abc')).status).toBe(400);
  });

  it('records user.deleted', async () => {
    const user = await createUser(t.db, { isApprover: true });
    await remove(user.id);
    const entry = await latestAudit('user.deleted', `user:${user.id}`);
    expect(entry).toMatchObject({
      actor_email: ADMIN_EMAIL,
      target: `user:${user.id}`,
      details: { email: user.email, is_admin: false, is_approver: true },
    });
  });
});

describe('POST /api/admin/sendActivationLink', () => {
  const send = (id: number) => t.call('POST', '/api/admin/sendActivationLink', { token: adminToken, body: { id } });

  it('queues a password reset link to the user and records it', async () => {
    const user = await createUser(t.db);
    const response = await send(user.id);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ message: adminMessages.resetLinkSent });
    const [mail] = await t.outboxFor(user.email);
    expect(mail.subject).toMatch(/Reset your .* portal password/);
    expect(await t.latestLink(user.email)).toMatch(/^\/password\/[A-Za-z0-9_-]{43}$/);
    const entry = await latestAudit('user.reset_link_sent', `user:${user.id}`);
    expect(entry).toMatchObject({ actor_email: ADMIN_EMAIL, details: { email: user.email } });
    expectNoSecrets(JSON.stringify(entry.details));
  });

  it('sends a link that sets a new password and verifies an unverified account', async () => {
    const user = await createUser(t.db, { verified: false });
    expect((await send(user.id)).status).toBe(200);
    const token = (await t.latestLink(user.email)).replace('/password/', '');
    const set = await t.call('POST', '/api/auth/password', {
      body: { token, password: 'N3w!Passw0rd', confirmPassword: 'N3w!Passw0rd' },
      ip: uniqueIp(),
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row.emailVerifiedAt).not.toBeNull();
    const login = await t.call('POST', '/api/auth/login', { body: { email: user.email, password: 'N3w!Passw0rd' }, ip: uniqueIp() });
    expect(login.status).toBe(200);
  });

  it('answers 404 for an unknown user and 400 without an id', async () => {
    expect((await send(999_999)).status).toBe(404);
    expect((await t.call('POST', '/api/admin/sendActivationLink', { token: adminToken, body: {} })).status).toBe(400);
  });
});

describe('administrator accounts', () => {
  it('only the main administrator may edit, delete or reset another administrator', async () => {
    const peer = await createUser(t.db, { isAdmin: true });
    const other = await createUser(t.db, { isAdmin: true });
    const peerToken = await signIn(t, peer.email, peer.password, uniqueIp());
    const asPeer = (method: 'POST', url: string, body?: unknown) => t.call(method, url, { token: peerToken, body });

    for (const response of [
      await asPeer('POST', `/api/admin/updateUser/${other.id}`, { email: 'taken-over@example.com', phone_no: '254700000000' }),
      await asPeer('POST', '/api/admin/sendActivationLink', { id: other.id }),
      await asPeer('POST', `/api/admin/deleteUser/${other.id}`),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(adminMessages.adminAccountsMainOnly);
    }
    const [unchanged] = await t.db.select().from(schema.users).where(eq(schema.users.id, other.id));
    expect(unchanged.email).toBe(other.email);

    // Members remain manageable by any admin, and the main administrator manages admins.
    const member = await createUser(t.db);
    expect((await asPeer('POST', '/api/admin/sendActivationLink', { id: member.id })).status).toBe(200);
    expect((await t.call('POST', '/api/admin/sendActivationLink', { token: adminToken, body: { id: other.id } })).status).toBe(200);
  });
});

describe('names in the users list', () => {
  it("shows a member's name from the profile and finds the member by it", async () => {
    const { user } = await createMember(t.db, { withUser: true, firstName: 'Brian', lastName: 'Kiprotich' });
    const response = await list('?search=brian%20kiprotich');
    expect(response.status).toBe(200);
    expect(response.body.data.users).toEqual([expect.objectContaining({ id: user?.id, name: 'Brian Achieng Kiprotich' })]);
  });
});
