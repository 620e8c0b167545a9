import type { PaymentHistoryRecord, Subscription } from '@portal/contract';
import { formatKes } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/client';
import { renderPage, unmountPages } from '../../test/render';
import { signInMember } from '../../test/session';
import { atWidth, PHONE_WIDTH } from '../../test/viewport';
import { SubscriptionListPage } from './subscription-list-page';

const sub = (over: Partial<Subscription>): Subscription => ({
  subsPeriod: '2026',
  memberCategory: 'PROFESSIONAL',
  status: 'Unpaid',
  billedAmount: 5800,
  paidAmount: 0,
  lastPaidDate: null,
  billed: true,
  paid: false,
  fullyPaid: false,
  documentNo: 'INV000003',
  recieptNo: null,
  profileID: 'PR000001',
  memberNo: 'ERB1001',
  remainingAmount: 5800,
  dueDate: '2026-03-31',
  ...over,
});

const payment: PaymentHistoryRecord = {
  paymentCode: 'RCT000002',
  paymentDate: '2025-02-14',
  paymentFrom: '254712000001',
  paymentTo: 'Engineers Registration Board',
  amount: 5800,
  paymentID: 'SDE7H2K9QX',
  paymentType: 'MPESA',
  yearOfSubscription: '2025',
  email: 'jane.mwangi@example.com',
  name: 'Jane Mwangi',
  no: 1,
  memberNo: 'ERB1001',
};

let container: HTMLDivElement;

beforeEach(() => {
  signInMember();
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path === 'subs')
      return [
        sub({}),
        sub({
          subsPeriod: '2025',
          documentNo: 'INV000002',
          status: 'Paid',
          paidAmount: 5800,
          remainingAmount: 0,
          paid: true,
          fullyPaid: true,
          recieptNo: 'RCT000002',
          lastPaidDate: '2025-02-14T10:42:00',
        }),
      ];
    if (path === 'billing/history') return [payment];
    if (path === 'setup/membership-categories') return [{ Code: 'PROFESSIONAL', Description: 'Professional Engineer' }];
    if (path === 'profile') return { MemberNo: 'ERB1001', MemberShipType: 'PROFESSIONAL' };
    return null;
  });
});

afterEach(() => {
  unmountPages();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

async function show() {
  container = await renderPage(<SubscriptionListPage />, { url: '/subscription' });
}

const card = (label: string) => container.querySelector(`article[aria-label="${label}"]`);
const actions = (el: Element | null) => [...(el?.querySelectorAll('a, button') ?? [])].map((b) => b.textContent?.trim());

describe('/subscription on a phone (390 px)', () => {
  beforeEach(() => atWidth(PHONE_WIDTH));

  it('shows each subscription as a card with its amounts and every action in view, and no table', async () => {
    await show();
    expect(container.querySelector('table')).toBeNull();
    const unpaid = card('Subscription 2026');
    // The category's description, not its code (decision 040).
    expect(unpaid?.textContent).toContain('2026 · Professional Engineer');
    expect(unpaid?.textContent).toContain('Unpaid');
    expect(unpaid?.textContent).toContain(`Amount ${formatKes(5800)}`);
    expect(unpaid?.textContent).toContain(`Amount Paid ${formatKes(0)}`);
    expect(actions(unpaid)).toEqual(['Invoice', 'Pay Now']);

    const paid = card('Subscription 2025');
    expect(paid?.textContent).toContain('Amount Paid KES 5,800.00 on 14 Feb 2025');
    expect(actions(paid)).toEqual(['Invoice', 'Certificate', 'Receipt']);
  });

  it('shows the payment history as cards too', async () => {
    await show();
    const row = card('Payment RCT000002');
    expect(row?.textContent).toContain(formatKes(5800));
    expect(row?.textContent).toContain('Subscription 2025');
    expect(row?.textContent).toContain('Payment ID SDE7H2K9QX');
    expect(row?.textContent).toContain('14 Feb 2025 · MPESA');
  });
});

describe('/subscription on a wide screen', () => {
  beforeEach(() => atWidth(1280));

  it('keeps the spec’s columns in tables', async () => {
    await show();
    expect(container.querySelector('article')).toBeNull();
    const headers = (label: string) =>
      [...(container.querySelector(`table[aria-label="${label}"]`)?.querySelectorAll('th') ?? [])].map((th) => th.textContent);
    expect(headers('My Subscriptions')).toEqual(['Period', 'Category', 'Status', 'Amount', 'Amount Paid', 'Date Paid', 'Actions']);
    expect(headers('My Payment History')).toEqual([
      'No#',
      'Date Of Payment',
      'From',
      'To',
      'amount',
      'Payment ID',
      'Payment Type',
      'Year Of Subscription',
    ]);
  });
});
