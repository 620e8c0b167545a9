import type { Application, ProfileSummary } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { useSession } from '../session/session-store';

export function useMyProfile() {
  const session = useSession();
  return useQuery({
    queryKey: ['profile', session?.user.id],
    queryFn: () => api.get<ProfileSummary | null>('profile'),
    enabled: Boolean(session && !session.user.is_admin),
  });
}

export function useMyApplications() {
  const session = useSession();
  return useQuery({
    queryKey: ['applications', session?.user.id],
    queryFn: () => api.get<Application[]>('application'),
    enabled: Boolean(session && !session.user.is_admin),
  });
}

/** Statuses whose comments stay quiet: no alert and no Feedback (part 1 §4). */
export const QUIET_STATUSES: readonly string[] = ['New', 'Released', 'Open'];

/** Handed back by a reviewer and not yet re-submitted (decisions §4; docs/decisions/020). */
export function isReturned(application: Pick<Application, 'Submitted' | 'returnedAt'>): boolean {
  return !application.Submitted && application.returnedAt !== null;
}

/** The comments shown as Feedback: none for the quiet statuses, except that a returned application always shows them. */
export function feedbackOf(application: Application): Application['membershipComments'] {
  if (isReturned(application)) return application.membershipComments;
  return QUIET_STATUSES.includes(application.status) ? [] : application.membershipComments;
}

/** Whether the application raises an action alert (the bell): a returned one always, others when they show feedback. */
export function needsAction(application: Application): boolean {
  return isReturned(application) || feedbackOf(application).length > 0;
}
