import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  activateRequest,
  activationRequest,
  changePasswordRequest,
  email,
  loginRequest,
  memberNoSearchForm,
  newPassword,
  notificationRequest,
  otpCode,
  otpCodeError,
  PASSWORD_SPECIALS,
  passwordResetRequest,
  registerFormSchema,
  registerRequest,
  resetPasswordForm,
  sendOtpQuery,
  setPasswordWithTokenRequest,
  verifyOtpRequest,
  verifyRequest,
} from './auth';
import { messages } from './messages';

const GOOD = 'Str0ng!Pass';

/** Field name → messages of a failed parse; {} when the value is valid. */
function errorsOf(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    out[key] ??= [];
    out[key].push(issue.message);
  }
  return out;
}

describe('email', () => {
  // The first message is the one a person sees (the API answers it as `message`).
  it('is required', () => {
    expect(errorsOf(email, '')._[0]).toBe(messages.emailRequired);
    expect(errorsOf(email, '   ')._[0]).toBe(messages.emailRequired);
    expect(errorsOf(email, undefined)._).toEqual([messages.emailRequired]);
    expect(messages.emailRequired).toBe('E-mail is required');
  });

  it('must look like something@something', () => {
    expect(errorsOf(email, 'nope')._).toEqual(['E-mail must be valid']);
    expect(errorsOf(email, 'a @b')._).toEqual(['E-mail must be valid']);
    expect(errorsOf(email, '@')._).toEqual(['E-mail must be valid']);
  });

  it('is trimmed and lower-cased', () => {
    expect(email.parse('  Amina.Odhiambo@Example.CO.KE ')).toBe('amina.odhiambo@example.co.ke');
  });
});

describe('login request', () => {
  it('needs a password, any password', () => {
    expect(errorsOf(loginRequest, { email: 'a@b.co', password: '' })).toEqual({ password: ['Password is required'] });
    expect(errorsOf(loginRequest, { email: 'a@b.co' })).toEqual({ password: ['Password is required'] });
    // The strength rule applies to new passwords only, not to signing in.
    expect(loginRequest.parse({ email: 'A@B.co', password: 'x' })).toEqual({ email: 'a@b.co', password: 'x' });
  });
});

describe('new password rule', () => {
  const ruleError = { _: [messages.passwordRule] };

  it('has the spec wording', () => {
    expect(messages.passwordRule).toBe(
      'Password should contain: Minimum 8 and maximum 16 characters, at least one uppercase letter, one lowercase letter, one number and at least one special character(@$!#~^()`.,;:{}_/%*?&)',
    );
  });

  it('is required', () => {
    expect(errorsOf(newPassword, '')._).toEqual(['Password is required']);
    expect(errorsOf(newPassword, undefined)._).toEqual(['Password is required']);
  });

  it('accepts every special character of the set', () => {
    expect([...PASSWORD_SPECIALS]).toHaveLength(21);
    for (const special of PASSWORD_SPECIALS) {
      expect(errorsOf(newPassword, `Abcdef1${special}`), `special ${special}`).toEqual({});
      // in the middle of the password too, where regex metacharacters would misbehave
      expect(errorsOf(newPassword, `Ab${special}cdef12`), `special ${special} inside`).toEqual({});
    }
  });

  it('accepts 8 and 16 characters, refuses 7 and 17', () => {
    expect(errorsOf(newPassword, 'Abcde1!x')).toEqual({});
    expect(errorsOf(newPassword, 'Abcdefghijklm1!x')).toEqual({});
    expect('Abcdefghijklm1!x').toHaveLength(16);
    expect(errorsOf(newPassword, 'Abcd1!x')).toEqual(ruleError);
    expect(errorsOf(newPassword, 'Abcdefghijklmn1!x')).toEqual(ruleError);
    expect('Abcdefghijklmn1!x').toHaveLength(17);
  });

  it('needs a lowercase letter, an uppercase letter, a digit and a special character', () => {
    expect(errorsOf(newPassword, 'ABCDEF1!')).toEqual(ruleError);
    expect(errorsOf(newPassword, 'abcdef1!')).toEqual(ruleError);
    expect(errorsOf(newPassword, 'Abcdefg!')).toEqual(ruleError);
    expect(errorsOf(newPassword, 'Abcdefg1')).toEqual(ruleError);
  });

  it('refuses characters outside the allowed set', () => {
    expect(errorsOf(newPassword, 'Abcdef1!-')).toEqual(ruleError);
    expect(errorsOf(newPassword, 'Abcdef1! ')).toEqual(ruleError);
    expect(errorsOf(newPassword, 'Abcdef1!+')).toEqual(ruleError);
    expect(errorsOf(newPassword, 'Abcdéf1!')).toEqual(ruleError);
  });
});

