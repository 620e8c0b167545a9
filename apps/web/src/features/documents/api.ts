import type { ApplicationDocumentRoute, DocumentVerification } from '@portal/contract';
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

/** The public verification of a document number. */
export function useDocumentVerification(documentNo: string | undefined) {
  return useQuery({
    queryKey: ['document-verification', documentNo],
    queryFn: () => api.get<DocumentVerification>(`documents/verify/${encodeURIComponent(documentNo ?? '')}`),
    enabled: Boolean(documentNo),
    retry: false,
  });
}
