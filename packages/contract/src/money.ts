/**
 * Money is carried as integer cents (KES minor units) on the server and in the database; the API shows
 * amounts in shillings with two decimals, as the spec's field names (amountLCY, BalanceLCY) expect.
 */

/** Shillings (a number or numeric text such as '2320.00') to integer cents, without floating-point drift. */
export function toCents(amount: number | string): number {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`Not an amount: ${amount}`);
  const [, sign, whole, fraction = ''] = match;
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign ? -value : value;
}

/** Integer cents to shillings for display and JSON (exact for any amount below 2^53 cents). */
export function fromCents(cents: number): number {
  if (!Number.isInteger(cents)) throw new Error(`Not a whole number of cents: ${cents}`);
  return cents / 100;
}

/** Integer cents as numeric text with two decimals, for numeric(14,2) columns and CSV exports. */
export function centsToText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The currency of every amount (part 2 §9: currency KES, locale en-KE, two decimals). */
export const CURRENCY = 'KES';

let intlFormat: Intl.NumberFormat | null = null;

/**
 * 2,320.00: en-KE grouping, always two decimals (for a figure whose label already names the currency). Written by
 * hand, as Intl would write it (the cent rounded half away from zero): the first Intl.NumberFormat a page builds
 * loads the locale's data, the longest single piece of work of a phone's first dashboard (decision 054).
 */
export function formatAmount(amount: number): string {
  const abs = Math.abs(amount);
  // Beyond what cents count exactly in a number (and NaN, Infinity): Intl itself.
  if (!(abs < 1e13)) {
    intlFormat ??= new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return intlFormat.format(amount);
  }
  // Rounded as a decimal: the shortest text of the number (1.005, not 1.00499…), then half away from zero.
  const [whole, fraction = ''] = (abs < 1e-6 ? abs.toFixed(20) : String(abs)).split('.');
  let cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  if (Number(fraction[2] ?? '0') >= 5) cents += 1;
  const units = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return `${sign}${units}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * An amount as every screen, e-mail and PDF shows it (decision 040): 'KES 5,800.00', '-KES 5.05'. The currency
 * code, not en-KE's symbol 'Ksh', as the spec names it (part 2: amounts are shown in KES), with an ordinary space.
 */
export function formatKes(amount: number): string {
  return `${amount < 0 ? '-' : ''}${CURRENCY} ${formatAmount(Math.abs(amount))}`;
}

/** formatKes of an amount held in integer cents (the API and the PDFs). */
export function formatKesCents(cents: number): string {
  return formatKes(fromCents(cents));
}
