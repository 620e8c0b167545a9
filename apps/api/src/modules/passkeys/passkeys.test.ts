import { MFA_ENROL, MFA_STEP_UP, mfaMessages, passkeyMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMember, createTestApp, createUser, STRONG_PASSWORD, signIn, uniqueIp } from '../../../test/harness';
import { freshCode } from '../../../test/mfa';
import { SoftAuthenticator } from '../../../test/passkey-authenticator';

const t = await createTestApp();
const { auditLog, mfaRecoveryCodes, sessions, users } = schema;
const ORIGIN = 'http://portal.test';

type Call = Awaited<ReturnType<typeof t.call>>;
const data = (response: Call) => response.body.data as Record<string, unknown> & { challenge: string };

/** Adds a passkey with `authenticator` through the API, as the Security tab does. */
async function addPasskey(token: string, authenticator: SoftAuthenticator, name?: string) {
  const options = await t.call('POST', '/api/auth/passkeys/register/options', { token, body: { password: STRONG_PASSWORD } });
  expect(options.status).toBe(200);
  const response = authenticator.create(data(options) as never);
  return t.call('POST', '/api/auth/passkeys/register/verify', { token, body: { response, name } });
}

/** Signs in with a passkey alone: no e-mail, no password. */
async function passkeySignIn(authenticator: SoftAuthenticator, change: (r: ReturnType<SoftAuthenticator['get']>) => unknown = (r) => r) {
  const ip = uniqueIp();
  const options = await t.call('POST', '/api/auth/passkeys/sign-in/options', { body: {}, ip });
  expect(options.status).toBe(200);
  return t.call('POST', '/api/auth/passkeys/sign-in/verify', { body: { response: change(authenticator.get(data(options))) }, ip });
}

async function memberWithPasskey() {
  const member = await createMember(t.db, { withUser: true });
  const user = member.user as NonNullable<typeof member.user>;
  const token = await signIn(t, user.email);
  const authenticator = new SoftAuthenticator(ORIGIN);
  const added = await addPasskey(token, authenticator);
  expect(added.status).toBe(200);
  return { user, token, authenticator, added: added.body.data };
}

async function auditActions(target: string) {
  const rows = await t.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(desc(auditLog.id));
  return rows.map((r) => r.action);
}

