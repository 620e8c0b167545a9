import { decodeJson, encodeBase64, messages } from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMember, createTestApp, createUser, type MemberOptions, STRONG_PASSWORD, uniqueIp } from '../../../test/harness';

const t = await createTestApp();

let n = 0;
/** A registered member without a portal account, with its own phone number. */
async function member(options: MemberOptions = {}) {
  n++;
  const phone = `07330${String(n).padStart(5, '0')}`;
  const { profile } = await createMember(t.db, { phone, ...options });
  return { profile, smsTo: `254${(profile.phoneNo ?? phone).slice(1)}` };
}

const search = (memberNo: string) =>
  t.call('GET', `/api/profile/search/member?MemberNo=${encodeURIComponent(memberNo)}`, { ip: uniqueIp() });
const requestActivation = (body: Record<string, unknown>) => t.call('POST', '/api/auth/activation', { body, ip: uniqueIp() });
const activate = (email: string, otp_code: string, password = STRONG_PASSWORD) =>
  t.call('POST', '/api/auth/activation/activate', { body: { email, otp_code, password, confirmPassword: password }, ip: uniqueIp() });

function activationBody(
  profile: { memberNo: string | null; identificationDocumentNo: string | null },
  overrides: Record<string, unknown> = {},
) {
  return {
    memberNo: profile.memberNo,
    memberNameFirst: 'Amina',
    memberNameLast: 'Odhiambo',
    IdentificationDocumentNo: profile.identificationDocumentNo,
    phoneNo: '0799999999',
    eMailAddress: 'someone.else@attacker.example',
    ...overrides,
  };
}

describe('GET /api/profile/search/member', () => {
  it('finds a member by base64 membership number and shows names and masked contacts', async () => {
    const { profile } = await member({ memberNo: 'A1001', email: 'amina.odhiambo@example.com', firstName: 'Amina', lastName: 'Odhiambo' });
    const response = await search(encodeBase64('A1001'));
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      MemberNo: 'A1001',
      FirstName: 'Amina',
      LastName: 'Odhiambo',
      maskedEmail: 'a*************@example.com',
      maskedPhone: `+254 ${profile.phoneNo?.slice(1, 4)} *** *${profile.phoneNo?.slice(-2)}`,
      activated: false,
    });
    expect(JSON.stringify(response.body)).not.toContain('amina.odhiambo@');
    expect(JSON.stringify(response.body)).not.toContain(profile.phoneNo);
    expect(JSON.stringify(response.body)).not.toContain(profile.identificationDocumentNo);
  });

  it('ignores case and surrounding spaces in the number', async () => {
    await member({ memberNo: 'A1002' });
    const response = await search(encodeBase64(' a1002 '));
    expect(response.status).toBe(200);
    expect(response.body.data.MemberNo).toBe('A1002');
  });

  it("answers 404 'Membership number not found' for an unknown number", async () => {
    const response = await search(encodeBase64('NOPE-404'));
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('Membership number not found');
  });

  it('answers 400 for a value that is not base64, or empty', async () => {
    const garbage = await search('%%%not-base64%%%');
    expect(garbage.status).toBe(400);
    expect(garbage.body.message).toBe(messages.fieldRequired);
    expect((await search('')).status).toBe(400);
    expect((await search(encodeBase64('   '))).status).toBe(400);
  });

  it('says when the member already has an account', async () => {
    await createMember(t.db, { memberNo: 'A1003', withUser: true });
    const response = await search(encodeBase64('A1003'));
    expect(response.body.data.activated).toBe(true);
  });
});

