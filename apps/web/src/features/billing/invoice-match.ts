import type { Subscription } from '@portal/contract';
import type { LedgerEntry } from '../../shared/member/money';

/**
 * The statement's invoice an invoice screen's code names, for its Pay Now (part 2 §2.5): by invoice number, by its
 * source (application code, `memberNo-period`), or by a member number, which names the newest subscription
 * (`subscriptions` come newest first) as `GET billing/proforma/{memberNo}` does (decision 035).
 */
export function invoiceForCode(
  ledger: readonly LedgerEntry[] | undefined,
  subscriptions: readonly Subscription[] | undefined,
  code: string | null,
): LedgerEntry | undefined {
  if (!code || !ledger) return undefined;
  const invoices = ledger.filter((e) => e.documentType === 'Invoice');
  const direct = invoices.find((e) => e.documentNo === code) ?? invoices.find((e) => e.externalDocumentNo === code);
  if (direct) return direct;
  const subscription = subscriptions?.find((s) => s.memberNo === code);
  return subscription ? invoices.find((e) => e.documentNo === subscription.documentNo) : undefined;
}
