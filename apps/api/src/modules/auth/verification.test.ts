import { messages } from '@portal/contract';
import { schema } from '@portal/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerApplicant as registerNew } from '../../../test/auth';
import { createTestApp, createUser, uniqueIp } from '../../../test/harness';

const t = await createTestApp();

const registerApplicant = () => registerNew(t);

const verifyOtp = (id: number | undefined, otp_code: string) =>
  t.call('POST', '/api/auth/verify-otp', { body: { id, otp_code }, ip: uniqueIp() });
const verifyLink = (activation_code: string) => t.call('POST', '/api/auth/verify', { body: { activation_code }, ip: uniqueIp() });
const sendOtp = (userId: number) => t.call('GET', `/api/auth/send-otp?user_id=${userId}`, { ip: uniqueIp() });

async function expireCodes(userId: number, purpose: string) {
  await t.db
    .update(schema.oneTimeCodes)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(and(eq(schema.oneTimeCodes.userId, userId), eq(schema.oneTimeCodes.purpose, purpose)));
}

async function backdateCodes(userId: number, seconds: number) {
  await t.db
    .update(schema.oneTimeCodes)
    .set({ createdAt: new Date(Date.now() - seconds * 1000) })
    .where(eq(schema.oneTimeCodes.userId, userId));
}

async function isVerified(userId: number) {
  const [user] = await t.db.select().from(schema.users).where(eq(schema.users.id, userId));
  return user.emailVerifiedAt !== null;
}

describe('POST /api/auth/verify (activation link from the email)', () => {
  it('verifies the account and signs it in', async () => {
    const a = await registerApplicant();
    expect(a.link).toMatch(/^\/verify\/[A-Za-z0-9_-]{43}$/);
    const token = a.link.replace('/verify/', '');
    const response = await verifyLink(token);
    expect(response.status).toBe(200);
    expect(response.body.data.user).toMatchObject({ id: a.id, email: a.email });
    expect(response.body.data.user.email_verified_at).not.toBeNull();
    expect(await isVerified(a.id)).toBe(true);
    const me = await t.call('GET', '/api/auth/user', { token: response.body.data.token });
    expect(me.body.data.id).toBe(a.id);
  });

  it('works once: the second use fails', async () => {
    const a = await registerApplicant();
    const token = a.link.replace('/verify/', '');
    expect((await verifyLink(token)).status).toBe(200);
    const again = await verifyLink(token);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Failed to activate account. Please contact administrator');
    expect(again.body).not.toHaveProperty('data');
  });

  it('fails once expired', async () => {
    const a = await registerApplicant();
    await expireCodes(a.id, 'activation_link');
    const response = await verifyLink(a.link.replace('/verify/', ''));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(messages.activationFailed);
    expect(await isVerified(a.id)).toBe(false);
  });

  it('fails for a made-up code and for the OTP', async () => {
    const a = await registerApplicant();
    expect((await verifyLink('made-up-token')).status).toBe(400);
    expect((await verifyLink(a.otp)).status).toBe(400);
    expect(await isVerified(a.id)).toBe(false);
  });

  it("says 'Field is required' for an empty code", async () => {
    const response = await verifyLink('');
    expect(response.status).toBe(400);
    expect(response.body.errors.activation_code).toEqual(['Field is required']);
  });
});

