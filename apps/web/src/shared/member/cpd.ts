import { type CpdSummary, nairobiDay } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { useSession } from '../session/session-store';

/** This year in Nairobi, as the CPD periods are kept ('2026'). */
export function thisCpdYear(at: Date = new Date()): string {
  return nairobiDay(at).slice(0, 4);
}

/**
 * This year's CPD figures for the dashboard's tile (`GET cpd/summary`), under the key features/cpd uses for the
 * same call, so the tile and /cpd share one copy and a change on /cpd refreshes both.
 */
export function useCpdThisYear(enabled: boolean) {
  const user = useSession()?.user;
  const year = thisCpdYear();
  return useQuery({
    queryKey: ['cpd', 'summary', user?.id, year],
    queryFn: () => api.get<CpdSummary>(`cpd/summary?year=${year}`),
    enabled: Boolean(enabled && user && !user.is_admin && !user.is_approver && user.profile_id),
  });
}

/** The tile's text: '12 of 50' against a requirement, or the points alone when the category has none. */
export function cpdTileText(summary: Pick<CpdSummary, 'points' | 'requirement'>): string {
  return summary.requirement ? `${summary.points} of ${summary.requirement.annualPoints}` : String(summary.points);
}
