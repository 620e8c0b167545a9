import type { CheckoutInvoice, CreatePaymentRequest, Payment } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { MONEY_KEY } from '../../shared/member/money';

export const checkoutApi = {
  /** `POST payments`: starts an attempt for the request's document with the chosen provider. */
  start: (body: CreatePaymentRequest) => api.post<Payment>('payments', body),
  /** `GET payments/{id}`: the attempt as it is now (the waiting screen polls it). */
  get: (id: string) => api.get<Payment>(`payments/${encodeURIComponent(id)}`),
};

/**
 * `GET payments/invoice/{code}`: the invoice a request names, with what is left to pay and its latest receipt. Under
 * the money key, so a payment's refresh reads it again.
 */
export function useCheckoutInvoice(code: string | null | undefined) {
  return useQuery({
    queryKey: [MONEY_KEY, 'checkout-invoice', code],
    queryFn: () => api.get<CheckoutInvoice>(`payments/invoice/${encodeURIComponent(code ?? '')}`),
    enabled: Boolean(code),
    retry: false,
  });
}
