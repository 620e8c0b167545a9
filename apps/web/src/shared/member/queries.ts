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

/** Statuses whose comments raise an action alert (part 1 §4). */
export function needsAction(application: Application): boolean {
  return !['New', 'Released', 'Open'].includes(application.status) && application.membershipComments.length > 0;
}
