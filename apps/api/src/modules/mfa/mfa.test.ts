import { MFA_ENROL, MFA_STEP_UP, mfaMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMember, createTestApp, createUser, STRONG_PASSWORD, signIn, uniqueIp } from '../../../test/harness';
import { enrolTotp, freshCode } from '../../../test/mfa';
import { currentStep, totpCode } from './totp';

const t = await createTestApp();
const { auditLog, oneTimeCodes, sessions } = schema;

/** Signs in with the password alone, as a client would: the session, or the second step's ticket. */
async function passwordStep(email: string, ip = uniqueIp()) {
  const response = await t.call('POST', '/api/auth/login', { body: { email, password: STRONG_PASSWORD }, ip });
  expect(response.status).toBe(200);
  return response.body.data as { token?: string; mfaRequired?: true; mfaToken?: string; methods?: string[] };
}

const verify = (mfaToken: string, code: string) => t.call('POST', '/api/auth/mfa/verify', { body: { mfaToken, code }, ip: uniqueIp() });

/** A member with an authenticator set up through the API; answers their secret, recovery codes and e-mail. */
async function enrolledMember() {
  const member = await createMember(t.db, { withUser: true });
  const user = member.user;
  if (!user) throw new Error('member without user');
  const first = await passwordStep(user.email);
  const enrolled = await enrolTotp(t, first.token as string);
  return { user, ...enrolled };
}

async function auditActions(target: string) {
  const rows = await t.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(desc(auditLog.id));
  return rows.map((r) => r.action);
}

