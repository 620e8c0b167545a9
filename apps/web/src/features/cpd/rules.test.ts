import type { CpdAward, CpdSummary } from '@portal/contract';
import { cpdMessages } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  awardsForYear,
  complianceCsvName,
  complianceSegments,
  cpdProgress,
  evidenceProblem,
  structuredByDefault,
  totalPoints,
  yearsFrom,
} from './rules';

const award = (over: Partial<CpdAward>): CpdAward => ({
  id: 1,
  memberNo: 'ERB1001',
  description: 'Bridge design seminar',
  provider: 'ERB',
  location: 'Nairobi',
  eventDate: '2026-03-02',
  endDate: '2026-03-03',
  pointAwarded: 5,
  eventCode: 'EV0001',
  certificateNo: 'CPD000001',
  period: '2026',
  source: 'event',
  structured: true,
  ...over,
});

const summary = (over: Partial<CpdSummary>): CpdSummary => ({
  year: '2026',
  years: ['2026', '2025'],
  memberNo: 'ERB1001',
  categoryCode: 'PE',
  points: 30,
  structuredPoints: 10,
  requirement: { annualPoints: 50, structuredPoints: 30 },
  remaining: 20,
  structuredRemaining: 20,
  met: false,
  pendingHours: 0,
  ...over,
});

describe('the CPD list (part 2 §2.1, §5)', () => {
  it('keeps the awards whose period equals the chosen year as a string', () => {
    const awards = [award({ id: 1 }), award({ id: 2, period: '2025' }), award({ id: 3, period: '2026', pointAwarded: 2.5 })];
    expect(awardsForYear(awards, '2026').map((a) => a.id)).toEqual([1, 3]);
    expect(awardsForYear(awards, '2024')).toEqual([]);
    // A numeric period from an older server still matches its year's text.
    expect(awardsForYear([award({ period: 2026 as unknown as string })], '2026')).toHaveLength(1);
  });

  it('totals pointAwarded without floating-point dust', () => {
    expect(totalPoints([award({ pointAwarded: 0.1 }), award({ pointAwarded: 0.2 }), award({ pointAwarded: 5 })])).toBe(5.3);
    expect(totalPoints([])).toBe(0);
  });

  it('lists the years from the start year to this year, newest first', () => {
    expect(yearsFrom(2022, 2026)).toEqual(['2026', '2025', '2024', '2023', '2022']);
    expect(yearsFrom(2030, 2026)).toEqual(['2026']);
  });
});

describe('progress against the requirement', () => {
  it('says how far the member is, with the structured share', () => {
    const p = cpdProgress(summary({}));
    expect(p.headline).toBe('You have 30 of 50 points for 2026 — 20 to go');
    expect(p.percent).toBe(60);
    expect(p.structured).toBe('Structured: 10 of 30');
    expect(p.met).toBe(false);
    expect(p.pending).toBeNull();
  });

  it('marks a met requirement and caps the bar at 100', () => {
    const p = cpdProgress(summary({ points: 62.5, structuredPoints: 31, remaining: 0, structuredRemaining: 0, met: true }));
    expect(p.headline).toBe('You have 62.5 of 50 points for 2026 — requirement met');
    expect(p.percent).toBe(100);
    expect(p.met).toBe(true);
  });

  it('mentions the hours waiting for approval', () => {
    expect(cpdProgress(summary({ pendingHours: 12 })).pending).toBe('12 hours waiting for approval');
    expect(cpdProgress(summary({ pendingHours: 1 })).pending).toBe('1 hour waiting for approval');
  });

  it('shows only the total when the category has no requirement', () => {
    const p = cpdProgress(summary({ requirement: null, points: 1, remaining: 0, structuredRemaining: 0 }));
    expect(p.headline).toBe('You have 1 point for 2026');
    expect(p.percent).toBeNull();
    expect(p.structured).toBeNull();
  });

  it('leaves out the structured line when no structured share is asked', () => {
    expect(cpdProgress(summary({ requirement: { annualPoints: 25, structuredPoints: 0 } })).structured).toBeNull();
  });
});

describe('the back office', () => {
  it('ticks Counts as structured for courses, conferences, seminars and workshops', () => {
    expect(['COURSE', 'CONFERENCE', 'SEMINAR', 'WORKSHOP'].every((t) => structuredByDefault(t as never))).toBe(true);
    expect(structuredByDefault('PAPER')).toBe(false);
    expect(structuredByDefault('MENTORING')).toBe(false);
  });

  it('splits a category into shares of its members', () => {
    expect(complianceSegments({ onTarget: 3, below: 1, nothing: 0 })).toEqual([
      { status: 'on_target', count: 3, percent: 75 },
      { status: 'below', count: 1, percent: 25 },
      { status: 'nothing', count: 0, percent: 0 },
    ]);
    expect(complianceSegments({ onTarget: 0, below: 0, nothing: 0 }).every((s) => s.percent === 0)).toBe(true);
  });

  it('names the export after the year and category', () => {
    expect(complianceCsvName('2026')).toBe('cpd-compliance-2026.csv');
    expect(complianceCsvName('2026', 'PE/../')).toBe('cpd-compliance-2026-PE.csv');
  });
});

describe('the evidence rule', () => {
  const pdf = (size = 1000, name = 'evidence.pdf', type = 'application/pdf') => {
    const file = new File(['%PDF-1.4'], name, { type });
    Object.defineProperty(file, 'size', { value: size });
    return file;
  };

  it('requires a PDF when recording, not when editing', () => {
    expect(evidenceProblem(null, true)).toBe(cpdMessages.evidenceRequired);
    expect(evidenceProblem(null, false)).toBeUndefined();
  });

  it('takes PDFs up to 10MB only', () => {
    expect(evidenceProblem(pdf(), true)).toBeUndefined();
    expect(evidenceProblem(pdf(10 * 1024 * 1024 + 1), true)).toBe(cpdMessages.evidenceInvalid);
    expect(evidenceProblem(pdf(1000, 'photo.png', 'image/png'), false)).toBe(cpdMessages.evidenceInvalid);
  });
});
