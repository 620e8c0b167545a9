import type {
  AdminArrearsPage,
  AdminArrearsQuery,
  AdminInvoicesPage,
  AdminInvoicesQuery,
  AdminPaymentsPage,
  AdminPaymentsQuery,
  BillingRun,
  BillingRunResult,
  BillingRunsPage,
  BillingRunsQuery,
  CreditNoteRequest,
  CreditNoteResult,
  ManualPaymentRequest,
  ManualPaymentResult,
} from '@portal/contract';
import { isRunOpen } from '@portal/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../shared/api/client';

/** Every back-office billing query starts with this key, so a posting refreshes every tab at once. */
export const ADMIN_BILLING_KEY = 'admin-billing';

function query(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  return search.toString();
}

export const adminBillingApi = {
  run: (period: string) => api.post<BillingRunResult>('admin/billing/run', { period }),
  runs: (q: BillingRunsQuery) => api.get<BillingRunsPage>(`admin/billing/runs?${query(q)}`),
  invoices: (q: AdminInvoicesQuery) => api.get<AdminInvoicesPage>(`admin/billing/invoices?${query(q)}`),
  payments: (q: AdminPaymentsQuery) => api.get<AdminPaymentsPage>(`admin/billing/payments?${query(q)}`),
  arrears: (q: AdminArrearsQuery) => api.get<AdminArrearsPage>(`admin/billing/arrears?${query(q)}`),
  recordPayment: (body: ManualPaymentRequest) => api.post<ManualPaymentResult>('admin/billing/payments', body),
  creditNote: (body: CreditNoteRequest) => api.post<CreditNoteResult>('admin/billing/credit-notes', body),
};

/**
 * The two newest runs: the open one, if any (one is open at a time), and the last that ended; asked again every
 * second while the newest is open (a run bills in the background).
 */
export function useLatestRuns() {
  return useQuery({
    queryKey: [ADMIN_BILLING_KEY, 'runs', 'latest'],
    queryFn: () => adminBillingApi.runs({ page: 1, pageSize: 2 }),
    refetchInterval: (query) => {
      const latest = query.state.data?.runs[0];
      return latest && isRunOpen(latest) ? 1000 : false;
    },
  });
}

/** A page of the runs' history, by period and status; asked again every second while a run bills (`polling`). */
export function useBillingRuns(q: BillingRunsQuery, polling: boolean) {
  return useQuery({
    queryKey: [ADMIN_BILLING_KEY, 'runs', 'history', q],
    queryFn: () => adminBillingApi.runs(q),
    placeholderData: keepPreviousData,
    refetchInterval: polling ? 1000 : false,
  });
}

/** Once the latest run ends, every billing list is read again: it has new invoices. */
export function useRefreshWhenRunEnds(latest: BillingRun | undefined) {
  const queryClient = useQueryClient();
  const wasOpen = useRef(false);
  const open = Boolean(latest && isRunOpen(latest));
  useEffect(() => {
    if (wasOpen.current && !open) void queryClient.invalidateQueries({ queryKey: [ADMIN_BILLING_KEY] });
    wasOpen.current = open;
  }, [open, queryClient]);
}

export function useAdminInvoices(q: AdminInvoicesQuery) {
  return useQuery({
    queryKey: [ADMIN_BILLING_KEY, 'invoices', q],
    queryFn: () => adminBillingApi.invoices(q),
    placeholderData: keepPreviousData,
  });
}

export function useAdminPayments(q: AdminPaymentsQuery) {
  return useQuery({
    queryKey: [ADMIN_BILLING_KEY, 'payments', q],
    queryFn: () => adminBillingApi.payments(q),
    placeholderData: keepPreviousData,
  });
}

export function useAdminArrears(q: AdminArrearsQuery) {
  return useQuery({
    queryKey: [ADMIN_BILLING_KEY, 'arrears', q],
    queryFn: () => adminBillingApi.arrears(q),
    placeholderData: keepPreviousData,
  });
}

export function useRefreshAdminBilling() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [ADMIN_BILLING_KEY] });
}
