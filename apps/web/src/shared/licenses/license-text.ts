const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A licence's last day (YYYY-MM-DD) as people read it: '31 December 2026'; anything else as it came. */
export function licenseDate(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : longDate.format(date);
}