describe('confirm password', () => {
  it("must equal the password: 'Password does not match'", () => {
    expect(errorsOf(resetPasswordForm, { password: GOOD, confirmPassword: `${GOOD}x` })).toEqual({
      confirmPassword: ['Password does not match'],
    });
    expect(errorsOf(resetPasswordForm, { password: GOOD, confirmPassword: '' }).confirmPassword).toContain('Password does not match');
    expect(errorsOf(resetPasswordForm, { password: GOOD, confirmPassword: GOOD })).toEqual({});
  });

  it('is checked by the reset-link, activation and change-password forms as well', () => {
    expect(errorsOf(setPasswordWithTokenRequest, { token: 't', password: GOOD, confirmPassword: 'other' })).toEqual({
      confirmPassword: [messages.passwordMismatch],
    });
    expect(errorsOf(setPasswordWithTokenRequest, { token: '', password: GOOD, confirmPassword: GOOD })).toEqual({
      token: [messages.fieldRequired],
    });
    expect(
      errorsOf(activateRequest, { email: 'a@b.co', otp_code: '123456', password: GOOD, confirmPassword: 'Str0ng!Pas' }).confirmPassword,
    ).toEqual([messages.passwordMismatch]);
    expect(errorsOf(changePasswordRequest, { password: GOOD, confirmPassword: 'Other!234' })).toEqual({
      confirmPassword: ['Password does not match'],
    });
  });
});

describe('change password (signed in)', () => {
  it("says 'Password is required' for empty fields and applies the rule", () => {
    const errors = errorsOf(changePasswordRequest, { password: '', confirmPassword: '' });
    expect(errors.password).toContain('Password is required');
    expect(errors.confirmPassword).toEqual(['Password is required']);
    expect(errorsOf(changePasswordRequest, { password: 'weakpass', confirmPassword: 'weakpass' })).toEqual({
      password: [messages.passwordRule],
    });
    expect(changePasswordRequest.parse({ password: GOOD, confirmPassword: GOOD })).toEqual({ password: GOOD, confirmPassword: GOOD });
  });
});

