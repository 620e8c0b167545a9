import { billingFileName, formatDate, nairobiDay } from '@portal/contract';

/** Today's calendar date in Nairobi as YYYY-MM-DD, for download names such as INVOICE-2026-03-01.pdf. */
export function nairobiToday(now: Date = new Date()): string {
  return nairobiDay(now);
}

/** Download names of the billing documents (part 2 §2.5): INVOICE-{date}.pdf and RECEIPT-{date}.pdf, today in Nairobi. */
export function billingDownloadName(kind: 'INVOICE' | 'RECEIPT', now: Date = new Date()): string {
  return billingFileName(kind, nairobiToday(now));
}

/** A date as every table and card shows it, '21 Jun 2018' (formatDate; decision 040), or a dash. */
export function shortDate(value: string | null | undefined): string {
  return formatDate(value) || '—';
}