describe('POST /api/auth/activation', () => {
  it('refuses a wrong ID number with 400 and sends nothing', async () => {
    const { profile, smsTo } = await member();
    const response = await requestActivation(activationBody(profile, { IdentificationDocumentNo: '11111111' }));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('The ID/Passport number does not match our records for this membership number');
    expect(response.body.errors.IdentificationDocumentNo).toHaveLength(1);
    expect(await t.outboxFor(profile.email as string)).toHaveLength(0);
    expect(await t.outboxFor(smsTo)).toHaveLength(0);
  });

  it('sends one code by email and SMS to the contacts on record, never to those typed in the form', async () => {
    const { profile, smsTo } = await member();
    const response = await requestActivation(activationBody(profile));
    expect(response.status).toBe(200);
    expect(response.body.data.message).toBe('An activation code has been sent to your email and phone');
    expect(response.body.data.email).toMatch(/^m\*+@example\.com$/);
    expect(response.body.data.phone).toMatch(/^\+254 733 \*\*\* \*\d{2}$/);

    const [mail] = await t.outboxFor(profile.email as string);
    expect(mail.channel).toBe('email');
    expect(mail.subject).toMatch(/activation code/);
    const [sms] = await t.outboxFor(smsTo);
    expect(sms.channel).toBe('sms');
    const code = await t.latestCode(profile.email as string);
    expect(await t.latestCode(smsTo)).toBe(code);

    expect(await t.outboxFor('someone.else@attacker.example')).toHaveLength(0);
    expect(await t.outboxFor('0799999999')).toHaveLength(0);
    expect(await t.outboxFor('254799999999')).toHaveLength(0);
  });

  it('accepts the ID number whatever its case and spacing', async () => {
    const { profile } = await member({ idNumber: 'A1234567' });
    const response = await requestActivation(activationBody(profile, { IdentificationDocumentNo: ' a1234567 ' }));
    expect(response.status).toBe(200);
  });

  it('puts a link in the email that opens the code dialog with the email and code', async () => {
    // An address whose standard base64 would contain '/', which would split the /activate/:code route.
    const { profile } = await member({ email: 'a?b@example.com' });
    expect((await requestActivation(activationBody(profile))).status).toBe(200);
    const link = await t.latestLink('a?b@example.com');
    const value = link.replace(/^\/activate\//, '');
    expect(value).toMatch(/^[A-Za-z0-9_-]+=*$/);
    expect(decodeJson(value)).toEqual({ email: 'a?b@example.com', otp_code: await t.latestCode('a?b@example.com') });
  });

  it('answers 409 for a member who already has an account', async () => {
    const { profile } = await createMember(t.db, { withUser: true });
    const response = await requestActivation(activationBody(profile));
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(messages.memberAlreadyActivated);
  });

  it('answers 404 for an unknown membership number', async () => {
    const response = await requestActivation({ memberNo: 'NOPE-404', IdentificationDocumentNo: '12345678' });
    expect(response.status).toBe(404);
    expect(response.body.message).toBe(messages.memberNotFound);
  });

  it('answers 400 when no email is on record', async () => {
    const { profile } = await member({ email: null });
    const response = await requestActivation(activationBody(profile));
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/no email address on record/);
  });

  it('refuses, before sending anything, when the email on record already has another account', async () => {
    const { profile } = await member();
    await createUser(t.db, { email: profile.email as string });
    const response = await requestActivation(activationBody(profile));
    expect(response.status).toBe(409);
    expect(response.body.message).toMatch(/already used by another portal account/);
    expect(await t.outboxFor(profile.email as string)).toHaveLength(0);
  });

  it('does not send a second code within a minute', async () => {
    const { profile } = await member();
    expect((await requestActivation(activationBody(profile))).status).toBe(200);
    const again = await requestActivation(activationBody(profile));
    expect(again.status).toBe(429);
    expect(again.body.message).toBe(messages.otpResendWait);
    expect(await t.outboxFor(profile.email as string)).toHaveLength(1);
  });

  it("says 'Field is required' without a membership number", async () => {
    const response = await requestActivation({ memberNo: '', IdentificationDocumentNo: '12345678' });
    expect(response.status).toBe(400);
    expect(response.body.errors.memberNo).toEqual(['Field is required']);
  });
});

