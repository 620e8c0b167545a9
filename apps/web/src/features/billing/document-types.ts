import type { BillingDocumentKind } from './api';

/**
 * The {type} of /billing/document/{type}/{code} (part 2 §2.5 leaves the set open; decision 035): an invoice
 * (`invoice`, or `proforma` as the API names it) or a receipt (`receipt`), and the statement's own document types
 * (`Invoice`, `Payment`), in any letter case, so a row of My Statement can link to its document. Credit notes have
 * no document.
 */
const TYPES: Record<string, BillingDocumentKind> = {
  invoice: 'proforma',
  proforma: 'proforma',
  receipt: 'receipt',
  payment: 'receipt',
};

/** The document a route's type names, or null when there is none of that type. */
export function billingDocumentKind(type: string | undefined): BillingDocumentKind | null {
  const key = type?.trim().toLowerCase();
  return key && Object.hasOwn(TYPES, key) ? TYPES[key] : null;
}
