import {
  ALL_DUE,
  type BillingDue,
  type CheckoutInvoice,
  type DueDocument,
  decodeJson,
  encodeJson,
  formatKes,
  type Payment,
  paymentMessages,
} from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { api } from '../../shared/api/client';
import { paymentRequest } from '../../shared/payments/payment-request';
import { receiptRoute } from '../../shared/payments/routes';
import { click, currentLocation, renderPage, unmountPages } from '../../test/render';
import { signInMember } from '../../test/session';
import { CheckoutPage } from './checkout-page';

const PAYMENT_ID = '0b7f5a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

const invoiceOf = (over: Partial<CheckoutInvoice>): CheckoutInvoice => ({
  invoiceNo: 'INV000003',
  description: 'Annual subscription 2026',
  amount: 5800,
  remainingAmount: 5800,
  receiptNo: null,
  breakdown: [
    { label: 'Fee', amount: 5000 },
    { label: 'VAT 16%', amount: 800 },
  ],
  dueDate: '2026-03-31',
  ...over,
});

const attemptOf = (over: Partial<Payment>): Payment => ({
  id: PAYMENT_ID,
  status: 'pending',
  provider: 'CARD',
  amount: 5800,
  invoiceNo: 'INV000003',
  description: 'Annual subscription 2026',
  receiptNo: null,
  providerReference: null,
  message: paymentMessages.pending,
  remainingAmount: 5800,
  documents: [],
  settled: [],
  successUrl: '/subscription',
  failUrl: '/subscription',
  createdAt: '2026-11-25T08:00:00.000Z',
  completedAt: null,
  ...over,
});

const requestParam = encodeJson(
  paymentRequest(
    { payerID: 'PR000001', phone: '0712345678', email: 'jane@example.com', idNumber: '1', firstName: 'Jane', lastName: 'Mwangi' },
    {
      sourceDocumentNo: 'INV000003',
      description: 'Subscription Payment',
      amount: 5800,
      success_url: '/subscription',
      fail_url: '/subscription',
    },
  ),
);

const dueDocument = (documentNo: string, description: string, remaining: number): DueDocument => ({
  documentNo,
  description,
  purpose: 'subscription',
  dueDate: '2026-03-31',
  amount: remaining,
  remaining,
  breakdown: [{ label: 'Fee', amount: remaining }],
});
const NOTHING_DUE: BillingDue = { documents: [], owed: 0, credit: 0, total: 0 };

let invoice: CheckoutInvoice;
let due: BillingDue;
let attempt: Payment;
let credit = 0;
let post: MockInstance<typeof api.post>;
let container: HTMLDivElement;

beforeEach(() => {
  signInMember();
  invoice = invoiceOf({});
  attempt = attemptOf({});
  credit = 0;
  due = NOTHING_DUE;
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path === 'payments/invoice/INV000003') return invoice;
    if (path === `payments/${PAYMENT_ID}`) return attempt;
    if (path === 'billing/due') return due;
    if (path === 'billing/balance') return { BalanceLCY: 5800 - credit, arrearsLCY: 0, creditLCY: credit, goodStanding: false };
    return null;
  });
  post = vi.spyOn(api, 'post');
});

