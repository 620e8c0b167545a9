import { formatPhone, parsePhone } from './phone';

/** Base64 of UTF-8 text, the encoding the spec uses for route and query values. Works in browsers and Node. */
export function encodeBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text PostgreSQL can keep (in text and jsonb alike): no NUL, no half of a surrogate pair. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !loneSurrogate.test(text);
}

/** The UTF-8 text a base64 value (either alphabet) carries; null when it is not base64 of storable UTF-8 text. */
export function decodeBase64(value: string): string | null {
  try {
    const bin = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return isStorableText(text) ? text : null;
  } catch {
    return null;
  }
}

export function encodeJson(value: unknown): string {
  return encodeBase64(JSON.stringify(value));
}

/** The JSON a base64 value carries; null when it does not parse or holds text PostgreSQL cannot keep (an escaped NUL). */
export function decodeJson<T>(value: string | undefined | null): T | null {
  if (!value) return null;
  const text = decodeBase64(value);
  if (text === null) return null;
  try {
    return JSON.parse(text, (key, item) => {
      if (!isStorableText(key) || (typeof item === 'string' && !isStorableText(item))) throw new Error('unstorable text');
      return item;
    }) as T;
  } catch {
    return null;
  }
}

/**
 * A phone number with its middle hidden, in the one display form (decision 040): '+254 712 *** *78' (the country
 * code, the operator's three digits and the last two); other text shows its first 4 and last 2 characters.
 */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const shown = formatPhone(phone);
  if (/^\+254 \d{3} \d{3} \d{3}$/.test(shown)) return `${shown.slice(0, 8)} *** *${shown.slice(-2)}`;
  if (phone.length <= 6) return '*'.repeat(phone.length);
  return `${phone.slice(0, 4)}${'*'.repeat(phone.length - 6)}${phone.slice(-2)}`;
}

export function maskEmail(email: string | null | undefined): string {
  if (!email) return '';
  const [user, domain] = email.split('@');
  if (!domain) return '***';
  return `${user.slice(0, 1)}${'*'.repeat(Math.max(user.length - 1, 2))}@${domain}`;
}

/**
 * Kenyan phone normalisation (part 2 §5): a leading + is dropped, a leading 0 becomes 254; any usual way of writing
 * a number gives the stored form ('0722 123 456' → '254722123456', parsePhone); other text only loses its spaces.
 */
export function normalisePhone(phone: string): string {
  const parsed = parsePhone(phone);
  if (parsed) return parsed;
  const trimmed = phone.trim().replace(/\s+/g, '');
  if (trimmed.startsWith('+')) return trimmed.slice(1);
  if (trimmed.startsWith('0')) return `254${trimmed.slice(1)}`;
  return trimmed;
}
