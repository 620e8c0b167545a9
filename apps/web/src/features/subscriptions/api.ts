import type { PaymentHistoryRecord, Subscription } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { MONEY_KEY } from '../../shared/member/money';
import { useSession } from '../../shared/session/session-store';

function useMemberKey() {
  const session = useSession();
  return { id: session?.user.id, enabled: Boolean(session?.user.profile_id) };
}

/** `GET subs`: the member's subscriptions. */
export function useSubscriptions() {
  const { id, enabled } = useMemberKey();
  return useQuery({ queryKey: [MONEY_KEY, 'subs', id], queryFn: () => api.get<Subscription[]>('subs'), enabled });
}

/** `GET billing/history`: the payment history. */
export function usePaymentHistory() {
  const { id, enabled } = useMemberKey();
  return useQuery({
    queryKey: [MONEY_KEY, 'history', id],
    queryFn: () => api.get<PaymentHistoryRecord[]>('billing/history'),
    enabled,
  });
}

export type SubscriptionDocumentKind = 'invoice' | 'receipt' | 'certificate';

/** The subscription's invoice (`subs/proforma/{code}`), receipt (`subs/receipt/{code}`) or certificate (`POST subs/certificate`). */
export function useSubscriptionDocument(kind: SubscriptionDocumentKind, code: string | null) {
  const { id } = useMemberKey();
  return useQuery({
    queryKey: [MONEY_KEY, 'subs-document', kind, id, code],
    queryFn: () => {
      const c = encodeURIComponent(code ?? '');
      if (kind === 'invoice') return api.get<string>(`subs/proforma/${c}`);
      if (kind === 'receipt') return api.get<string>(`subs/receipt/${c}`);
      return api.post<string>('subs/certificate', { code });
    },
    enabled: Boolean(code),
    retry: false,
  });
}
