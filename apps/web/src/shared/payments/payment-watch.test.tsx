import type { Payment } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, unmountPages } from '../../test/render';
import { signInMember } from '../../test/session';
import { api } from '../api/client';
import { useBillingDue } from '../member/money';
import { followInCheckout, PaymentWatcher, unwatchPayment, watchPayment } from './payment-watch';

const ID = '0b7f5a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

const attempt = (over: Partial<Payment>): Payment => ({
  id: ID,
  status: 'pending',
  provider: 'MPESA',
  amount: 11_600,
  invoiceNo: 'ALL-DUE',
  description: 'Everything due (2 documents)',
  receiptNo: null,
  providerReference: null,
  message: 'Waiting',
  remainingAmount: 11_600,
  documents: ['INV000001', 'INV000002'],
  settled: [],
  successUrl: '/dashboard',
  failUrl: '/dashboard',
  createdAt: '2026-11-27T08:00:00.000Z',
  completedAt: null,
  ...over,
});

/** A screen showing what is due, as the dashboard does. */
function Owed() {
  const due = useBillingDue();
  return <p data-testid="owed">{due.data ? `Owed ${due.data.total}` : 'Loading'}</p>;
}

let payment: Payment;
let owed: number;
let reads: string[];

beforeEach(() => {
  signInMember();
  payment = attempt({});
  owed = 11_600;
  reads = [];
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    reads.push(path);
    if (path === `payments/${ID}`) return payment;
    if (path === 'billing/due') return { documents: [], owed, credit: 0, total: owed };
    return null;
  });
});

afterEach(() => {
  unmountPages();
  unwatchPayment(ID);
  sessionStorage.clear();
  vi.restoreAllMocks();
});

const settledPayment = () =>
  attempt({
    status: 'succeeded',
    receiptNo: 'RCT000012',
    remainingAmount: 0,
    settled: [
      { invoiceNo: 'INV000001', description: 'Annual subscription 2025', amount: 5800 },
      { invoiceNo: 'INV000002', description: 'Annual subscription 2026', amount: 5800 },
    ],
  });

describe('the payment watcher', () => {
  it('follows a payment the member left, and when it settles refreshes what is due and says so', async () => {
    watchPayment(ID);
    const container = await renderPage(
      <>
        <PaymentWatcher />
        <Owed />
      </>,
    );
    expect(container.querySelector('[data-testid="owed"]')?.textContent).toBe('Owed 11600');
    expect(sessionStorage.getItem('payments-watched')).toContain(ID);

    // M-Pesa confirms while the member is on another page.
    payment = settledPayment();
    owed = 0;
    await vi.waitFor(() => expect(container.querySelector('[data-testid="owed"]')?.textContent).toBe('Owed 0'), { timeout: 6000 });
    expect(document.body.textContent).toContain('Payment received. Receipt RCT000012 settled INV000001 and INV000002.');
    expect(sessionStorage.getItem('payments-watched')).not.toContain(ID);
  });

  it('leaves alone a payment the checkout follows itself', async () => {
    watchPayment(ID);
    const stop = followInCheckout(ID);
    payment = settledPayment();
    await renderPage(<PaymentWatcher />);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(reads).not.toContain(`payments/${ID}`);
    stop();
  });
});