describe('setting up an authenticator app', () => {
  it('answers a key, its otpauth URL and QR code; a wrong first code is refused; the right one turns it on with 10 recovery codes', async () => {
    const member = await createMember(t.db, { withUser: true });
    const email = member.user?.email as string;
    const { token } = await passwordStep(email);
    const setup = await t.call('POST', '/api/auth/mfa/totp/setup', { token });
    expect(setup.status).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain(`otpauth://totp/`);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    // The key is kept sealed: a copy of the database alone does not give the codes.
    const [stored] = await t.db
      .select()
      .from(schema.mfaFactors)
      .where(eq(schema.mfaFactors.userId, member.user?.id as number));
    expect(stored.secret).toMatch(/^v1:/);
    expect(stored.secret).not.toContain(secret);

    const wrong = await t.call('POST', '/api/auth/mfa/totp/enable', {
      token,
      body: { code: '000000' === totpCode(secret) ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.code).toEqual([mfaMessages.codeInvalid]);

    const enabled = await t.call('POST', '/api/auth/mfa/totp/enable', { token, body: { code: totpCode(secret) } });
    expect(enabled.status).toBe(200);
    expect(enabled.body.data.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.body.data.recoveryCodes).size).toBe(10);
    const status = await t.call('GET', '/api/auth/mfa', { token });
    expect(status.body.data).toMatchObject({ recoveryCodesLeft: 10, required: false });
    expect(status.body.data.totp.enabledAt).toBeTruthy();
    expect((await t.outboxFor(email)).some((m) => m.subject?.startsWith('Two-step sign-in is on'))).toBe(true);
    expect(await auditActions(email)).toContain('mfa.enabled');

    // Once on, a second set-up is refused until it is turned off.
    expect((await t.call('POST', '/api/auth/mfa/totp/setup', { token })).status).toBe(409);
  });
});

describe('signing in with a second factor', () => {
  it('asks for the code after the password, with no session; the code answers the session', async () => {
    const { user, secret } = await enrolledMember();
    const challenge = await passwordStep(user.email);
    expect(challenge).toEqual({ mfaRequired: true, mfaToken: expect.any(String), methods: ['totp', 'recovery'] });
    expect(challenge.token).toBeUndefined();
    // The set-up took this step's code: the next step's code (the app's next one) signs in.
    const next = totpCode(secret, Date.now() + 30_000);
    const session = await verify(challenge.mfaToken as string, next);
    expect(session.status).toBe(200);
    expect(session.body.data.user.email).toBe(user.email);
    expect((await t.call('GET', '/api/auth/user', { token: session.body.data.token })).status).toBe(200);
  });

  it('refuses a wrong code, a replayed one, and a ticket used, expired or worn out by five wrong codes', async () => {
    const { user } = await enrolledMember();
    const first = await passwordStep(user.email);
    const code = await freshCode(t, user.id);
    expect((await verify(first.mfaToken as string, '123456' === code ? '654321' : '123456')).body.errors.code).toEqual([
      mfaMessages.codeInvalid,
    ]);
    expect((await verify(first.mfaToken as string, code)).status).toBe(200);
    // The ticket works once.
    const reused = await verify(first.mfaToken as string, code);
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe(mfaMessages.signInExpired);
    // The same code again, on a new ticket: a replay.
    const second = await passwordStep(user.email);
    const replay = await verify(second.mfaToken as string, code);
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe(mfaMessages.codeInvalid);

    // An expired ticket.
    await t.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oneTimeCodes.userId, user.id), eq(oneTimeCodes.purpose, 'mfa_login')));
    expect((await verify(second.mfaToken as string, await freshCode(t, user.id))).body.message).toBe(mfaMessages.signInExpired);

    // Five wrong codes end a ticket: the right one after them is refused too.
    const third = await passwordStep(user.email);
    const wrong = (await freshCode(t, user.id)) === '000000' ? '999999' : '000000';
    const answers = await Promise.all(Array.from({ length: 8 }, () => verify(third.mfaToken as string, wrong)));
    expect(answers.filter((a) => a.status === 400 && a.body.message === mfaMessages.codeInvalid).length).toBeLessThanOrEqual(4);
    expect((await verify(third.mfaToken as string, await freshCode(t, user.id))).body.message).toBe(mfaMessages.signInExpired);
  });

  it('takes each recovery code once, and says so by e-mail and in the audit log', async () => {
    const { user, recoveryCodes } = await enrolledMember();
    const first = await passwordStep(user.email);
    const used = await verify(first.mfaToken as string, recoveryCodes[3].toUpperCase());
    expect(used.status).toBe(200);
    const second = await passwordStep(user.email);
    expect((await verify(second.mfaToken as string, recoveryCodes[3])).body.message).toBe(mfaMessages.codeInvalid);
    expect((await t.call('GET', '/api/auth/mfa', { token: used.body.data.token })).body.data.recoveryCodesLeft).toBe(9);
    const mails = (await t.outboxFor(user.email)).filter((m) => m.subject?.startsWith('A recovery code was used'));
    expect(mails).toHaveLength(1);
    expect(mails[0].body).toContain('9 of your recovery codes are left');
    expect(await auditActions(user.email)).toContain('mfa.recovery_code_used');
  });

  it('turns off only with the password and a current code', async () => {
    const { user } = await enrolledMember();
    const first = await passwordStep(user.email);
    const token = (await verify(first.mfaToken as string, await freshCode(t, user.id))).body.data.token;
    const code = await freshCode(t, user.id);
    const noPassword = await t.call('POST', '/api/auth/mfa/totp/remove', { token, body: { password: 'Wrong@2026x', code } });
    expect(noPassword.body.errors.password).toEqual([mfaMessages.passwordWrong]);
    const noCode = await t.call('POST', '/api/auth/mfa/totp/remove', { token, body: { password: STRONG_PASSWORD, code: 'abcd' } });
    expect(noCode.body.errors.code).toEqual([mfaMessages.codeInvalid]);
    const removed = await t.call('POST', '/api/auth/mfa/totp/remove', { token, body: { password: STRONG_PASSWORD, code } });
    expect(removed.status).toBe(200);
    expect((await passwordStep(user.email)).token).toBeTruthy();
    expect(await auditActions(user.email)).toContain('mfa.removed');
    expect((await t.outboxFor(user.email)).some((m) => m.subject?.startsWith('Two-step sign-in was turned off'))).toBe(true);
  });
});

describe('staff must enrol', () => {
  it('an approver without a second factor may only enrol: everything else answers 403 errors.mfa enrol', async () => {
    const approver = await createUser(t.db, { isApprover: true });
    const token = (await passwordStep(approver.email)).token as string;
    const queue = await t.call('GET', '/api/admin/applications', { token });
    expect(queue.status).toBe(403);
    expect(queue.body).toEqual({ message: mfaMessages.enrolRequired, errors: { mfa: [MFA_ENROL] } });
    expect((await t.call('POST', '/api/auth/set-password', { token, body: {} })).body.errors).toEqual({ mfa: [MFA_ENROL] });
    // What enrolment needs still answers.
    expect((await t.call('GET', '/api/auth/user', { token })).status).toBe(200);
    expect((await t.call('GET', '/api/auth/mfa', { token })).body.data).toMatchObject({ totp: null, required: true });

    await enrolTotp(t, token);
    expect((await t.call('GET', '/api/admin/applications', { token })).status).toBe(200);
    // From now on the password alone gives no session.
    expect((await passwordStep(approver.email)).mfaRequired).toBe(true);
  });
});

