import type { ReviewBell } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { useSession } from '../session/session-store';

/** Every review query starts with this key, so a review action refreshes the queue, the page and the bell at once. */
export const REVIEW_KEY = 'review';

/** The bell of admins and approvers: submitted applications waiting in Open, Verified, Committee or Board Review. */
export function useReviewBell() {
  const session = useSession();
  const user = session?.user;
  return useQuery({
    queryKey: [REVIEW_KEY, 'bell', user?.id],
    queryFn: () => api.get<ReviewBell>('admin/applications/counts'),
    enabled: Boolean(user && (user.is_admin || user.is_approver)),
    refetchInterval: 60_000,
  });
}
