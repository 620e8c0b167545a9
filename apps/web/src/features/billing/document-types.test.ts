import { describe, expect, it } from 'vitest';
import { billingDocumentKind } from './document-types';

describe('billingDocumentKind', () => {
  it('names an invoice by invoice, proforma or the statement’s Invoice, in any case', () => {
    for (const type of ['invoice', 'Invoice', 'INVOICE', 'proforma', ' invoice ']) expect(billingDocumentKind(type), type).toBe('proforma');
  });

  it('names a receipt by receipt or the statement’s Payment', () => {
    for (const type of ['receipt', 'Receipt', 'Payment', 'payment']) expect(billingDocumentKind(type), type).toBe('receipt');
  });

  it('names nothing for credit notes, unknown types or inherited property names', () => {
    for (const type of [undefined, '', 'Credit Memo', 'certificate', 'constructor', '__proto__', 'toString']) {
      expect(billingDocumentKind(type), String(type)).toBeNull();
    }
  });
});
