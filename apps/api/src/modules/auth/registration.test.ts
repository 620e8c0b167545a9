import { formatPhone, messages, parseMinorSettings } from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMember, createTestApp, createUser, STRONG_PASSWORD, uniqueIp } from '../../../test/harness';

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

let n = 0;
/** A registration nobody has used yet in this file. */
const fresh = (overrides: Record<string, unknown> = {}) => {
  n++;
  return registration({
    email: `applicant${n}@example.com`,
    phone: `07130${String(n).padStart(5, '0')}`,
    id_number: `4${String(n).padStart(7, '0')}`,
    ...overrides,
  });
};
const register = (body: Record<string, unknown>) => t.call('POST', '/api/auth/register', { body, ip: uniqueIp() });

describe('POST /api/auth/register: categories and settings', () => {
  it('refuses a category that cannot be applied for (ACCREDITED) with 400', async () => {
    const body = fresh({ category: 'ACCREDITED' });
    const response = await register(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(messages.categoryNotOpen);
    expect(response.body.errors.category).toEqual([messages.categoryNotOpen]);
    expect(
      await t.db
        .select()
        .from(schema.users)
        .where(eq(schema.users.email, body.email as string)),
    ).toHaveLength(0);
  });

  it('refuses an unknown category with 400', async () => {
    const response = await register(fresh({ category: 'ASTRONAUT' }));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(messages.categoryNotOpen);
  });

  it('refuses a category of the other type with 400', async () => {
    const individualAsFirm = await register(fresh({ category: 'GRADUATE', type: 'Corporate' }));
    expect(individualAsFirm.status).toBe(400);
    expect(individualAsFirm.body.message).toBe(messages.categoryNotOpen);
    const firmAsIndividual = await register(fresh({ category: 'CORPORATE', type: 'Individual', id_number: 'P051234567X' }));
    expect(firmAsIndividual.status).toBe(400);
    expect(firmAsIndividual.body.message).toBe(messages.categoryNotOpen);
  });

  it('answers 403 when the registration setting is off', async () => {
    const [row] = await t.db.select().from(schema.settings);
    const original = row.minorSettings;
    await t.db
      .update(schema.settings)
      .set({ minorSettings: JSON.stringify({ ...parseMinorSettings(original), registration: false }) })
      .where(eq(schema.settings.id, row.id));
    try {
      const body = fresh();
      const response = await register(body);
      expect(response.status).toBe(403);
      expect(response.body.message).toBe('Registration of new applicants is closed');
      expect(await t.outboxFor(body.email as string)).toHaveLength(0);
    } finally {
      await t.db.update(schema.settings).set({ minorSettings: original }).where(eq(schema.settings.id, row.id));
    }
    expect((await register(fresh())).status).toBe(200);
  });

  it('registers a firm (type Corporate, category CORPORATE) with its KRA PIN, kept upper-case', async () => {
    const body = fresh({ category: 'CORPORATE', type: 'Corporate', id_number: 'p051234567k' });
    const response = await register(body);
    expect(response.status).toBe(200);
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.id, response.body.data.id));
    expect(user).toMatchObject({ type: 'Corporate', category: 'CORPORATE', idNumber: 'P051234567K', emailVerifiedAt: null });
    const [application] = await t.db.select().from(schema.applications).where(eq(schema.applications.userId, user.id));
    expect(application).toMatchObject({ appliedCategory: 'CORPORATE', status: 'New', submitted: false });
    expect(Number(application.amount)).toBe(29000);
  });

  it("refuses a firm's KRA PIN that is not A or P, nine digits and a letter", async () => {
    for (const id_number of ['P0512', 'B051234567K', 'P0512345678'])
      expect((await register(fresh({ category: 'CORPORATE', type: 'Corporate', id_number }))).body.errors).toEqual({
        id_number: [messages.firmPinFormat],
      });
  });

  it("registers with '0722 123 456' and keeps the number in its one form, shown as '+254 722 123 456' (issue 16)", async () => {
    const body = fresh({ phone: '0722 123 456' });
    const response = await register(body);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.phone_no).toBe('254722123456');
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.id, response.body.data.id));
    expect(user.phoneNo).toBe('254722123456');
    expect(formatPhone(user.phoneNo)).toBe('+254 722 123 456');
    const [sms] = (await t.outboxFor('254722123456')).filter((m) => m.channel === 'sms');
    expect(sms?.body).toMatch(/\d{6}/);
    // A landline gets no SMS: refused with the reason.
    const landline = await register(fresh({ phone: '020 234 5678' }));
    expect(landline.status).toBe(400);
    expect(landline.body.errors.phone).toEqual([messages.mobileInvalid]);
  });

  it('still asks an individual for at least 6 characters of ID', async () => {
    const response = await register(fresh({ id_number: '12345' }));
    expect(response.status).toBe(400);
    expect(response.body.errors.id_number).toEqual(['ID should be at least 6 characters']);
  });

  it('stores the phone in 254 form and the password only as a hash', async () => {
    const response = await register(fresh({ phone: '+254713999001' }));
    expect(response.status).toBe(200);
    expect(response.body.data.phone_no).toBe('254713999001');
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.id, response.body.data.id));
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.passwordHash).not.toContain(STRONG_PASSWORD);
  });
});

describe('POST /api/auth/register: identity conflicts', () => {
  it('refuses an ID number that belongs to a registered member with 409', async () => {
    await createMember(t.db, { idNumber: '27654321' });
    const body = fresh({ id_number: '27654321' });
    const response = await register(body);
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('This ID number belongs to a registered member. Use Activate Account instead.');
    expect(response.body.errors.id_number).toHaveLength(1);
    expect(await t.outboxFor(body.email as string)).toHaveLength(0);
  });

  it('refuses an ID number another account already uses with 409, whatever its case', async () => {
    const user = await createUser(t.db);
    const response = await register(fresh({ id_number: (user.idNumber as string).toLowerCase() }));
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(messages.idTaken);
  });

  it('refuses a taken email whatever its case', async () => {
    await createUser(t.db, { email: 'taken.case@example.com' });
    const response = await register(fresh({ email: 'Taken.Case@Example.com' }));
    expect(response.status).toBe(409);
    expect(response.body.errors.email).toEqual([messages.emailTaken]);
  });
});
