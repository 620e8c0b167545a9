/** The password rule, the KRA PIN, the member types and the firm's category code, without schemas (no zod). */

import { messages } from './messages';

/** Special characters allowed and required by the password rule (part 1 §5). */
export const PASSWORD_SPECIALS = '@$!#~^()`.,;:{}_/%*?&';
const specialsClass = PASSWORD_SPECIALS.replace(/[\\\]^-]/g, '\\$&');
export const PASSWORD_PATTERN = new RegExp(`^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[${specialsClass}])[A-Za-z\\d${specialsClass}]{8,16}$`);

/** A Kenya Revenue Authority PIN: A (a person) or P (a company), nine digits, a letter; typed in any case. */
export const KRA_PIN = /^[AP]\d{9}[A-Z]$/;

export const MEMBER_TYPES = ['Individual', 'Corporate'] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];
/** The category code whose registration asks for the firm's KRA PIN instead of an ID (part 1 §2). */
export const FIRM_REGISTRATION_CODE = 'CORPORATE';

/** What `otpCode` (auth.ts) says of a typed OTP, without zod: null when it is six digits (decision 054). */
export function otpCodeError(value: string): string | null {
  const code = value.trim();
  if (!code) return messages.fieldRequired;
  return /^\d{6}$/.test(code) ? null : messages.otpDigits;
}
