import type { ApplicationDocumentRoute } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { useSession } from '../../shared/session/session-store';

/** The base64 PDF of one of an application's documents; `code` is the application code. */
export function useApplicationDocument(route: ApplicationDocumentRoute | null, code: string | null) {
  const session = useSession();
  return useQuery({
    queryKey: ['application-document', session?.user.id, route, code],
    queryFn: () => api.get<string>(`application/${route}/${encodeURIComponent(code ?? '')}`),
    enabled: Boolean(route && code),
    retry: false,
    staleTime: 60_000,
  });
}
