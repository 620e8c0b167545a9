import type { Application, ChecklistItem } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { useSession } from '../../shared/session/session-store';

/** The Application checklist of a category (`GET application/checklist/{membershipType}`). */
export function useApplicationChecklist(category: string | null | undefined) {
  const session = useSession();
  return useQuery({
    queryKey: ['checklist', session?.user.id, 'Application', category],
    queryFn: () => api.get<ChecklistItem[]>(`application/checklist/${encodeURIComponent(category ?? '')}`),
    enabled: Boolean(session && category),
  });
}

export const applicationsApi = {
  requestSubmitOtp: (Code: string) => api.post<{ message: string; maskedPhone: string }>('application/submit/otp', { Code }),
  submit: (application: Application, otp_code: string) => api.post<Application>('application/submit', { ...application, otp_code }),
};

/** After a submission the list, the bell, the dashboard and the checklist all change. */
export function useRefreshAfterSubmit() {
  const queryClient = useQueryClient();
  return () => Promise.all(['applications', 'profile', 'checklist'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}

/** Share of passing items, 0–100; nothing to pass counts as complete. */
export function completion(items: { pass: boolean }[]): number {
  if (items.length === 0) return 100;
  return Math.round((items.filter((i) => i.pass).length / items.length) * 100);
}
