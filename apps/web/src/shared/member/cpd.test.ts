import { describe, expect, it } from 'vitest';
import { cpdTileText, thisCpdYear } from './cpd';

describe('the dashboard CPD tile', () => {
  it('shows the points against the requirement, or the points alone', () => {
    expect(cpdTileText({ points: 12, requirement: { annualPoints: 50, structuredPoints: 30 } })).toBe('12 of 50');
    expect(cpdTileText({ points: 7.5, requirement: null })).toBe('7.5');
  });

  it('counts the year in Nairobi (three hours ahead of UTC)', () => {
    expect(thisCpdYear(new Date('2026-12-31T21:30:00Z'))).toBe('2027');
    expect(thisCpdYear(new Date('2026-12-31T20:30:00Z'))).toBe('2026');
  });
});
