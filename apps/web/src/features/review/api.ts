import type {
  ApplicationKind,
  ReturnRequest,
  ReviewActionResult,
  ReviewApplication,
  ReviewCommentRequest,
  ReviewFilter,
  ReviewQueuePage,
  StatusChangeRequest,
} from '@portal/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { REVIEW_KEY } from '../../shared/review/use-review-bell';

export interface QueueParams {
  status: ReviewFilter;
  /** Registration, Upgrade or Licence; empty for every kind. */
  kind: ApplicationKind | '';
  category: string;
  search: string;
  page: number;
  pageSize: number;
}

export interface StoredFile {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
  base64: string;
}

const path = (code: string, tail = '') => `admin/applications/${encodeURIComponent(code)}${tail}`;

export const reviewApi = {
  queue: (p: QueueParams) => {
    const query = new URLSearchParams({ status: p.status, page: String(p.page), pageSize: String(p.pageSize) });
    if (p.kind) query.set('kind', p.kind);
    if (p.category) query.set('category', p.category);
    if (p.search) query.set('search', p.search);
    return api.get<ReviewQueuePage>(`admin/applications?${query.toString()}`);
  },
  application: (code: string) => api.get<ReviewApplication>(path(code)),
  move: (code: string, body: StatusChangeRequest) => api.post<ReviewActionResult>(path(code, '/status'), body),
  giveBack: (code: string, body: ReturnRequest) => api.post<ReviewActionResult>(path(code, '/return'), body),
  comment: (code: string, body: ReviewCommentRequest) => api.post<ReviewActionResult>(path(code, '/comments'), body),
  file: (id: string) => api.get<StoredFile>(`files/${encodeURIComponent(id)}`),
};

export function useReviewQueue(params: QueueParams) {
  return useQuery({ queryKey: [REVIEW_KEY, 'queue', params], queryFn: () => reviewApi.queue(params), placeholderData: keepPreviousData });
}

export function useReviewApplication(code: string) {
  return useQuery({ queryKey: [REVIEW_KEY, 'application', code], queryFn: () => reviewApi.application(code), enabled: Boolean(code) });
}

/** A stored file (photo, ID, attachment), fetched when it is shown; files do not change, so kept a while. */
export function useStoredFile(id: string | null) {
  return useQuery({
    queryKey: ['stored-file', id],
    queryFn: () => reviewApi.file(id as string),
    enabled: Boolean(id),
    staleTime: 10 * 60_000,
  });
}

/** After a review action: the page, the queue and the bell all read again. */
export function useRefreshReview() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [REVIEW_KEY] });
}