describe('adding a passkey', () => {
  it('asks for the password, makes a discoverable passkey for this portal, and the first factor comes with recovery codes', async () => {
    const member = await createMember(t.db, { withUser: true });
    const user = member.user as NonNullable<typeof member.user>;
    const token = await signIn(t, user.email);
    const wrong = await t.call('POST', '/api/auth/passkeys/register/options', { token, body: { password: 'nope' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.password).toEqual([mfaMessages.passwordWrong]);
    expect((await t.call('POST', '/api/auth/passkeys/register/options', { body: { password: STRONG_PASSWORD } })).status).toBe(401);

    const options = data(await t.call('POST', '/api/auth/passkeys/register/options', { token, body: { password: STRONG_PASSWORD } }));
    expect(options).toMatchObject({
      rp: { id: 'portal.test' },
      user: { name: user.email },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    const authenticator = new SoftAuthenticator(ORIGIN);
    const response = authenticator.create(options as never);
    const added = await t.call('POST', '/api/auth/passkeys/register/verify', { token, body: { response, name: 'My phone' } });
    expect(added.status).toBe(200);
    expect(added.body.data.passkey).toMatchObject({ name: 'My phone', lastUsedAt: null });
    expect(added.body.data.recoveryCodes).toHaveLength(10);
    // The same answer again: its challenge is used.
    expect((await t.call('POST', '/api/auth/passkeys/register/verify', { token, body: { response } })).body.message).toBe(
      passkeyMessages.expired,
    );

    const status = (await t.call('GET', '/api/auth/mfa', { token })).body.data;
    expect(status.passkeys).toEqual([expect.objectContaining({ name: 'My phone' })]);
    expect(status.recoveryCodesLeft).toBe(10);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.mfaEnabled).toBe(true);
    expect((await t.outboxFor(user.email)).some((m) => m.subject?.startsWith('A passkey was added'))).toBe(true);
    expect(await auditActions(user.email)).toContain('passkey.added');

    // A second one: excluded from being added twice, and no new recovery codes.
    const next = data(await t.call('POST', '/api/auth/passkeys/register/options', { token, body: { password: STRONG_PASSWORD } }));
    expect(next.excludeCredentials).toEqual([expect.objectContaining({ id: response.id })]);
    const second = await t.call('POST', '/api/auth/passkeys/register/verify', {
      token,
      body: { response: authenticator.create(next as never) },
    });
    expect(second.status).toBe(200);
    expect(second.body.data.recoveryCodes).toBeNull();
  });

  it('refuses an answer made for another site, for another account’s challenge, or from a "log in as" session', async () => {
    const member = await createMember(t.db, { withUser: true });
    const token = await signIn(t, member.user?.email as string);
    const options = data(await t.call('POST', '/api/auth/passkeys/register/options', { token, body: { password: STRONG_PASSWORD } }));
    const phishing = new SoftAuthenticator('http://portal.test.evil.example').create(options as never);
    const refused = await t.call('POST', '/api/auth/passkeys/register/verify', { token, body: { response: phishing } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(passkeyMessages.failed);

    const other = await createMember(t.db, { withUser: true });
    const otherToken = await signIn(t, other.user?.email as string);
    const theirs = data(
      await t.call('POST', '/api/auth/passkeys/register/options', { token: otherToken, body: { password: STRONG_PASSWORD } }),
    );
    const stolen = await t.call('POST', '/api/auth/passkeys/register/verify', {
      token,
      body: { response: new SoftAuthenticator(ORIGIN).create(theirs as never) },
    });
    expect(stolen.body.message).toBe(passkeyMessages.expired);

    const admin = await createUser(t.db, { isAdmin: true });
    const adminToken = await signIn(t, admin.email);
    const loginAs = await t.call('POST', '/api/admin/loginas', { token: adminToken, body: { id: member.user?.id } });
    const asMember = loginAs.body.data.token as string;
    const impersonated = await t.call('POST', '/api/auth/passkeys/register/options', {
      token: asMember,
      body: { password: STRONG_PASSWORD },
    });
    expect(impersonated.status).toBe(403);
    expect(impersonated.body.message).toBe(mfaMessages.impersonated);
  });
});

describe('signing in with a passkey', () => {
  it('alone: no e-mail, no password; the session counts as second-factor checked; the passkey shows when it was used', async () => {
    const { user, authenticator } = await memberWithPasskey();
    const options = data(await t.call('POST', '/api/auth/passkeys/sign-in/options', { body: {}, ip: uniqueIp() }));
    expect(options).toMatchObject({ rpId: 'portal.test', allowCredentials: [], userVerification: 'required' });

    const signedIn = await passkeySignIn(authenticator);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user.email).toBe(user.email);
    const token = signedIn.body.data.token as string;
    const status = (await t.call('GET', '/api/auth/mfa', { token })).body.data;
    expect(status.verifiedAt).not.toBeNull();
    expect(status.passkeys[0].lastUsedAt).not.toBeNull();
  });

  it('refuses a replayed answer, one without the person verified, one from another site, and a passkey not registered', async () => {
    const { authenticator } = await memberWithPasskey();
    let replay: unknown;
    expect((await passkeySignIn(authenticator, (r) => (replay = r))).status).toBe(200);
    const again = await t.call('POST', '/api/auth/passkeys/sign-in/verify', { body: { response: replay }, ip: uniqueIp() });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(passkeyMessages.expired);

    const ip = uniqueIp();
    const options = data(await t.call('POST', '/api/auth/passkeys/sign-in/options', { body: {}, ip }));
    const unverified = authenticator.get(options, { userVerified: false });
    expect((await t.call('POST', '/api/auth/passkeys/sign-in/verify', { body: { response: unverified }, ip })).body.message).toBe(
      passkeyMessages.failed,
    );
    const elsewhere = data(await t.call('POST', '/api/auth/passkeys/sign-in/options', { body: {}, ip }));
    const phished = authenticator.get(elsewhere, { origin: 'http://evil.example' });
    expect((await t.call('POST', '/api/auth/passkeys/sign-in/verify', { body: { response: phished }, ip })).status).toBe(400);

    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.create({ challenge: 'x', rp: { id: 'portal.test' }, user: { id: 'AAAA' } });
    const unknown = await passkeySignIn(stranger);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(passkeyMessages.notRecognised);
    // Hostile shapes are refused with the reason, never a 5xx.
    const garbage = await t.call('POST', '/api/auth/passkeys/sign-in/verify', {
      body: {
        response: {
          id: 'x',
          rawId: 'x',
          type: 'public-key',
          response: { clientDataJSON: '!!', authenticatorData: '', signature: '' },
          clientExtensionResults: {},
        },
      },
      ip,
    });
    expect(garbage.status).toBe(400);
  });

  it('after the password, as the second step: the ticket lists the passkey, is used once, and only for that account', async () => {
    const { user, authenticator } = await memberWithPasskey();
    const login = await t.call('POST', '/api/auth/login', { body: { email: user.email, password: STRONG_PASSWORD }, ip: uniqueIp() });
    expect(login.body.data).toMatchObject({ mfaRequired: true, methods: ['passkey', 'recovery'] });
    const mfaToken = login.body.data.mfaToken as string;

    // Someone else's passkey cannot answer this account's ticket.
    const other = await memberWithPasskey();
    const options = data(await t.call('POST', '/api/auth/passkeys/sign-in/options', { body: { mfaToken }, ip: uniqueIp() }));
    expect(options.allowCredentials).toHaveLength(1);
    expect(options.userVerification).toBe('preferred');
    const wrongOwner = await t.call('POST', '/api/auth/passkeys/sign-in/verify', {
      body: { mfaToken, response: other.authenticator.get(options) },
      ip: uniqueIp(),
    });
    expect(wrongOwner.body.message).toBe(passkeyMessages.notRecognised);

    const fresh = data(await t.call('POST', '/api/auth/passkeys/sign-in/options', { body: { mfaToken }, ip: uniqueIp() }));
    const done = await t.call('POST', '/api/auth/passkeys/sign-in/verify', {
      body: { mfaToken, response: authenticator.get(fresh, { userVerified: false }) },
      ip: uniqueIp(),
    });
    expect(done.status).toBe(200);
    expect(done.body.data.user.email).toBe(user.email);
    // The ticket is used up.
    const reused = await t.call('POST', '/api/auth/passkeys/sign-in/options', { body: { mfaToken }, ip: uniqueIp() });
    expect(reused.body.errors).toEqual({ mfaToken: [mfaMessages.signInExpired] });
  });
});

describe('step-up and removal', () => {
  it('removing one needs the password and a second-factor check in the last 15 minutes, which the passkey itself can give', async () => {
    const { user, token, authenticator, added } = await memberWithPasskey();
    const id = (added.passkey as { id: number }).id;
    const remove = (body: unknown, as = token, which = id) => t.call('POST', `/api/auth/passkeys/${which}/remove`, { token: as, body });

    await t.db
      .update(sessions)
      .set({ mfaAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(sessions.userId, user.id));
    const stale = await remove({ password: STRONG_PASSWORD });
    expect(stale.status).toBe(403);
    expect(stale.body.errors).toEqual({ mfa: [MFA_STEP_UP] });

    const options = data(await t.call('POST', '/api/auth/passkeys/step-up/options', { token }));
    expect(options.allowCredentials).toHaveLength(1);
    const stepped = await t.call('POST', '/api/auth/passkeys/step-up/verify', { token, body: { response: authenticator.get(options) } });
    expect(stepped.status).toBe(200);
    expect(stepped.body.data.verifiedAt).not.toBeNull();

    expect((await remove({ password: 'wrong' })).body.errors).toEqual({ password: [mfaMessages.passwordWrong] });
    const stranger = await memberWithPasskey();
    expect((await remove({ password: STRONG_PASSWORD }, stranger.token)).status).toBe(404);
    expect((await remove({ password: STRONG_PASSWORD }, token, 2_147_483_648)).status).toBe(400);

    const removed = await remove({ password: STRONG_PASSWORD });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ message: passkeyMessages.removed, mfaEnabled: false });
    // The last factor gone: two-step sign-in is off and the recovery codes went with it; the passkey no longer signs in.
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.mfaEnabled).toBe(false);
    expect(await t.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id))).toEqual([]);
    expect((await passkeySignIn(authenticator)).body.message).toBe(passkeyMessages.notRecognised);
    expect((await t.outboxFor(user.email)).some((m) => m.subject?.startsWith('A passkey was removed'))).toBe(true);
    expect(await auditActions(user.email)).toContain('passkey.removed');
  });

  it('a passkey is enough for staff: an approver enrols with one instead of an authenticator app', async () => {
    const approver = await createUser(t.db, { isApprover: true });
    const login = await t.call('POST', '/api/auth/login', { body: { email: approver.email, password: STRONG_PASSWORD }, ip: uniqueIp() });
    const token = login.body.data.token as string;
    expect((await t.call('GET', '/api/admin/applications', { token })).body.errors).toEqual({ mfa: [MFA_ENROL] });
    const authenticator = new SoftAuthenticator(ORIGIN);
    expect((await addPasskey(token, authenticator)).status).toBe(200);
    expect((await t.call('GET', '/api/admin/applications', { token })).status).toBe(200);

    // Another administrator's reset takes the passkeys too.
    const admin = await createUser(t.db, { isAdmin: true });
    const adminToken = await signIn(t, admin.email);
    await t.call('POST', `/api/admin/users/${approver.id}/mfa/reset`, { token: adminToken, body: { reason: 'Lost phone' } });
    expect((await passkeySignIn(authenticator)).body.message).toBe(passkeyMessages.notRecognised);
  });

  it('with an authenticator app as well, removing the app leaves the passkey and two-step sign-in on', async () => {
    const { user, token } = await memberWithPasskey();
    const setup = await t.call('POST', '/api/auth/mfa/totp/setup', { token });
    expect(setup.status).toBe(200);
    const { totpCode } = await import('../mfa/totp');
    expect((await t.call('POST', '/api/auth/mfa/totp/enable', { token, body: { code: totpCode(setup.body.data.secret) } })).status).toBe(
      200,
    );
    const removed = await t.call('POST', '/api/auth/mfa/totp/remove', {
      token,
      body: { password: STRONG_PASSWORD, code: await freshCode(t, user.id) },
    });
    expect(removed.status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.mfaEnabled).toBe(true);
    const login = await t.call('POST', '/api/auth/login', { body: { email: user.email, password: STRONG_PASSWORD }, ip: uniqueIp() });
    expect(login.body.data.methods).toEqual(['passkey', 'recovery']);
  });
});