describe('POST /api/auth/activation/activate', () => {
  async function requestedMember() {
    const m = await member();
    expect((await requestActivation(activationBody(m.profile))).status).toBe(200);
    return { ...m, email: m.profile.email as string, code: await t.latestCode(m.profile.email as string) };
  }

  it('creates a verified user linked to the profile and signs it in', async () => {
    const { profile, email, code, smsTo } = await requestedMember();
    const response = await activate(email, code);
    expect(response.status).toBe(200);
    const { token, user } = response.body.data;
    expect(user).toMatchObject({
      email,
      profile_id: profile.profileId,
      phone_no: smsTo,
      id_number: profile.identificationDocumentNo,
      category: 'PROFESSIONAL',
      type: 'Individual',
      is_admin: false,
    });
    expect(user.email_verified_at).not.toBeNull();

    const mine = await t.call('GET', '/api/profile', { token });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ ProfileID: profile.profileId, MemberNo: profile.memberNo });

    // the new password signs in from now on
    const login = await t.call('POST', '/api/auth/login', { body: { email, password: STRONG_PASSWORD }, ip: uniqueIp() });
    expect(login.status).toBe(200);
    // and the member now shows as activated
    expect((await search(encodeBase64(profile.memberNo as string))).body.data.activated).toBe(true);
  });

  it('accepts the email in any case', async () => {
    const { profile, email, code } = await requestedMember();
    const response = await activate(email.toUpperCase(), code);
    expect(response.status).toBe(200);
    expect(response.body.data.user.profile_id).toBe(profile.profileId);
  });

  it('refuses a wrong code and creates no user', async () => {
    const { email, code } = await requestedMember();
    const response = await activate(email, code === '000000' ? '111111' : '000000');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Invalid or expired activation code');
    expect(await t.db.select().from(schema.users).where(eq(schema.users.email, email))).toHaveLength(0);
  });

  it('refuses the code for an email that is not on record', async () => {
    const { code } = await requestedMember();
    const response = await activate('someone.else@attacker.example', code);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(messages.invalidActivationCode);
  });

  it('works once: reusing the code fails', async () => {
    const { email, code } = await requestedMember();
    expect((await activate(email, code)).status).toBe(200);
    const again = await activate(email, code, 'An0ther!Pass');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(messages.invalidActivationCode);
    expect(await t.db.select().from(schema.users).where(eq(schema.users.email, email))).toHaveLength(1);
  });

  it('creates one account when the same code arrives twice at once', async () => {
    const { email, code } = await requestedMember();
    const results = await Promise.all([activate(email, code), activate(email, code), activate(email, code)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    expect(await t.db.select().from(schema.users).where(eq(schema.users.email, email))).toHaveLength(1);
  });

  it('refuses an expired code', async () => {
    const { profile, email, code } = await requestedMember();
    await t.db
      .update(schema.oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.oneTimeCodes.profileId, profile.profileId));
    expect((await activate(email, code)).status).toBe(400);
  });

  it('gives up on the code after 5 wrong tries', async () => {
    const { email, code } = await requestedMember();
    const wrong = code === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await activate(email, wrong)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
  });

  it('applies the password rule and the confirmation', async () => {
    const { email, code } = await requestedMember();
    const weak = await activate(email, code, 'password');
    expect(weak.status).toBe(400);
    expect(weak.body.errors.password).toEqual([messages.passwordRule]);
    const mismatch = await t.call('POST', '/api/auth/activation/activate', {
      body: { email, otp_code: code, password: STRONG_PASSWORD, confirmPassword: 'Different!1' },
      ip: uniqueIp(),
    });
    expect(mismatch.body.errors.confirmPassword).toEqual(['Password does not match']);
    // the refused forms did not use up the code
    expect((await activate(email, code)).status).toBe(200);
  });

  it('answers 409 when an account already uses the email', async () => {
    const { email, code } = await requestedMember();
    await createUser(t.db, { email });
    const response = await activate(email, code);
    expect(response.status).toBe(409);
  });
});
