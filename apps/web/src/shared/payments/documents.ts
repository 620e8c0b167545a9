import { billingFileName } from '@portal/contract';

/** Today's calendar date in Nairobi as YYYY-MM-DD, for download names such as INVOICE-2026-03-01.pdf. */
export function nairobiToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Download names of the billing documents (part 2 §2.5): INVOICE-{date}.pdf and RECEIPT-{date}.pdf, today in Nairobi. */
export function billingDownloadName(kind: 'INVOICE' | 'RECEIPT', now: Date = new Date()): string {
  return billingFileName(kind, nairobiToday(now));
}

/** A date as the tables show it: the first 10 characters (YYYY-MM-DD) of what the server sent, or a dash. */
export function shortDate(value: string | null | undefined): string {
  return value ? value.slice(0, 10) : '—';
}
