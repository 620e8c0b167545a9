import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { MONEY_KEY } from '../../shared/member/money';
import { useSession } from '../../shared/session/session-store';

export type BillingDocumentKind = 'proforma' | 'receipt';

/** An invoice (`billing/proforma/{code}`) or receipt (`billing/receipt/{code}`) as base64 PDF. */
export function useBillingDocument(kind: BillingDocumentKind, code: string | null) {
  const session = useSession();
  return useQuery({
    queryKey: [MONEY_KEY, 'document', kind, session?.user.id, code],
    queryFn: () => api.get<string>(`billing/${kind}/${encodeURIComponent(code ?? '')}`),
    enabled: Boolean(code),
    retry: false,
  });
}
