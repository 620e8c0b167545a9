import { formatKes } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/client';
import type { LedgerEntry } from '../../shared/member/money';
import { invoiceRoute, receiptRoute } from '../../shared/payments/routes';
import { renderPage, unmountPages } from '../../test/render';
import { signInMember } from '../../test/session';
import { atWidth, PHONE_WIDTH } from '../../test/viewport';
import { BillingPage } from './billing-page';

const entry = (over: Partial<LedgerEntry>): LedgerEntry => ({
  documentNo: 'INV000003',
  documentType: 'Invoice',
  description: 'Annual subscription 2026',
  amountLCY: 5800,
  dueDate: '2026-11-10',
  postingDate: '2026-10-11',
  externalDocumentNo: 'ERB1001-2026',
  documentDate: '2026-10-11',
  remainingAmtLCY: 5800,
  purpose: 'subscription',
  ...over,
});

let container: HTMLDivElement;

beforeEach(() => {
  signInMember();
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path === 'profile/ledger')
      return [
        entry({}),
        entry({
          documentNo: 'RCT000002',
          documentType: 'Payment',
          description: 'M-Pesa payment SDE7H2K9QX',
          amountLCY: -5800,
          dueDate: null,
          postingDate: '2025-02-14',
          remainingAmtLCY: 0,
          purpose: null,
        }),
      ];
    if (path === 'billing/balance') return { BalanceLCY: 5800, arrearsLCY: 5800, creditLCY: 0, goodStanding: false };
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
  container = await renderPage(<BillingPage />, { url: '/billing' });
}

describe('/billing My Statement', () => {
  it('on a phone (390 px): each entry is a card with its document link, amount, description and dates', async () => {
    atWidth(PHONE_WIDTH);
    await show();
    expect(container.querySelector('table')).toBeNull();
    const invoice = container.querySelector('article[aria-label="Invoice INV000003"]');
    expect(invoice?.querySelector('a')?.getAttribute('href')).toBe(invoiceRoute('INV000003'));
    expect(invoice?.textContent).toContain('Unpaid');
    expect(invoice?.textContent).toContain(formatKes(5800));
    expect(invoice?.textContent).toContain('Annual subscription 2026');
    expect(invoice?.textContent).toContain('Posted 11 Oct 2026 · Due 10 Nov 2026');
    const receipt = container.querySelector('article[aria-label="Payment RCT000002"]');
    expect(receipt?.querySelector('a')?.getAttribute('href')).toBe(receiptRoute('RCT000002'));
    expect(receipt?.textContent).toContain('M-Pesa payment SDE7H2K9QX');
    expect(receipt?.textContent).not.toContain('Due');
  });

  it('on a wide screen: the spec’s columns', async () => {
    atWidth(1280);
    await show();
    expect(container.querySelector('article')).toBeNull();
    const headers = [...container.querySelectorAll('table[aria-label="My Statement"] th')].map((th) => th.textContent);
    expect(headers).toEqual(['Document No', 'Document Type', 'Description', 'Amount', 'Due Date', 'Posting Date']);
    expect(container.querySelectorAll('table[aria-label="My Statement"] tbody tr')).toHaveLength(2);
  });
});
