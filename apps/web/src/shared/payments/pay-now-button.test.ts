import { describe, expect, it } from 'vitest';
import { invoicePayment } from './pay-now-button';

describe('invoicePayment (Pay Now for an open invoice)', () => {
  it("pays what is left of the invoice under its purpose's description", () => {
    expect(invoicePayment({ documentNo: 'INV000003', purpose: 'subscription', remainingAmtLCY: 1160 }, '/dashboard')).toEqual({
      sourceDocumentNo: 'INV000003',
      description: 'Subscription Payment',
      amount: 1160,
      successUrl: '/dashboard',
    });
  });

  it('reads an invoice without a known purpose as an invoice payment', () => {
    expect(invoicePayment({ documentNo: 'INV000004', remainingAmtLCY: 50 }, '/billing').description).toBe('Invoice Payment');
  });
});
