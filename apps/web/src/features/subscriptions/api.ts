import type { PaymentHistoryRecord, Subscription } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { MONEY_KEY, useMemberQuery } from '../../shared/member/money';
import { useSession } from '../../shared/session/session-store';

/** `GET subs`: the member's subscriptions. */
export function useSubscriptions() {
  return useMemberQuery<Subscription[]>('subs', 'subs');
}

/** `GET billing/history`: the payment history. */
export function usePaymentHistory() {
  return useMemberQuery<PaymentHistoryRecord[]>('history', 'billing/history');
}

export type SubscriptionDocumentKind = 'invoice' | 'receipt' | 'certificate';

/** The subscription's invoice (`subs/proforma/{code}`), receipt (`subs/receipt/{code}`) or certificate (`POST subs/certificate`). */
export function useSubscriptionDocument(kind: SubscriptionDocumentKind, code: string | null) {
  const id = useSession()?.user.id;
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
