import type { Balance } from '@portal/contract';

export const STANDING_LABELS = {
  good: 'In Good Standing',
  arrears: 'In arrears',
  none: 'No active membership',
} as const;

export interface Standing {
  label: string;
  tone: 'success' | 'error' | 'default';
}

/**
 * The Status tile (part 1 §2, §4; decisions.md §5): In Good Standing when the server says so (an Active membership
 * and nothing overdue); In arrears when something is overdue or the membership is not Active (decision 026); an
 * applicant with no membership record and nothing overdue is not called "in arrears".
 */
export function standingOf(balance: Pick<Balance, 'goodStanding' | 'arrearsLCY'> | undefined, hasMembership: boolean): Standing | null {
  if (!balance) return null;
  if (balance.goodStanding) return { label: STANDING_LABELS.good, tone: 'success' };
  if (balance.arrearsLCY > 0 || hasMembership) return { label: STANDING_LABELS.arrears, tone: 'error' };
  return { label: STANDING_LABELS.none, tone: 'default' };
}
