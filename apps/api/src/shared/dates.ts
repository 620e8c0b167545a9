import { formatDate } from '@portal/contract';

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * East Africa Time: UTC+3 all year, no summer time, since 1960. A fixed offset, so the day needs no time-zone
 * database look-up (Intl's formatter cost a measurable share of a public search; issue 27).
 */
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

/** The calendar date in Nairobi (the registration date on the membership record). */
export function nairobiDate(at: Date): string {
  return new Date(at.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * A date as letters, e-mails and every PDF print it, the portal's one display form: 5 Mar 2026 (a calendar day as
 * it is, an instant as its Nairobi day; decision 040). Empty for none.
 */
export function longDate(value: Date | string | null | undefined): string {
  return formatDate(value);
}
