/** Base64 of UTF-8 text, the encoding the spec uses for route and query values. Works in browsers and Node. */
export function encodeBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

export function decodeBase64(value: string): string | null {
  try {
    const bin = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

export function encodeJson(value: unknown): string {
  return encodeBase64(JSON.stringify(value));
}

export function decodeJson<T>(value: string | undefined | null): T | null {
  if (!value) return null;
  const text = decodeBase64(value);
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** Shows the first 4 and last 2 digits of a phone number: 0712****78. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  if (phone.length <= 6) return '*'.repeat(phone.length);
  return `${phone.slice(0, 4)}${'*'.repeat(phone.length - 6)}${phone.slice(-2)}`;
}

export function maskEmail(email: string | null | undefined): string {
  if (!email) return '';
  const [user, domain] = email.split('@');
  if (!domain) return '***';
  return `${user.slice(0, 1)}${'*'.repeat(Math.max(user.length - 1, 2))}@${domain}`;
}

/** Kenyan phone normalisation (part 2 §5): a leading + is dropped, a leading 0 becomes 254. */
export function normalisePhone(phone: string): string {
  const trimmed = phone.trim().replace(/\s+/g, '');
  if (trimmed.startsWith('+')) return trimmed.slice(1);
  if (trimmed.startsWith('0')) return `254${trimmed.slice(1)}`;
  return trimmed;
}
