import type {
  AdminArrearsPage,
  AdminArrearsQuery,
  AdminInvoicesPage,
  AdminInvoicesQuery,
  AdminPaymentsPage,
  AdminPaymentsQuery,
  BillingRun,
  BillingRunResult,
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
  runs: () => api.get<BillingRun[]>('admin/billing/runs'),
  invoices: (q: AdminInvoicesQuery) => api.get<AdminInvoicesPage>(`admin/billing/invoices?${query(q)}`),
  payments: (q: AdminPaymentsQuery) => api.get<AdminPaymentsPage>(`admin/billing/payments?${query(q)}`),
  arrears: (q: AdminArrearsQuery) => api.get<AdminArrearsPage>(`admin/billing/arrears?${query(q)}`),
  recordPayment: (body: ManualPaymentRequest) => api.post<ManualPaymentResult>('admin/billing/payments', body),
  creditNote: (body: CreditNoteRequest) => api.post<CreditNoteResult>('admin/billing/credit-notes', body),
};

/** The latest runs; asked again every second while the latest is open (a run bills in the background). */
export function useBillingRuns() {
  return useQuery({
    queryKey: [ADMIN_BILLING_KEY, 'runs'],
    queryFn: adminBillingApi.runs,
    refetchInterval: (query) => {
      const latest = query.state.data?.[0];
      return latest && isRunOpen(latest) ? 1000 : false;
    },
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
