import { formatDate } from '@portal/contract';

export const DAY_MS = 24 * 60 * 60 * 1000;

// Built once: constructing an Intl.DateTimeFormat costs far more than formatting with it (every public search asks for today).
const nairobiDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar date in Nairobi (the registration date on the membership record). */
export function nairobiDate(at: Date): string {
  return nairobiDay.format(at);
}

/**
 * A date as letters, e-mails and every PDF print it, the portal's one display form: 5 Mar 2026 (a calendar day as
 * it is, an instant as its Nairobi day; decision 040). Empty for none.
 */
export function longDate(value: Date | string | null | undefined): string {
  return formatDate(value);
}
