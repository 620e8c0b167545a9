import * as z from 'zod';
import { FIRM_REGISTRATION_CODE, KRA_PIN, MEMBER_TYPES, PASSWORD_PATTERN } from './auth-values';
import { TEXT_LIMITS as L } from './limits';
import { messages } from './messages';
import { type PhoneKind, parsePhone } from './phone';

/** The password rule, the KRA PIN, the member types and the firm's category code are in auth-values.ts (no zod). */
export * from './auth-values';

export const email = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, { message: messages.emailRequired, abort: true })
  .regex(/^\S+@\S+$/, messages.emailInvalid)
  .max(L.email, messages.emailTooLong)
  .transform((v) => v.toLowerCase());

export const newPassword = z
  .string({ error: messages.passwordRequired })
  .min(1, { message: messages.passwordRequired, abort: true })
  .regex(PASSWORD_PATTERN, messages.passwordRule)
  .max(L.password, messages.passwordTooLong);

const requiredField = (max: number) =>
  z.string({ error: messages.fieldRequired }).trim().min(1, messages.fieldRequired).max(max, messages.valueTooLong);
/** The bot check's solved challenge, when the form carries one. */
const voterToken = z.string().max(L.botToken, messages.valueTooLong).optional();
/**
 * A phone field (decision 040): any usual way of writing a number ('0722 123 456', '0722-123-456',
 * '+254 722 123 456', '254722123456', 0110 …) is taken and becomes the stored form '254722123456' (parsePhone), in
 * the form as on the server. `required` null: may be left empty (''). `kind`: which numbers (PhoneKind); `invalid`:
 * the message for one that is not, where the spec words it.
 */
export function phoneRule(required: string | null, kind: PhoneKind = 'any', invalid?: string) {
  const text = z
    .string({ error: required ?? messages.phoneInvalid })
    .trim()
    .max(L.phone, messages.valueTooLong);
  const check = (value: string, ctx: z.core.$RefinementCtx<string>) => {
    if (!value) {
      if (required) ctx.addIssue({ code: 'custom', message: required });
      return '';
    }
    const stored = parsePhone(value, kind);
    if (!stored) ctx.addIssue({ code: 'custom', message: invalid ?? (kind === 'any' ? messages.phoneInvalid : messages.mobileInvalid) });
    return stored ?? value;
  };
  return required ? text.transform(check) : text.optional().default('').transform(check);
}
const phone = () => phoneRule(messages.phoneRequired, 'mobile');

/** The firm's KRA PIN (registration under the firm category): required, its format checked, upper-cased. */
const firmPin = () =>
  z
    .string({ error: messages.firmPinRequired })
    .trim()
    .min(1, { message: messages.firmPinRequired, abort: true })
    .max(L.code, messages.valueTooLong)
    .transform((v) => v.toUpperCase())
    .refine((v) => KRA_PIN.test(v), messages.firmPinFormat);

function withConfirmation<T extends z.ZodRawShape>(shape: T) {
  return z
    .object({
      ...shape,
      password: newPassword,
      confirmPassword: z
        .string({ error: messages.passwordMismatch })
        .min(1, messages.passwordMismatch)
        .max(L.password, messages.passwordTooLong),
    })
    .refine(
      (v) => {
        const pair = v as { password: string; confirmPassword: string };
        return pair.password === pair.confirmPassword;
      },
      { message: messages.passwordMismatch, path: ['confirmPassword'] },
    );
}

export const loginRequest = z.object({
  email,
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(L.password, messages.passwordTooLong),
  /** Asked for once the account is past its limit of failed sign-ins (decision 029). */
  voterToken,
});
export type LoginRequest = z.input<typeof loginRequest>;

export const memberType = z.enum(MEMBER_TYPES);

export const registerRequest = withConfirmation({
  email,
  phone: phone(),
  id_number: z.string({ error: messages.idRequired }).trim().min(1, messages.idRequired).max(L.code, messages.valueTooLong),
  category: requiredField(L.code),
  type: memberType,
  voterToken,
})
  .superRefine((v, ctx) => {
    if (v.category === FIRM_REGISTRATION_CODE) {
      if (!KRA_PIN.test(v.id_number.toUpperCase())) ctx.addIssue({ code: 'custom', path: ['id_number'], message: messages.firmPinFormat });
    } else if (v.id_number.length < 6) {
      ctx.addIssue({ code: 'custom', path: ['id_number'], message: messages.idTooShort });
    }
  })
  // The firm's KRA PIN is kept upper-case, however it was typed.
  .transform((v) => (v.category === FIRM_REGISTRATION_CODE ? { ...v, id_number: v.id_number.toUpperCase() } : v));
