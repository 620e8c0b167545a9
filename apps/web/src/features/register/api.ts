import type { AdminMembersPage, ImportReport } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { uploadWithProgress } from '../../shared/api/upload';

export const registerApi = {
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