describe('step-up', () => {
  it('"log in as" needs a second-factor check within 15 minutes; a code in this session lets it go on', async () => {
    const admin = await createUser(t.db, { isAdmin: true });
    const token = await signIn(t, admin.email);
    const member = await createMember(t.db, { withUser: true });
    const loginAs = () => t.call('POST', '/api/admin/loginas', { token, body: { id: member.user?.id } });
    // Fresh from sign-in: allowed.
    expect((await loginAs()).status).toBe(200);

    // Sixteen minutes later: asked again.
    await t.db
      .update(sessions)
      .set({ mfaAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(sessions.userId, admin.id));
    const stale = await loginAs();
    expect(stale.status).toBe(403);
    expect(stale.body).toEqual({ message: mfaMessages.stepUpRequired, errors: { mfa: [MFA_STEP_UP] } });
    const wrongCode = await t.call('POST', '/api/auth/mfa/step-up', { token, body: { code: '12' } });
    expect(wrongCode.status).toBe(400);
    const stepped = await t.call('POST', '/api/auth/mfa/step-up', { token, body: { code: await freshCode(t, admin.id) } });
    expect(stepped.status).toBe(200);
    expect(Date.now() - Date.parse(stepped.body.data.verifiedAt)).toBeLessThan(5000);
    expect((await loginAs()).status).toBe(200);
  });
});

describe('a lost device', () => {
  it('another administrator resets it with a reason; never their own; a member cannot', async () => {
    const approver = await createUser(t.db, { isApprover: true });
    const approverToken = await signIn(t, approver.email);
    const admin = await createUser(t.db, { isAdmin: true });
    const adminToken = await signIn(t, admin.email);
    const reset = (token: string, id: number, reason = 'Phone stolen on 26 Nov') =>
      t.call('POST', `/api/admin/users/${id}/mfa/reset`, { token, body: { reason } });

    expect((await reset(adminToken, admin.id)).body.message).toBe(mfaMessages.cannotResetOwn);
    const member = await createMember(t.db, { withUser: true });
    const memberToken = await signIn(t, member.user?.email as string);
    expect((await reset(memberToken, approver.id)).status).toBe(403);
    expect((await reset(adminToken, approver.id, '  ')).status).toBe(400);

    const done = await reset(adminToken, approver.id);
    expect(done.status).toBe(200);
    // The approver's sessions ended; signing in again leads to enrolment.
    expect((await t.call('GET', '/api/admin/applications', { token: approverToken })).status).toBe(401);
    const again = await passwordStep(approver.email);
    expect((await t.call('GET', '/api/admin/applications', { token: again.token })).body.errors).toEqual({ mfa: [MFA_ENROL] });
    const mails = (await t.outboxFor(approver.email)).filter((m) => m.subject?.includes('second factor was reset'));
    expect(mails[0].body).toContain('Phone stolen on 26 Nov');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mfa.reset'), eq(auditLog.target, approver.email)));
    expect(entry).toMatchObject({ actorEmail: admin.email, details: { reason: 'Phone stolen on 26 Nov' } });
  });
});

describe('codes and steps', () => {
  it('takes a code of the step before and after (clock drift), not two steps away', async () => {
    const { user, secret } = await enrolledMember();
    const challenge = await passwordStep(user.email);
    const twoAhead = totpCode(secret, (currentStep() + 2) * 30_000 + 1000);
    expect((await verify(challenge.mfaToken as string, twoAhead)).status).toBe(400);
    const behind = totpCode(secret, Date.now() - 30_000);
    // The enrolment used the current step, so the step before it is a replay; one ahead is new.
    expect((await verify(challenge.mfaToken as string, behind)).status).toBe(400);
    expect((await verify(challenge.mfaToken as string, totpCode(secret, Date.now() + 30_000))).status).toBe(200);
  });
});