export type RegisterRequest = z.input<typeof registerRequest>;

/** Register form: the ID field's message depends on the category, so the form builds its schema. */
export function registerFormSchema(categoryCode: string) {
  const firm = categoryCode === FIRM_REGISTRATION_CODE;
  return withConfirmation({
    email,
    phone: phone(),
    id_number: firm
      ? firmPin()
      : z.string().trim().min(1, messages.idRequired).min(6, messages.idTooShort).max(L.code, messages.valueTooLong),
  });
}

export const otpCode = z
  .string({ error: messages.fieldRequired })
  .trim()
  .min(1, { message: messages.fieldRequired, abort: true })
  .regex(/^\d{6}$/, messages.otpDigits)
  .max(L.short, messages.valueTooLong);

export const verifyOtpRequest = z.object({ id: z.coerce.number().int().positive(), otp_code: otpCode });
export const verifyRequest = z.object({ activation_code: requiredField(L.token) });
export const sendOtpQuery = z.object({ user_id: z.coerce.number().int().positive() });
export const passwordResetRequest = z.object({ email, voterToken });
export const setPasswordWithTokenRequest = withConfirmation({ token: requiredField(L.token) });
export const changePasswordRequest = z
  .object({
    password: z
      .string()
      .min(1, messages.passwordRequired)
      .regex(PASSWORD_PATTERN, messages.passwordRule)
      .max(L.password, messages.passwordTooLong),
    confirmPassword: z.string().min(1, messages.passwordRequired).max(L.password, messages.passwordTooLong),
  })
  .refine((v) => v.password === v.confirmPassword, { message: messages.passwordMismatch, path: ['confirmPassword'] });
export const resetPasswordForm = withConfirmation({});

const flag = z
  .union([z.boolean(), z.number(), z.string().max(L.flag, messages.valueTooLong)])
  .transform((v) => (v === true || v === 1 || v === '1' || v === 'true' ? 1 : 0));
export const notificationRequest = z.object({
  email_reminders: flag,
  email_updates: flag,
  sms_reminders: flag,
  sms_updates: flag,
});

export const memberNoSearchForm = z.object({ memberNo: requiredField(L.code) });
export const activationRequest = z.object({
  memberNo: requiredField(L.code),
  memberNameFirst: z.string().max(L.name, messages.valueTooLong).optional().default(''),
  memberNameLast: z.string().max(L.name, messages.valueTooLong).optional().default(''),
  IdentificationDocumentNo: z.string({ error: messages.idRequired }).trim().min(1, messages.idRequired).max(L.code, messages.valueTooLong),
  phoneNo: z.string().trim().max(L.phone, messages.valueTooLong).optional().default(''),
  eMailAddress: z.string().trim().max(L.email, messages.emailTooLong).optional().default(''),
  voterToken,
});
export type ActivationRequest = z.input<typeof activationRequest>;
export const activateRequest = withConfirmation({ email, otp_code: requiredField(L.short) });
export type ActivateRequest = z.input<typeof activateRequest>;

export const userSchema = z.object({
  id: z.number(),
  name: z.string().nullable(),
  email: z.string(),
  phone_no: z.string().nullable(),
  id_number: z.string().nullable(),
  category: z.string().nullable(),
  type: memberType,
  is_admin: z.boolean(),
  is_approver: z.boolean(),
  is_main_admin: z.boolean(),
  email_verified_at: z.string().nullable(),
  profile_id: z.string().nullable(),
  email_reminders: z.number(),
  email_updates: z.number(),
  sms_reminders: z.number(),
  sms_updates: z.number(),
  /** A second factor is on (staff must have one; issue 25). Optional for sessions saved before it existed. */
  mfa_enabled: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

export const impersonatorSchema = z.object({ id: z.number(), email: z.string(), name: z.string().nullable() });
export const sessionResponse = z.object({
  token: z.string(),
  user: userSchema,
  expires_at: z.string(),
  /** Set on a "log in as" session: the administrator behind it. */
  impersonator: impersonatorSchema.nullable().optional(),
});
export type SessionResponse = z.infer<typeof sessionResponse>;

export const otpTicket = z.object({ id: z.number(), phone_no: z.string() });
export type OtpTicket = z.infer<typeof otpTicket>;
