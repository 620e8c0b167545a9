import type { Payment } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { MONEY_KEY } from '../member/money';

/**
 * Everything a settled payment can change, by query root: every money query (ledger, balance, pending payments,
 * everything due, the bell, subscriptions, upgrades, licences, events and bookings, billing documents, good
 * standing), the applications (a fee's receipt lets one go on), the profile and the checklists.
 */
export const PAID_QUERY_ROOTS = [MONEY_KEY, 'applications', 'profile', 'checklist'] as const;

/**
 * The one place that refreshes what a settled payment touches (decision 046). Queries on screen are read again;
 * cached ones not on screen are dropped, so the page the member goes to next reads its list fresh instead of
 * showing, even for a moment, the amount due it held before the payment.
 */
export async function refreshAfterPayment(client: QueryClient): Promise<void> {
  for (const root of PAID_QUERY_ROOTS) client.removeQueries({ queryKey: [root], type: 'inactive' });
  await Promise.all(PAID_QUERY_ROOTS.map((root) => client.invalidateQueries({ queryKey: [root] })));
}

/** 'INV1, INV2 and INV3'. */
function listed(numbers: string[]): string {
  return numbers.length <= 1 ? (numbers[0] ?? '') : `${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;
}

/**
 * What the member is told once an attempt succeeded: the credit applied and what remains, or the receipt posted
 * and, when it settled several documents, which.
 */
export function successText(attempt: Pick<Payment, 'provider' | 'receiptNo' | 'message' | 'settled'>): string {
  if (attempt.provider === 'CREDIT') return attempt.message;
  if (!attempt.receiptNo) return 'Payment received.';
  const settled = attempt.settled ?? [];
  return settled.length > 1
    ? `Payment received. Receipt ${attempt.receiptNo} settled ${listed(settled.map((s) => s.invoiceNo))}.`
    : `Payment received. Receipt ${attempt.receiptNo}.`;
}