describe('POST /api/auth/verify-otp', () => {
  it('verifies the account with the OTP from the SMS', async () => {
    const a = await registerApplicant();
    const response = await verifyOtp(a.id, a.otp);
    expect(response.status).toBe(200);
    expect(response.body.data.user.id).toBe(a.id);
    expect(await isVerified(a.id)).toBe(true);
  });

  it("refuses a wrong code with 400 'Invalid or expired OTP'", async () => {
    const a = await registerApplicant();
    const wrong = a.otp === '000000' ? '111111' : '000000';
    const response = await verifyOtp(a.id, wrong);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Invalid or expired OTP');
    expect(await isVerified(a.id)).toBe(false);
    // one wrong try does not kill the code
    expect((await verifyOtp(a.id, a.otp)).status).toBe(200);
  });

  it('refuses even the right code with 429 after 5 wrong tries', async () => {
    const a = await registerApplicant();
    const wrong = a.otp === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await verifyOtp(a.id, wrong)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await verifyOtp(a.id, a.otp);
    expect(right.status).toBe(429);
    expect(right.body.message).toBe(messages.tooManyOtpTries);
    expect(await isVerified(a.id)).toBe(false);
  });

  it('refuses an expired code', async () => {
    const a = await registerApplicant();
    await expireCodes(a.id, 'otp');
    const response = await verifyOtp(a.id, a.otp);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(messages.invalidOtp);
    expect(await isVerified(a.id)).toBe(false);
  });

  it('works once', async () => {
    const a = await registerApplicant();
    expect((await verifyOtp(a.id, a.otp)).status).toBe(200);
    const again = await verifyOtp(a.id, a.otp);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(messages.invalidOtp);
  });

  it('accepts the code only once when it arrives twice at once', async () => {
    const a = await registerApplicant();
    const results = await Promise.all([verifyOtp(a.id, a.otp), verifyOtp(a.id, a.otp)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await t.db.select().from(schema.sessions).where(eq(schema.sessions.userId, a.id))).toHaveLength(1);
  });

  it("does not let user A's code verify user B: the request names the account", async () => {
    const a = await registerApplicant();
    const b = await registerApplicant();
    const crossed = await verifyOtp(b.id, a.otp === b.otp ? '999999' : a.otp);
    expect(crossed.status).toBe(400);
    expect(await isVerified(b.id)).toBe(false);
    expect(await isVerified(a.id)).toBe(false);

    const unnamed = await t.call('POST', '/api/auth/verify-otp', { body: { otp_code: a.otp }, ip: uniqueIp() });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.errors).toHaveProperty('id');
    expect(await isVerified(a.id)).toBe(false);

    // A's code still verifies A
    expect((await verifyOtp(a.id, a.otp)).status).toBe(200);
  });

  it('refuses an unknown account id with the same message', async () => {
    const response = await verifyOtp(987654, '123456');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(messages.invalidOtp);
  });

  it('answers the spec messages for a malformed code', async () => {
    const a = await registerApplicant();
    const empty = await verifyOtp(a.id, '');
    expect(empty.status).toBe(400);
    expect(empty.body.errors.otp_code[0]).toBe('Field is required');
    const short = await verifyOtp(a.id, '12345');
    expect(short.body.errors.otp_code).toEqual(['OTP must have 6 digits']);
  });
});

describe('GET /api/auth/send-otp', () => {
  it('refuses a resend within 60 seconds of the last code', async () => {
    const a = await registerApplicant();
    const response = await sendOtp(a.id);
    expect(response.status).toBe(429);
    expect(response.body.message).toBe('Please wait a minute before requesting another code');
    expect(await t.outboxFor(a.phone)).toHaveLength(1);
  });

  it('sends a new code after 60 seconds, and only the newest code works', async () => {
    const a = await registerApplicant();
    await backdateCodes(a.id, 61);
    const response = await sendOtp(a.id);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ message: 'OTP sent' });
    const messagesToPhone = await t.outboxFor(a.phone);
    expect(messagesToPhone).toHaveLength(2);
    expect(messagesToPhone[0].channel).toBe('sms');
    const fresh = await t.latestCode(a.phone);
    if (fresh !== a.otp) {
      expect((await verifyOtp(a.id, a.otp)).status).toBe(400);
    }
    expect((await verifyOtp(a.id, fresh)).status).toBe(200);
  });

  it('gives the same answer for an unknown id, and sends nothing', async () => {
    const before = await t.db.select().from(schema.outbox);
    const response = await sendOtp(999999);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ message: 'OTP sent' });
    expect(await t.db.select().from(schema.outbox)).toHaveLength(before.length);
  });

  it('gives the same answer for an account that is already verified, and sends nothing', async () => {
    const user = await createUser(t.db, { phone: '254714999999' });
    const response = await sendOtp(user.id);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ message: 'OTP sent' });
    expect(await t.outboxFor('254714999999')).toHaveLength(0);
  });

  it('refuses a non-numeric id with 400', async () => {
    const response = await t.call('GET', '/api/auth/send-otp?user_id=abc', { ip: uniqueIp() });
    expect(response.status).toBe(400);
  });
});
