export const DAY_MS = 24 * 60 * 60 * 1000;

// Built once: constructing an Intl.DateTimeFormat costs far more than formatting with it (every public search asks for today).
const nairobiDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi', year: 'numeric', month: '2-digit', day: '2-digit' });
const nairobiLongDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Nairobi' });

/** The calendar date in Nairobi (the registration date on the membership record). */
export function nairobiDate(at: Date): string {
  return nairobiDay.format(at);
}

/** Long dates as letters print them: 5 March 2026. */
export function longDate(value: Date | string | null | undefined): string {
  if (!value) return '';
  const date = typeof value === 'string' ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return nairobiLongDay.format(date);
}
