import type { Subscription } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../shared/member/money';
import { invoiceForCode } from './invoice-match';

const entry = (documentNo: string, over: Partial<LedgerEntry> = {}): LedgerEntry => ({
  documentNo,
  documentType: 'Invoice',
  description: 'Annual subscription',
  amountLCY: 5800,
  remainingAmtLCY: 5800,
  dueDate: '2026-01-31',
  postingDate: '2026-01-01',
  documentDate: '2026-01-01',
  externalDocumentNo: null,
  purpose: 'subscription',
  ...over,
});
const sub = (period: string, documentNo: string): Subscription => ({ subsPeriod: period, documentNo, memberNo: 'ERB1001' }) as Subscription;

const ledger = [
  entry('INV000003', { externalDocumentNo: 'ERB1001-2026' }),
  entry('INV000002', { externalDocumentNo: 'ERB1001-2025' }),
  entry('INV000001', { externalDocumentNo: 'APP000001', description: 'Application fee' }),
  entry('RCT000001', { documentType: 'Payment', externalDocumentNo: 'ERB1001' }),
];
const subscriptions = [sub('2026', 'INV000003'), sub('2025', 'INV000002')];

describe('invoiceForCode', () => {
  it('finds an invoice by its number, or by its source', () => {
    expect(invoiceForCode(ledger, undefined, 'INV000002')?.documentNo).toBe('INV000002');
    expect(invoiceForCode(ledger, undefined, 'APP000001')?.documentNo).toBe('INV000001');
    expect(invoiceForCode(ledger, undefined, 'ERB1001-2025')?.documentNo).toBe('INV000002');
  });

  it("takes a member number for the newest subscription's invoice, never a receipt", () => {
    expect(invoiceForCode(ledger, undefined, 'ERB1001')).toBeUndefined();
    expect(invoiceForCode(ledger, subscriptions, 'ERB1001')?.documentNo).toBe('INV000003');
  });

  it('finds nothing without a code, a ledger, or a match', () => {
    expect(invoiceForCode(ledger, subscriptions, null)).toBeUndefined();
    expect(invoiceForCode(undefined, subscriptions, 'INV000003')).toBeUndefined();
    expect(invoiceForCode(ledger, subscriptions, 'ERB2002')).toBeUndefined();
  });
});
