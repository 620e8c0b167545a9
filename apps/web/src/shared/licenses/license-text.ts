import { formatDate } from '@portal/contract';

/** A licence's day (YYYY-MM-DD) as every date shows: '31 Dec 2026' (decision 040); anything else as it came. */
export function licenseDate(day: string): string {
  return formatDate(day.slice(0, 10)) || day;
}
