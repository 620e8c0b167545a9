/**
 * Phone numbers (decision 040), schema-free so the first load needs no zod. One stored form: the international
 * number in digits without the '+' ('254722123456'), the spec's normalised form (part 1 Pay Now, part 2 §5: a
 * leading + dropped, a leading 0 replaced by 254) and what M-Pesa (Daraja) takes; the SMS transport adds the '+'.
 * Shown one way everywhere: '+254 722 123 456'.
 */

/** Kenya's country calling code (part 2 §9: phone country prefix 254). */
export const KENYA_PREFIX = '254';
/** The example the forms and messages give. */
export const PHONE_EXAMPLE = '0722 123 456';

/**
 * 'any': Kenyan mobiles and landlines, and other countries' numbers written with '+' or '00'; 'mobile' (a number that
 * gets SMS): no Kenyan landline; 'mpesa': Kenyan mobiles only.
 */
export type PhoneKind = 'any' | 'mobile' | 'mpesa';

const SEPARATORS = /[\s().\-\u00a0\u2010-\u2015]/g;
const KENYAN_MOBILE = /^[17]\d{8}$/;
const KENYAN_NATIONAL = /^[1-9]\d{8}$/;
/** E.164: at most 15 digits after the '+'; shorter than 8 is no full number anywhere. */
const INTERNATIONAL = /^[1-9]\d{7,14}$/;

/**
 * The stored form of a phone number written any usual way, or null when it is none: '0722 123 456',
 * '0722-123-456', '(0722) 123456', '+254 722 123 456', '254722123456', '00254 722 123 456', '722 123 456' and
 * 0110 … all give '254722123456' (or '254110…'). Numbers of other countries written with '+' or '00'
 * ('+44 20 7946 0958') give their digits unless `kind` is 'mpesa'; Kenyan landlines ('020 234 5678') only with 'any'.
 */
export function parsePhone(text: string | null | undefined, kind: PhoneKind = 'any'): string | null {
  if (!text) return null;
  const compact = text.trim().replace(SEPARATORS, '');
  let international: string | null = null;
  if (compact.startsWith('+')) international = compact.slice(1);
  else if (compact.startsWith('00')) international = compact.slice(2);
  let national: string | null = null;
  if (international !== null) {
    if (!/^\d+$/.test(international)) return null;
    if (international.startsWith(KENYA_PREFIX)) national = international.slice(KENYA_PREFIX.length);
    else return kind !== 'mpesa' && INTERNATIONAL.test(international) ? international : null;
  } else if (/^0\d{9}$/.test(compact)) national = compact.slice(1);
  else if (/^254\d{9}$/.test(compact)) national = compact.slice(3);
  else if (/^\d{9}$/.test(compact)) national = compact;
  if (national === null) return null;
  const valid = kind === 'any' ? KENYAN_NATIONAL : KENYAN_MOBILE;
  return valid.test(national) ? `${KENYA_PREFIX}${national}` : null;
}

/**
 * A phone number as every screen, card and document shows it: '+254 722 123 456' (a landline '+254 20 234 5678',
 * another country's '+447946095800'). Stored values of any earlier form ('0722123456', '+254722123456') show the same;
 * text that is no phone number is shown as it is; empty for none.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value?.trim()) return '';
  const stored = parsePhone(value);
  if (!stored) return value.trim();
  if (!stored.startsWith(KENYA_PREFIX) || stored.length !== 12) return `+${stored}`;
  const n = stored.slice(3);
  return KENYAN_MOBILE.test(n)
    ? `+254 ${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`
    : `+254 ${n.slice(0, 2)} ${n.slice(2, 5)} ${n.slice(5)}`;
}

/** The number M-Pesa (Daraja) takes, '2547XXXXXXXX' or '2541XXXXXXXX', from any usual way of writing it; null otherwise. */
export function mpesaPhone(text: string | null | undefined): string | null {
  return parsePhone(text, 'mpesa');
}