describe('hostile input', () => {
  it('answers every passkey endpoint with a 4xx and the reason, never a 5xx', async () => {
    const { token, authenticator } = await memberWithPasskey();
    const assertion = authenticator.get({ challenge: 'never-issued', rpId: 'portal.test' });
    const probes: [string, unknown, string | undefined, number][] = [
      ['/api/auth/passkeys/sign-in/options', { mfaToken: 'a\u0000b' }, undefined, 400],
      ['/api/auth/passkeys/sign-in/options', { mfaToken: 'unknown-ticket' }, undefined, 400],
      ['/api/auth/passkeys/sign-in/verify', {}, undefined, 400],
      ['/api/auth/passkeys/sign-in/verify', { response: assertion }, undefined, 400],
      ['/api/auth/passkeys/sign-in/verify', { response: { ...assertion, type: 'password' } }, undefined, 400],
      ['/api/auth/passkeys/sign-in/verify', { response: { ...assertion, id: 'x'.repeat(2000) } }, undefined, 400],
      ['/api/auth/passkeys/register/options', {}, token, 400],
      ['/api/auth/passkeys/register/verify', { response: 'nope' }, token, 400],
      ['/api/auth/passkeys/register/verify', { response: assertion, name: 'x'.repeat(61) }, token, 400],
      ['/api/auth/passkeys/step-up/verify', { response: assertion }, token, 400],
      ['/api/auth/passkeys/step-up/options', {}, undefined, 401],
      ['/api/auth/passkeys/abc/remove', { password: STRONG_PASSWORD }, token, 400],
    ];
    for (const [url, body, as, status] of probes) {
      const response = await t.call('POST', url, { body, token: as, ip: uniqueIp() });
      expect({ url, body, status: response.status }).toEqual({ url, body, status });
      expect(response.body.message).toEqual(expect.any(String));
    }
  });
});
