import type { ChecklistItem, SectionEntry, User } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../shared/api/client';
import { updateSessionUser, useSession } from '../../shared/session/session-store';
import { setFlash } from '../../shared/ui/flash';

export type LookupRow = Record<string, unknown>;

export function useLookup(name: string, parent?: string, enabled = true) {
  return useQuery({
    queryKey: ['lookup', name, parent ?? ''],
    queryFn: () => api.get<LookupRow[]>(`setup/${name}${parent ? `?parent=${encodeURIComponent(parent)}` : ''}`),
    staleTime: 10 * 60_000,
    enabled,
  });
}

export function useSectionEntries(path: string) {
  const session = useSession();
  return useQuery({ queryKey: ['section', session?.user.id, path], queryFn: () => api.get<SectionEntry[]>(`profile/${path}`) });
}

export function useChecklist(type: string) {
  const session = useSession();
  return useQuery({
    queryKey: ['checklist', session?.user.id, type],
    queryFn: () => api.get<ChecklistItem[]>(`checklist?type=${encodeURIComponent(type)}`),
    enabled: Boolean(session),
  });
}

/** After an add or delete: the list, the checklist and the profile summary change. */
export function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return async (path: string, checklistToo: boolean) => {
    await queryClient.invalidateQueries({ queryKey: ['section'], predicate: (q) => q.queryKey[2] === path });
    if (checklistToo) {
      await queryClient.invalidateQueries({ queryKey: ['checklist'] });
      await queryClient.invalidateQueries({ queryKey: ['profile'] });
    }
  };
}

/** JSON unless a file travels, then form data with list values as JSON text. */
export function toBody(values: Record<string, unknown>, files: Record<string, File | File[] | null | undefined>) {
  const hasFile = Object.values(files).some((f) => (Array.isArray(f) ? f.length > 0 : Boolean(f)));
  if (!hasFile) return values;
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null) continue;
    data.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  for (const [k, f] of Object.entries(files)) {
    if (Array.isArray(f)) for (const one of f) data.append(k, one);
    else if (f) data.set(k, f);
  }
  return data;
}

export async function openStoredFile(id: string) {
  const file = await api.get<{ fileName: string; contentType: string; base64: string }>(`files/${id}`);
  const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.contentType }));
  window.open(url, '_blank', 'noopener');
}

/**
 * After the bio or firm details are saved: the stored user now has a profile, and everything that
 * reads the profile is stale. A first save continues on the profile page.
 */
export function useAfterProfileSave() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (initial: boolean, createdMessage: string) => {
    updateSessionUser(await api.get<User>('auth/user'));
    await Promise.all(['profile', 'firm', 'checklist', 'applications'].map((k) => queryClient.invalidateQueries({ queryKey: [k] })));
    if (initial) {
      setFlash(createdMessage);
      navigate('/profile', { replace: true });
    }
  };
}
