import { encodeBase64 } from '@portal/contract';

/** Billing document routes; the code is base64-encoded in the route (part 2 §2.5). */
export const invoiceRoute = (documentNo: string) => `/billing/invoice/${encodeURIComponent(encodeBase64(documentNo))}`;
export const receiptRoute = (documentNo: string) => `/billing/receipt/${encodeURIComponent(encodeBase64(documentNo))}`;

/** The viewer of a ledger row: invoices and receipts have one, credit notes do not. */
export function documentRoute(entry: { documentType: string; documentNo: string }): string | null {
  if (entry.documentType === 'Invoice') return invoiceRoute(entry.documentNo);
  if (entry.documentType === 'Payment') return receiptRoute(entry.documentNo);
  return null;
}

/** The good-standing certificate's page: the member number, base64-encoded (part 1 §2). */
export const goodStandingRoute = (memberNo: string) => `/dashboard/goodStanding/${encodeURIComponent(encodeBase64(memberNo))}`;
