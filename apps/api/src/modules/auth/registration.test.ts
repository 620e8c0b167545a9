import { describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, createTestApp } from '../../../test/harness';

const t = await createTestApp();

const registration = (overrides: Record<string, unknown> = {}) => ({
  email: 'new.applicant@example.com',
  phone: '0712000111',
  id_number: '30111222',
  password: STRONG_PASSWORD,
  confirmPassword: STRONG_PASSWORD,
  category: 'GRADUATE',
  type: 'Individual',
  ...overrides,
});

describe('POST /api/auth/register', () => {
  it('creates an unverified user, its first application, and sends an OTP and an activation link', async () => {
    const response = await t.call('POST', '/api/auth/register', { body: registration() });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ id: expect.any(Number), phone_no: '254712000111' });

    const sms = await t.outboxFor('254712000111');
    expect(sms[0].channel).toBe('sms');
    const email = await t.outboxFor('new.applicant@example.com');
    expect(email[0].body).toContain('http://portal.test/verify/');

    const login = await t.call('POST', '/api/auth/login', { body: { email: 'new.applicant@example.com', password: STRONG_PASSWORD } });
    expect(login.status).toBe(403);
    expect(login.body.otp).toEqual({ id: response.body.data.id, phone_no: '254712000111' });

    const otp = await t.latestCode('254712000111');
    const verified = await t.call('POST', '/api/auth/verify-otp', { body: { id: response.body.data.id, otp_code: otp } });
    expect(verified.status).toBe(200);
    expect(verified.body.data.user.email_verified_at).not.toBeNull();

    const apps = await t.call('GET', '/api/application', { token: verified.body.data.token });
    expect(apps.body.data).toHaveLength(1);
    expect(apps.body.data[0]).toMatchObject({ AppliedCategory: 'GRADUATE', Amount: 2320, status: 'New', Submitted: false });
  });

  it('refuses a taken email with 409', async () => {
    const response = await t.call('POST', '/api/auth/register', { body: registration({ id_number: '30111999' }) });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('An account with this email already exists');
  });

  it('answers the spec messages for a bad form', async () => {
    const response = await t.call('POST', '/api/auth/register', {
      body: registration({ email: 'nope', id_number: '123', password: 'short', confirmPassword: 'other', phone: '' }),
    });
    expect(response.status).toBe(400);
    expect(response.body.errors.email).toEqual(['E-mail must be valid']);
    expect(response.body.errors.phone).toContain('Phone is required');
    expect(response.body.errors.password[0]).toMatch(/^Password should contain: Minimum 8 and maximum 16 characters/);
  });
});