describe('register request (API)', () => {
  const valid = {
    email: 'Applicant@Example.com',
    phone: '0712000111',
    id_number: '30111222',
    password: GOOD,
    confirmPassword: GOOD,
    category: 'GRADUATE',
    type: 'Individual',
  };

  it('accepts a complete form and normalises the email', () => {
    const parsed = registerRequest.parse(valid);
    expect(parsed.email).toBe('applicant@example.com');
    expect(parsed.type).toBe('Individual');
  });

  it("says 'ID is required' and 'ID should be at least 6 characters'", () => {
    expect(errorsOf(registerRequest, { ...valid, id_number: '' }).id_number).toContain('ID is required');
    expect(errorsOf(registerRequest, { ...valid, id_number: '12345' })).toEqual({ id_number: ['ID should be at least 6 characters'] });
    expect(errorsOf(registerRequest, { ...valid, id_number: '123456' })).toEqual({});
  });

  it("checks the firm category's KRA PIN (A or P, nine digits, a letter) and keeps it upper-case", () => {
    const firm = { ...valid, category: 'CORPORATE', type: 'Corporate' };
    expect(errorsOf(registerRequest, { ...firm, id_number: 'P0512' })).toEqual({ id_number: [messages.firmPinFormat] });
    expect(errorsOf(registerRequest, { ...firm, id_number: 'X051234567K' })).toEqual({ id_number: [messages.firmPinFormat] });
    expect(errorsOf(registerRequest, { ...firm, id_number: 'P05123456K' })).toEqual({ id_number: [messages.firmPinFormat] });
    expect(registerRequest.parse({ ...firm, id_number: ' p051234567k ' }).id_number).toBe('P051234567K');
    expect(registerRequest.parse({ ...firm, id_number: 'A123456789Z' }).id_number).toBe('A123456789Z');
  });

  it("says 'Phone is required', takes every usual way of writing a Kenyan mobile and keeps one form", () => {
    expect(errorsOf(registerRequest, { ...valid, phone: '' }).phone).toEqual(['Phone is required']);
    expect(errorsOf(registerRequest, { ...valid, phone: undefined }).phone).toEqual(['Phone is required']);
    expect(errorsOf(registerRequest, { ...valid, phone: '07-12 abc' }).phone).toEqual([messages.mobileInvalid]);
    // A landline gets no SMS.
    expect(errorsOf(registerRequest, { ...valid, phone: '020 234 5678' }).phone).toEqual([messages.mobileInvalid]);
    for (const typed of ['0722 123 456', '0722-123-456', '+254 722 123 456', '254722123456', '(0722) 123456', '00254722123456'])
      expect(registerRequest.parse({ ...valid, phone: typed }).phone).toBe('254722123456');
    expect(registerRequest.parse({ ...valid, phone: '0110 123 456' }).phone).toBe('254110123456');
  });

  it('needs a category and a known type', () => {
    expect(errorsOf(registerRequest, { ...valid, category: ' ' }).category).toEqual([messages.fieldRequired]);
    expect(errorsOf(registerRequest, { ...valid, type: 'Firm' }).type).toHaveLength(1);
  });

  it("refuses a confirmation that differs: 'Password does not match'", () => {
    expect(errorsOf(registerRequest, { ...valid, confirmPassword: 'Str0ng!Pas' })).toEqual({
      confirmPassword: ['Password does not match'],
    });
  });
});

describe('register form schema (browser)', () => {
  const valid = { email: 'a@b.co', phone: '0712000111', password: GOOD, confirmPassword: GOOD };

  it('asks an individual for an ID of at least 6 characters', () => {
    const schema = registerFormSchema('GRADUATE');
    expect(errorsOf(schema, { ...valid, id_number: '' }).id_number).toEqual(['ID is required', 'ID should be at least 6 characters']);
    expect(errorsOf(schema, { ...valid, id_number: '12345' })).toEqual({ id_number: ['ID should be at least 6 characters'] });
    expect(errorsOf(schema, { ...valid, id_number: '123456' })).toEqual({});
  });

  it("asks a firm for its KRA PIN: 'Firm`s KRA pin is required', then its format", () => {
    const schema = registerFormSchema('CORPORATE');
    expect(errorsOf(schema, { ...valid, id_number: '' })).toEqual({ id_number: ['Firm`s KRA pin is required'] });
    expect(errorsOf(schema, { ...valid, id_number: '   ' })).toEqual({ id_number: ['Firm`s KRA pin is required'] });
    expect(errorsOf(schema, { ...valid, id_number: 'P05' })).toEqual({ id_number: [messages.firmPinFormat] });
    expect(schema.parse({ ...valid, id_number: 'p051234567x' }).id_number).toBe('P051234567X');
  });

  it("says 'Phone is required' and 'Password does not match'", () => {
    const schema = registerFormSchema('GRADUATE');
    expect(errorsOf(schema, { ...valid, id_number: '123456', phone: '' }).phone).toEqual(['Phone is required']);
    // The form takes the number as a person writes it (issue 16: '0722 123 456' was refused).
    expect(schema.parse({ ...valid, id_number: '123456', phone: '0722 123 456' }).phone).toBe('254722123456');
    expect(errorsOf(schema, { ...valid, id_number: '123456', confirmPassword: 'nope' })).toEqual({
      confirmPassword: ['Password does not match'],
    });
  });
});

