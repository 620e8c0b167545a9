import {
  type AdminMembersPage,
  encodeBase64,
  type ImportReport,
  type PublicProfileCard,
  type SearchPage,
  type SearchStats,
} from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { uploadWithProgress } from '../../shared/api/upload';

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

/** POST admin/members/import with the file as form data and the upload's progress, then the server's row-by-row report. */
export async function importMembers(file: File, onProgress: (percent: number | null) => void): Promise<ImportReport> {
  const body = new FormData();
  body.set('file', file);
  return (await uploadWithProgress<ImportReport>('admin/members/import', body, onProgress)).data;
}
