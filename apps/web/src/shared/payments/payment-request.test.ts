import { decodeJson } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  buildPaymentRequest,
  checkoutPath,
  PAYMENT_DESCRIPTIONS,
  type PaymentRequest,
  paymentDescription,
  paymentRequest,
  readPaymentRequest,
  safeReturnPath,
} from './payment-request';

const payer = {
  payerID: 'PR000001',
  phone: '0712345678',
  email: 'jane.mwangi@example.com',
  idNumber: '12345678',
  firstName: 'Jane',
  lastName: 'Mwangi',
};
const doc = {
  sourceDocumentNo: 'INV000001',
  description: PAYMENT_DESCRIPTIONS.subscription,
  amount: 2320,
  success_url: '/subscription',
  fail_url: '/subscription',
};

describe('payment request (part 1 §7, part 2 §7)', () => {
  it('normalises the phone into accountNo: a leading 0 becomes 254, a leading + is dropped, others stay', () => {
    expect(paymentRequest(payer, doc).accountNo).toBe('254712345678');
    expect(paymentRequest({ ...payer, phone: '+254712345678' }, doc).accountNo).toBe('254712345678');
    expect(paymentRequest({ ...payer, phone: '254712345678' }, doc).accountNo).toBe('254712345678');
    expect(paymentRequest({ ...payer, phone: ' 0712 345 678 ' }, doc).accountNo).toBe('254712345678');
    expect(paymentRequest({ ...payer, phone: null }, doc).accountNo).toBe('');
  });

  it('is base64 of JSON with exactly the spec fields', () => {
    const encoded = buildPaymentRequest(payer, doc);
    expect(encoded).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const json = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as PaymentRequest;
    expect(Object.keys(json).sort()).toEqual(
      ['accountNo', 'amount', 'description', 'email', 'fail_url', 'idNumber', 'name', 'payerID', 'sourceDocumentNo', 'success_url'].sort(),
    );
    expect(json).toEqual({
      payerID: 'PR000001',
      sourceDocumentNo: 'INV000001',
      description: 'Subscription Payment',
      amount: 2320,
      accountNo: '254712345678',
      email: 'jane.mwangi@example.com',
      idNumber: '12345678',
      name: 'Jane Mwangi',
      success_url: '/subscription',
      fail_url: '/subscription',
    });
  });

  it('encodes names outside ASCII as UTF-8', () => {
    const encoded = buildPaymentRequest({ ...payer, firstName: 'Wanjikũ', lastName: 'Ñandú' }, doc);
    expect(decodeJson<PaymentRequest>(encoded)?.name).toBe('Wanjikũ Ñandú');
  });

  it('uses the spec descriptions per purpose', () => {
    expect(paymentDescription('application')).toBe('Application Payment');
    expect(paymentDescription('subscription')).toBe('Subscription Payment');
    expect(paymentDescription('upgrade')).toBe('Upgrade Payment');
    expect(paymentDescription('license')).toBe('License fees');
    expect(paymentDescription(null)).toBe('Invoice Payment');
    expect(paymentDescription('toString')).toBe('Invoice Payment');
  });

  it('reads a request back and refuses garbage', () => {
    const encoded = buildPaymentRequest(payer, doc);
    expect(readPaymentRequest(encoded)).toEqual(paymentRequest(payer, doc));
    expect(readPaymentRequest('not base64 %%')).toBeNull();
    expect(readPaymentRequest(btoa('{"amount": 5}'))).toBeNull();
    expect(readPaymentRequest(undefined)).toBeNull();
  });

  it('keeps return addresses inside the portal', () => {
    expect(safeReturnPath('/billing/invoice/abc?x=1', '/dashboard')).toBe('/billing/invoice/abc?x=1');
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 42, undefined]) {
      expect(safeReturnPath(bad, '/dashboard')).toBe('/dashboard');
    }
    const request = buildPaymentRequest(payer, { ...doc, success_url: 'https://evil.example', fail_url: '//x' });
    expect(readPaymentRequest(request)).toMatchObject({ success_url: '/dashboard', fail_url: '/dashboard' });
  });

  it('puts the request into the checkout address safely', () => {
    const encoded = buildPaymentRequest(payer, doc);
    const url = new URL(checkoutPath(encoded), 'http://x');
    expect(url.pathname).toBe('/checkout');
    expect(url.searchParams.get('request')).toBe(encoded);
  });
});
