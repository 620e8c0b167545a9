import { complaintMessages } from '@portal/contract';
import { longDate } from '../../shared/dates';
import type { ComplaintRow } from './common';

/**
 * Why a decision cannot be recorded now, or null: once only, after the hearing, and only when the engineer has
 * answered the notice or its time has passed.
 */
export function decisionBlockedBy(c: Pick<ComplaintRow, 'outcome' | 'stage' | 'respondedAt' | 'noticeDue'>, today: string): string | null {
  if (c.outcome) return complaintMessages.alreadyDecided;
  if (c.stage !== 'hearing') return complaintMessages.decisionNotYet;
  if (!c.respondedAt && c.noticeDue && c.noticeDue >= today) return complaintMessages.noticeRunning(longDate(c.noticeDue));
  return null;
}
