import {
  type CpdActivityType,
  type CpdAward,
  type CpdCompliance,
  type CpdComplianceStatus,
  type CpdSummary,
  cpdMessages,
  STRUCTURED_ACTIVITY_TYPES,
} from '@portal/contract';

const pointsFormat = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 2 });

/** Points and hours as people read them: 30, 7.5, 1,200. */
export const formatPoints = (n: number) => pointsFormat.format(n);

const plural = (n: number, one: string, many: string) => `${formatPoints(n)} ${n === 1 ? one : many}`;

/** The spec's filter (part 2 §2.1, §5): an award's period compared to the chosen year as a string. */
export function awardsForYear(awards: readonly CpdAward[], year: string): CpdAward[] {
  return awards.filter((a) => String(a.period) === String(year));
}

/** The list's total row: the sum of pointAwarded (part 2 §3), rounded to two decimals. */
export function totalPoints(awards: readonly Pick<CpdAward, 'pointAwarded'>[]): number {
  return Math.round(awards.reduce((sum, a) => sum + a.pointAwarded, 0) * 100) / 100;
}

/** Years from the start year to this year, newest first (part 2 §2.1, §9). */
export function yearsFrom(startYear: number, currentYear: number): string[] {
  const years: string[] = [];
  for (let y = currentYear; y >= Math.min(startYear, currentYear); y--) years.push(String(y));
  return years;
}

export interface CpdProgress {
  /** 'You have 30 of 50 points for 2026 — 20 to go', or the total when the category has no requirement. */
  headline: string;
  /** 0–100, for the progress bar; null without a requirement. */
  percent: number | null;
  /** 'Structured: 10 of 30', or null when no structured share is asked. */
  structured: string | null;
  structuredPercent: number | null;
  /** '12 hours waiting for approval', or null. */
  pending: string | null;
  met: boolean;
}

const percentOf = (value: number, target: number) => (target <= 0 ? 100 : Math.max(0, Math.min(100, (value / target) * 100)));

/** What the dashboard says about the year: points against the requirement, the structured share, pending hours. */
export function cpdProgress(summary: CpdSummary): CpdProgress {
  const { requirement, points, year } = summary;
  const pending = summary.pendingHours > 0 ? `${plural(summary.pendingHours, 'hour', 'hours')} waiting for approval` : null;
  if (!requirement) {
    return {
      headline: `You have ${plural(points, 'point', 'points')} for ${year}`,
      percent: null,
      structured: null,
      structuredPercent: null,
      pending,
      met: false,
    };
  }
  const target = requirement.annualPoints;
  const tail = summary.met ? 'requirement met' : `${formatPoints(summary.remaining)} to go`;
  return {
    headline: `You have ${formatPoints(points)} of ${plural(target, 'point', 'points')} for ${year} — ${tail}`,
    percent: percentOf(points, target),
    structured:
      requirement.structuredPoints > 0
        ? `Structured: ${formatPoints(summary.structuredPoints)} of ${formatPoints(requirement.structuredPoints)}`
        : null,
    structuredPercent: requirement.structuredPoints > 0 ? percentOf(summary.structuredPoints, requirement.structuredPoints) : null,
    pending,
    met: summary.met,
  };
}

/** Whether the approver's 'Counts as structured' starts ticked: courses, conferences, seminars and workshops. */
export const structuredByDefault = (type: CpdActivityType) => STRUCTURED_ACTIVITY_TYPES.includes(type);

export type ComplianceCategory = CpdCompliance['categories'][number];

export interface ComplianceSegment {
  status: CpdComplianceStatus;
  count: number;
  /** Share of the category's members, 0–100. */
  percent: number;
}

/** One stacked bar of the compliance chart: on target, below target, nothing — shares of the category's members. */
export function complianceSegments(category: Pick<ComplianceCategory, 'onTarget' | 'below' | 'nothing'>): ComplianceSegment[] {
  const counts: [CpdComplianceStatus, number][] = [
    ['on_target', category.onTarget],
    ['below', category.below],
    ['nothing', category.nothing],
  ];
  const total = counts.reduce((sum, [, n]) => sum + n, 0);
  return counts.map(([status, count]) => ({ status, count, percent: total === 0 ? 0 : (count / total) * 100 }));
}

/** The download name of the compliance export: cpd-compliance-2026.csv, cpd-compliance-2026-PE.csv. */
export function complianceCsvName(year: string, category?: string): string {
  const safe = (category ?? '').replace(/[^A-Za-z0-9_-]/g, '');
  return `cpd-compliance-${year}${safe ? `-${safe}` : ''}.csv`;
}

/** A certificate's download name: its number with .pdf. */
export const certificateFileName = (certificateNo: string) => `${certificateNo.replace(/[^A-Za-z0-9_-]/g, '') || 'CPD-CERTIFICATE'}.pdf`;

const MAX_EVIDENCE_BYTES = 10 * 1024 * 1024;

/** The evidence rule: a PDF of at most 10MB, required when the activity is first recorded. */
export function evidenceProblem(file: File | null, required: boolean): string | undefined {
  if (!file) return required ? cpdMessages.evidenceRequired : undefined;
  const pdf = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
  if (!pdf || file.size > MAX_EVIDENCE_BYTES) return cpdMessages.evidenceInvalid;
  return undefined;
}
