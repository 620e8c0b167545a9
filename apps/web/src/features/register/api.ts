import {
  type AdminMembersPage,
  encodeBase64,
  type ImportReport,
  type PublicProfileCard,
  type SearchPage,
  type SearchStats,
} from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, api, readableMessage } from '../../shared/api/client';
import { readSession } from '../../shared/session/session-store';

export const registerApi = {
  /** GET profile/search?term={base64 of term} (part 1 §7); `licensed` keeps members holding a current practising licence. */
  search: (term: string, page: number, licensed: boolean) =>
    api.get<SearchPage>(`profile/search?term=${encodeURIComponent(encodeBase64(term))}&page=${page}${licensed ? '&licensed=true' : ''}`),
  show: (profileId: string) => api.get<PublicProfileCard>(`profile/search/show/${encodeURIComponent(profileId)}`),
  stats: () => api.get<SearchStats>('profile/search/stats'),
  members: (query: MembersFilter & { page: number; pageSize: number }) => {
    const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
    if (query.search) params.set('search', query.search);
    if (query.category) params.set('category', query.category);
    if (query.status) params.set('status', query.status);
    return api.get<AdminMembersPage>(`admin/members?${params.toString()}`);
  },
};

export interface MembersFilter {
  search: string;
  category: string;
  status: string;
}

export function useRegisterSearch(term: string, page: number, licensed: boolean) {
  return useQuery({
    queryKey: ['register-search', term, page, licensed],
    queryFn: () => registerApi.search(term, page, licensed),
    // The licensed filter alone lists every member holding a current licence (decision 032).
    enabled: Boolean(term) || licensed,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useRegisterCard(profileId: string | null) {
  return useQuery({
    queryKey: ['register-card', profileId],
    queryFn: () => registerApi.show(profileId ?? ''),
    enabled: Boolean(profileId),
    retry: false,
  });
}

export function useRegisterStats() {
  return useQuery({ queryKey: ['register-stats'], queryFn: registerApi.stats, staleTime: 60_000, retry: false });
}

export function useMembers(filter: MembersFilter, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['admin-members', filter, page, pageSize],
    queryFn: () => registerApi.members({ ...filter, page, pageSize }),
    placeholderData: keepPreviousData,
  });
}

/**
 * POST admin/members/import with the file as form data, reporting upload progress (fetch cannot), then the
 * server's row-by-row report. `onProgress` gets 0–100 while the bytes go, then null while the server works.
 */
export function importMembers(file: File, onProgress: (percent: number | null) => void): Promise<ImportReport> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/members/import');
    xhr.setRequestHeader('Accept', 'application/json');
    const session = readSession();
    if (session) xhr.setRequestHeader('Authorization', `Bearer ${session.token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.upload.onload = () => onProgress(null);
    xhr.onerror = () => reject(new ApiError(0, 'Cannot reach the server. Check your connection and try again.'));
    xhr.onload = () => {
      let json: { data?: ImportReport; message?: string; errors?: Record<string, string[]> } | null = null;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        json = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && json?.data) resolve(json.data);
      else reject(new ApiError(xhr.status, readableMessage(json?.message ?? `Request failed (${xhr.status})`), json?.errors));
    };
    const data = new FormData();
    data.set('file', file);
    xhr.send(data);
  });
}