afterEach(() => {
  unmountPages();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

async function show(url: string) {
  container = await renderPage(<CheckoutPage />, {
    url,
    path: '/checkout',
    routes: { '/subscription': <p>My Subscriptions page</p> },
  });
}

const button = (name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
/** The submit button: its text says what will be paid, and how. */
const payButton = () => [...container.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Pay'));
const flash = () => JSON.parse(sessionStorage.getItem('flash') ?? 'null') as { message: string; severity: string } | null;

describe('/checkout of a document with nothing left to pay', () => {
  it('shows what the document was and that it is paid, with its receipt, and no amount to pay', async () => {
    invoice = invoiceOf({ remainingAmount: 0, receiptNo: 'RCT000009' });
    await show(`/checkout?request=${encodeURIComponent(requestParam)}`);
    const text = container.textContent ?? '';
    expect(text).toContain(paymentMessages.nothingToPay);
    expect(text).toContain('INV000003');
    expect(text).toContain('ForAnnual subscription 2026');
    expect(text).toContain(`Amount${formatKes(5800)}`);
    expect(text).toContain('StatusPaid');
    expect(text).not.toContain('Amount to pay');
    expect(text).not.toContain('—');
    const receipt = [...container.querySelectorAll('a')].find((a) => a.textContent?.includes('Receipt RCT000009'));
    expect(receipt?.getAttribute('href')).toBe(receiptRoute('RCT000009'));
    expect(payButton()).toBeUndefined();
    await click(button('Back'));
    expect(currentLocation().pathname).toBe('/subscription');
  });

  it('offers no receipt when no payment settled it', async () => {
    invoice = invoiceOf({ remainingAmount: 0, receiptNo: null });
    await show(`/checkout?request=${encodeURIComponent(requestParam)}`);
    expect(container.textContent).toContain(paymentMessages.nothingToPay);
    expect([...container.querySelectorAll('a')].some((a) => a.textContent?.includes('Receipt'))).toBe(false);
  });

  it('shows the amount to pay while something is owed', async () => {
    invoice = invoiceOf({ remainingAmount: 3800 });
    await show(`/checkout?request=${encodeURIComponent(requestParam)}`);
    expect(container.querySelector('[data-testid="checkout-amount"]')?.textContent).toBe(formatKes(3800));
    expect(container.textContent).not.toContain(paymentMessages.nothingToPay);
    expect(payButton()?.textContent).toBe(`Pay ${formatKes(3800)} by M-Pesa to +254 712 345 678`);
  });
});

describe('/checkout?payment={id}: back from the card payment page', () => {
  it('approved: says the payment was received with the receipt, then returns to success_url with that message', async () => {
    attempt = attemptOf({ status: 'succeeded', receiptNo: 'RCT000010', message: paymentMessages.succeeded, remainingAmount: 0 });
    await show(`/checkout?payment=${PAYMENT_ID}`);
    expect(container.textContent).toContain('Payment received');
    expect(container.textContent).toContain('Receipt RCT000010.');
    expect(flash()).toEqual({ message: 'Payment received. Receipt RCT000010.', severity: 'success' });
    await vi.waitFor(() => expect(currentLocation().pathname).toBe('/subscription'), { timeout: 4000 });
  });

  it('declined: gives the card page’s reason, and Back returns to fail_url with it', async () => {
    attempt = attemptOf({ status: 'failed', message: paymentMessages.cardDeclined });
    await show(`/checkout?payment=${PAYMENT_ID}`);
    expect(container.textContent).toContain('Payment not completed');
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(paymentMessages.cardDeclined);
    await click(button('Back'));
    expect(currentLocation().pathname).toBe('/subscription');
    expect(flash()).toEqual({ message: paymentMessages.cardDeclined, severity: 'warning' });
  });

  it('declined: Change payment method goes back to the choice for the same invoice', async () => {
    attempt = attemptOf({ status: 'failed', message: paymentMessages.cardDeclined });
    await show(`/checkout?payment=${PAYMENT_ID}`);
    await click(button('Change payment method'));
    expect(currentLocation().search).toContain('request=');
    expect(currentLocation().search).not.toContain('payment=');
    expect(container.querySelector('input[value="MPESA"]')).not.toBeNull();
    expect(container.querySelector('[data-testid="checkout-amount"]')?.textContent).toBe(formatKes(5800));
  });
});

describe('/checkout paying by credit', () => {
  async function payByCredit(applied: Payment) {
    credit = applied.amount;
    post.mockImplementation(async () => {
      attempt = applied;
      invoice = invoiceOf({ remainingAmount: applied.remainingAmount, receiptNo: null });
      credit = 0;
      return applied;
    });
    await show(`/checkout?request=${encodeURIComponent(requestParam)}`);
    await click(container.querySelector<HTMLInputElement>('input[value="CREDIT"]'));
    expect(payButton()?.textContent).toBe(`Pay ${formatKes(Math.min(applied.amount, 5800))} from credit`);
    await click(payButton());
    expect(post).toHaveBeenCalledWith('payments', { request: requestParam, provider: 'CREDIT' });
  }

  it('part of the invoice: says what was applied and what remains, and stays to pay the rest', async () => {
    const message = paymentMessages.creditApplied(2000, 3800);
    expect(message).toBe(`${formatKes(2000)} of credit applied; ${formatKes(3800)} remains to pay.`);
    await payByCredit(
      attemptOf({ provider: 'CREDIT', status: 'succeeded', amount: 2000, remainingAmount: 3800, message, failUrl: '/subscription' }),
    );
    expect(container.textContent).toContain(message);
    expect(container.textContent).not.toContain('Payment received');
    expect(currentLocation().pathname).toBe('/checkout');
    expect(currentLocation().search).not.toContain('payment=');
    expect(container.querySelector('[data-testid="checkout-amount"]')?.textContent).toBe(formatKes(3800));
    expect(container.querySelector('input[value="MPESA"]')).not.toBeNull();
    expect(flash()).toBeNull();
  });

  it('all of it: returns to success_url saying the credit paid the invoice in full', async () => {
    const message = paymentMessages.creditApplied(5800, 0);
    await payByCredit(attemptOf({ provider: 'CREDIT', status: 'succeeded', amount: 5800, remainingAmount: 0, message }));
    expect(container.textContent).toContain('Credit applied');
    expect(flash()).toEqual({ message, severity: 'success' });
    expect(message).not.toContain('Payment received');
    await vi.waitFor(() => expect(currentLocation().pathname).toBe('/subscription'), { timeout: 4000 });
  });
});

describe('/checkout: what the amount is made of, and everything due', () => {
  it('shows the fee and its VAT, and offers the other unpaid documents as one payment', async () => {
    due = {
      documents: [
        dueDocument('INV000001', 'Annual subscription 2025', 5800),
        dueDocument('INV000003', 'Annual subscription 2026', 5800),
        dueDocument('INV000007', 'Event booking BK0001', 3000),
      ],
      owed: 14_600,
      credit: 0,
      total: 14_600,
    };
    await show(`/checkout?request=${encodeURIComponent(requestParam)}`);
    const breakdown = container.querySelector('[aria-label="What the amount is made of"]');
    expect(breakdown?.textContent).toBe(`Fee${formatKes(5000)}VAT 16%${formatKes(800)}`);
    expect(container.textContent).toContain(`2 other documents are unpaid (${formatKes(8800)}).`);
    expect(container.textContent).toContain(`Everything due comes to ${formatKes(14_600)}.`);

    await click(button('Pay everything due'));
    const request = decodeJson<{ sourceDocumentNo: string; success_url: string }>(
      new URLSearchParams(currentLocation().search).get('request'),
    );
    expect(request).toMatchObject({ sourceDocumentNo: ALL_DUE, success_url: '/subscription' });
    const listed = container.querySelector('[aria-label="Documents being paid"]');
    expect(listed?.textContent).toContain(`INV000001 · Annual subscription 2025${formatKes(5800)}`);
    expect(listed?.textContent).toContain(`INV000007 · Event booking BK0001${formatKes(3000)}`);
    expect(container.querySelector('[data-testid="checkout-amount"]')?.textContent).toBe(formatKes(14_600));
    // Credit is used first by the server, so only M-Pesa and card are offered for the rest.
    expect(container.querySelector('input[value="CREDIT"]')).toBeNull();
    expect(payButton()?.textContent).toBe(`Pay ${formatKes(14_600)} by M-Pesa to +254 712 345 678`);

    post.mockImplementation(async () => attemptOf({ provider: 'MPESA', invoiceNo: ALL_DUE, amount: 14_600, remainingAmount: 14_600 }));
    await click(payButton());
    const body = post.mock.calls[0][1] as { request: string; provider: string; phone: string };
    expect(body).toMatchObject({ provider: 'MPESA', phone: '254712345678' });
    expect(decodeJson<{ sourceDocumentNo: string }>(body.request)?.sourceDocumentNo).toBe(ALL_DUE);
    expect(currentLocation().search).toContain(`payment=${PAYMENT_ID}`);
  });

  it('says the credit used first, and offers credit alone when it covers everything', async () => {
    due = { documents: [dueDocument('INV000001', 'Annual subscription 2025', 5800)], owed: 5800, credit: 2000, total: 3800 };
    const allDue = encodeJson({ ...decodeJson<object>(requestParam), sourceDocumentNo: ALL_DUE });
    await show(`/checkout?request=${encodeURIComponent(allDue)}`);
    expect(container.textContent).toContain(`Credit used first${formatKes(-2000)}`);
    expect(container.querySelector('[data-testid="checkout-amount"]')?.textContent).toBe(formatKes(3800));
    unmountPages();

    due = { documents: [dueDocument('INV000001', 'Annual subscription 2025', 5800)], owed: 5800, credit: 9000, total: 0 };
    credit = 9000;
    await show(`/checkout?request=${encodeURIComponent(allDue)}`);
    expect(container.querySelector('input[value="MPESA"]')).toBeNull();
    expect(payButton()?.textContent).toBe(`Pay ${formatKes(5800)} from credit`);
  });

  it('says nothing is due when everything is paid', async () => {
    const allDue = encodeJson({ ...decodeJson<object>(requestParam), sourceDocumentNo: ALL_DUE });
    await show(`/checkout?request=${encodeURIComponent(allDue)}`);
    expect(container.textContent).toContain(paymentMessages.nothingDue);
    expect(payButton()).toBeUndefined();
  });

  it('after paying everything due, lists what the receipt settled and returns with that message', async () => {
    attempt = attemptOf({
      status: 'succeeded',
      provider: 'MPESA',
      invoiceNo: ALL_DUE,
      receiptNo: 'RCT000011',
      amount: 8800,
      remainingAmount: 0,
      settled: [
        { invoiceNo: 'INV000001', description: 'Annual subscription 2025', amount: 5800 },
        { invoiceNo: 'INV000007', description: 'Event booking BK0001', amount: 3000 },
      ],
    });
    await show(`/checkout?payment=${PAYMENT_ID}`);
    expect(container.querySelector('[aria-label="What the payment settled"]')?.textContent).toBe(
      `INV000001 · Annual subscription 2025${formatKes(5800)}INV000007 · Event booking BK0001${formatKes(3000)}`,
    );
    expect(flash()).toEqual({ message: 'Payment received. Receipt RCT000011 settled INV000001 and INV000007.', severity: 'success' });
  });
});
