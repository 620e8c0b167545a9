import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

describe('dates as people see them (decision 040)', () => {
  it("shows a calendar day as '21 Jun 2018'", () => {
    expect(formatDate('2018-06-21')).toBe('21 Jun 2018');
    expect(formatDate('2026-11-09')).toBe('9 Nov 2026');
    expect(formatDate('2025-09-01')).toBe('1 Sep 2025');
  });

  it('shows an instant as its day in Nairobi (UTC+3)', () => {
    expect(formatDate('2026-11-08T21:30:00Z')).toBe('9 Nov 2026');
    expect(formatDate('2026-11-08T20:59:00.000Z')).toBe('8 Nov 2026');
    expect(formatDate(new Date('2018-06-21T09:00:00Z'))).toBe('21 Jun 2018');
  });

  it("adds the Nairobi time: '21 Jun 2018, 14:05'", () => {
    expect(formatDateTime('2018-06-21T11:05:00Z')).toBe('21 Jun 2018, 14:05');
    expect(formatDateTime('2018-06-21')).toBe('21 Jun 2018');
  });

  it('is empty for none and for what is no date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });
});
