import { decodeBase64 } from '@portal/contract';

/**
 * A document code as the web routes carry it: raw, or base64-encoded (part 2 §2.5). Both forms are tried, the raw
 * one first. A raw value longer than `maxLength` names nothing.
 */
export function codeCandidates(code: string, maxLength = 400): string[] {
  const raw = code.trim();
  if (!raw || raw.length > maxLength) return [];
  const decoded = decodeBase64(raw)?.trim();
  const plausible = decoded && decoded !== raw && decoded.length <= 100 && /^[\x20-\x7E]+$/.test(decoded);
  return plausible ? [raw, decoded] : [raw];
}
