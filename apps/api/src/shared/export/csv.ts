/**
 * CSV as spreadsheets read it (RFC 4180): fields joined by commas, lines ended by CRLF, a field with a comma, quote
 * or line break quoted with its quotes doubled. Files start with a UTF-8 byte order mark so Excel reads them as
 * UTF-8 (names such as Wanjikũ stay intact).
 */

export const CSV_BOM = '\uFEFF';

/** A spreadsheet takes a cell that starts with one of these as a formula (CSV injection): =, +, -, @, tab, CR. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A CSV field. Text that a spreadsheet would run as a formula gets a leading apostrophe, so it shows as the text it
 * is; numbers are written as they are (a negative amount stays a number). null is an empty field.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, CRLF included. */
export const csvLine = (values: readonly (string | number | null | undefined)[]) => `${values.map(csvCell).join(',')}\r\n`;

/** Cents as shillings with two decimals and no grouping ('1234.50', '-5.00'), exact for any whole number of cents. */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
