import type { CreatePaymentRequest, Payment } from '@portal/contract';
import { api } from '../../shared/api/client';

export const checkoutApi = {
  /** `POST payments`: starts an attempt for the request's document with the chosen provider. */
  start: (body: CreatePaymentRequest) => api.post<Payment>('payments', body),
  /** `GET payments/{id}`: the attempt as it is now (the waiting screen polls it). */
  get: (id: string) => api.get<Payment>(`payments/${encodeURIComponent(id)}`),
};