describe('OTP', () => {
  it("says 'Field is required' when empty", () => {
    expect(errorsOf(otpCode, '')._[0]).toBe('Field is required');
    expect(errorsOf(otpCode, undefined)._).toEqual(['Field is required']);
  });

  it('must have exactly 6 digits', () => {
    expect(errorsOf(otpCode, '12345')._).toEqual(['OTP must have 6 digits']);
    expect(errorsOf(otpCode, '1234567')._).toEqual(['OTP must have 6 digits']);
    expect(errorsOf(otpCode, '12345a')._).toEqual(['OTP must have 6 digits']);
    expect(otpCode.parse(' 012345 ')).toBe('012345');
  });

  it('says the same without zod on the page (otpCodeError)', () => {
    for (const typed of ['', '   ', '12345', '1234567', '12345a', ' 012345 ', '012345']) {
      const parsed = otpCode.safeParse(typed);
      expect(otpCodeError(typed)).toBe(parsed.success ? null : parsed.error.issues[0].message);
    }
  });

  it('is checked against a named account id', () => {
    expect(errorsOf(verifyOtpRequest, { otp_code: '123456' }).id).toHaveLength(1);
    expect(errorsOf(verifyOtpRequest, { id: 0, otp_code: '123456' }).id).toHaveLength(1);
    expect(verifyOtpRequest.parse({ id: '7', otp_code: '123456' })).toEqual({ id: 7, otp_code: '123456' });
    expect(sendOtpQuery.parse({ user_id: '12' })).toEqual({ user_id: 12 });
    expect(sendOtpQuery.safeParse({ user_id: 'abc' }).success).toBe(false);
  });
});

describe("'Field is required' fields", () => {
  it('membership number', () => {
    expect(errorsOf(memberNoSearchForm, { memberNo: '' })).toEqual({ memberNo: ['Field is required'] });
    expect(errorsOf(memberNoSearchForm, { memberNo: '   ' })).toEqual({ memberNo: ['Field is required'] });
    expect(memberNoSearchForm.parse({ memberNo: ' M123 ' })).toEqual({ memberNo: 'M123' });
    expect(errorsOf(activationRequest, { memberNo: '', IdentificationDocumentNo: '1234567' })).toEqual({ memberNo: ['Field is required'] });
  });

  it('activation code', () => {
    expect(errorsOf(activateRequest, { email: 'a@b.co', otp_code: '', password: GOOD, confirmPassword: GOOD })).toEqual({
      otp_code: ['Field is required'],
    });
    expect(errorsOf(verifyRequest, { activation_code: '' })).toEqual({ activation_code: ['Field is required'] });
  });

  it('the activation request needs the ID number and defaults the optional fields', () => {
    expect(errorsOf(activationRequest, { memberNo: 'M1', IdentificationDocumentNo: ' ' })).toEqual({
      IdentificationDocumentNo: ['ID is required'],
    });
    expect(activationRequest.parse({ memberNo: 'M1', IdentificationDocumentNo: '1234567' })).toEqual({
      memberNo: 'M1',
      memberNameFirst: '',
      memberNameLast: '',
      IdentificationDocumentNo: '1234567',
      phoneNo: '',
      eMailAddress: '',
    });
  });
});

describe('password reset request', () => {
  it('validates the email', () => {
    expect(errorsOf(passwordResetRequest, { email: '' }).email[0]).toBe(messages.emailRequired);
    expect(errorsOf(passwordResetRequest, { email: 'x' })).toEqual({ email: [messages.emailInvalid] });
    expect(passwordResetRequest.parse({ email: 'X@Y.com' })).toEqual({ email: 'x@y.com' });
  });
});

describe('notification preferences', () => {
  it('turns the four flags into 1 or 0', () => {
    expect(notificationRequest.parse({ email_reminders: true, email_updates: 1, sms_reminders: '1', sms_updates: 'true' })).toEqual({
      email_reminders: 1,
      email_updates: 1,
      sms_reminders: 1,
      sms_updates: 1,
    });
    expect(notificationRequest.parse({ email_reminders: false, email_updates: 0, sms_reminders: '0', sms_updates: 'no' })).toEqual({
      email_reminders: 0,
      email_updates: 0,
      sms_reminders: 0,
      sms_updates: 0,
    });
  });

  it('needs all four', () => {
    expect(Object.keys(errorsOf(notificationRequest, { email_reminders: 1 })).sort()).toEqual([
      'email_updates',
      'sms_reminders',
      'sms_updates',
    ]);
  });
});
