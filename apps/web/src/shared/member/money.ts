import type { Balance, BillingAlerts, BillingDue, LedgerEntry as ContractLedgerEntry } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { useSession } from '../session/session-store';

/** A statement row; `purpose` (application, subscription, …) when the server sends it. */
export type LedgerEntry = ContractLedgerEntry & { purpose?: string | null };

/** Every money query starts with this key: a payment refreshes the ledger, balance, bell, subscriptions at once. */
export const MONEY_KEY = 'money';

/** A money query of the signed-in member (`[MONEY_KEY, key, user id]`); admins and approvers have none. */
export function useMemberQuery<T>(key: string, path: string, enabled = true) {
  const session = useSession();
  const user = session?.user;
  return useQuery({
    queryKey: [MONEY_KEY, key, user?.id],
    queryFn: () => api.get<T>(path),
    enabled: Boolean(enabled && user && !user.is_admin && !user.is_approver && user.profile_id),
  });
}

/** The member's statement, newest first as the server sends it (`GET profile/ledger`). */
export function useLedger() {
  return useMemberQuery<LedgerEntry[]>('ledger', 'profile/ledger');
}

/** Balance, arrears and good standing (`GET billing/balance`). */
export function useBalance() {
  return useMemberQuery<Balance>('balance', 'billing/balance');
}

/** Invoices still owing on something (`GET billing/pending`, part 1 §9). */
export function usePendingPayments() {
  return useMemberQuery<LedgerEntry[]>('pending', 'billing/pending');
}

/** The member's bell: unpaid subscriptions (`GET billing/alerts`). */
export function useBillingAlerts() {
  const query = useMemberQuery<BillingAlerts>('alerts', 'billing/alerts');
  return { ...query, count: query.data?.unpaidSubscriptions ?? 0 };
}

/**
 * The member's bell and Notifications tile (part 1 §2): applications needing action plus unpaid subscriptions.
 */
export function memberAlertCount(applicationsNeedingAction: number, unpaidSubscriptions: number): number {
  return applicationsNeedingAction + unpaidSubscriptions;
}

/** Everything the member still owes, oldest first, the credit used first and the total (`GET billing/due`). */
export function useBillingDue() {
  return useMemberQuery<BillingDue>('due', 'billing/due');
}
