/**
 * Dates as every table, card, e-mail and PDF shows them (decision 040): '21 Jun 2018', with the time
 * '21 Jun 2018, 14:05'. Schema-free (the first load needs no zod) and built by hand rather than with Intl, so the
 * server, the browser and the tests print the same whatever their ICU data ('Sep', never 'Sept').
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Nairobi keeps East Africa Time all year: UTC+3, no daylight saving. */
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The Nairobi wall clock of a value as UTC fields: a calendar day ('2018-06-21') is that day; an instant is read in Nairobi. */
function nairobiClock(value: Date | string): Date | null {
  if (typeof value === 'string') {
    const day = CALENDAR_DAY.exec(value.trim());
    if (day) {
      const date = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
      return Number.isNaN(date.getTime()) ? null : date;
    }
  }
  const at = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(at.getTime()) ? null : new Date(at.getTime() + NAIROBI_OFFSET_MS);
}

/** '21 Jun 2018' for a calendar day or an instant (its Nairobi day); empty for none or for what is no date. */
export function formatDate(value: Date | string | null | undefined): string {
  if (!value) return '';
  const at = nairobiClock(value);
  if (!at) return '';
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
}

/** '21 Jun 2018, 14:05': an instant in Nairobi time (a calendar day alone shows as formatDate). */
export function formatDateTime(value: Date | string | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string' && CALENDAR_DAY.test(value.trim())) return formatDate(value);
  const at = nairobiClock(value);
  if (!at) return '';
  const hh = String(at.getUTCHours()).padStart(2, '0');
  const mm = String(at.getUTCMinutes()).padStart(2, '0');
  return `${formatDate(value)}, ${hh}:${mm}`;
}

/** The calendar day in Nairobi, 'YYYY-MM-DD' (by hand: an Intl formatter with a time zone loads its data first). */
export function nairobiDay(at: Date = new Date()): string {
  return new Date(at.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 10);
}
