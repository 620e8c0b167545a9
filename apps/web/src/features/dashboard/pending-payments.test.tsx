import { ALL_DUE, type BillingDue, decodeJson, formatKes } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/client';
import { invoiceRoute } from '../../shared/payments/routes';
import { click, currentLocation, renderPage, unmountPages } from '../../test/render';
import { signInMember } from '../../test/session';
import { atWidth, PHONE_WIDTH } from '../../test/viewport';
import { PendingPayments } from './pending-payments';

let container: HTMLDivElement;

const invoiceRow = (documentNo: string, description: string, remaining: number) => ({
  documentNo,
  documentType: 'Invoice',
  description,
  amountLCY: 5800,
  dueDate: '2026-11-10',
  postingDate: '2026-10-11',
  externalDocumentNo: 'ERB1001-2026',
  documentDate: '2026-10-11',
  remainingAmtLCY: remaining,
  purpose: 'subscription',
});

let rows: ReturnType<typeof invoiceRow>[];
let due: BillingDue;

beforeEach(() => {
  signInMember();
  rows = [invoiceRow('INV000003', 'Annual subscription 2026', 3800)];
  due = { documents: [], owed: 3800, credit: 0, total: 3800 };
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path === 'billing/pending') return rows;
    if (path === 'billing/due') return due;
    return null;
  });
});

afterEach(() => {
  unmountPages();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('Pending Payments (part 1 §2, §9)', () => {
  it('on a phone (390 px): a card with what is outstanding, Preview and Pay Now in view', async () => {
    atWidth(PHONE_WIDTH);
    container = await renderPage(<PendingPayments />, { url: '/dashboard' });
    expect(container.querySelector('table')).toBeNull();
    const card = container.querySelector('article[aria-label="Invoice INV000003"]');
    expect(card?.textContent).toContain('INV000003 · Due 10 Nov 2026');
    expect(card?.textContent).toContain(`Outstanding ${formatKes(3800)} of ${formatKes(5800)}`);
    expect([...(card?.querySelectorAll('a, button') ?? [])].map((b) => b.textContent?.trim())).toEqual(['Preview', 'Pay Now']);
    expect(card?.querySelector('a')?.getAttribute('href')).toBe(invoiceRoute('INV000003'));
  });

  it('on a wide screen: the table', async () => {
    atWidth(1280);
    container = await renderPage(<PendingPayments />, { url: '/dashboard' });
    expect(container.querySelector('article')).toBeNull();
    expect([...container.querySelectorAll('table[aria-label="Pending Payments"] th')].map((th) => th.textContent)).toEqual([
      'Document No',
      'Description',
      'Due Date',
      'Amount',
      'Outstanding',
      'Actions',
    ]);
  });

  it('with several documents unpaid: what everything due comes to, and one payment for it', async () => {
    atWidth(PHONE_WIDTH);
    rows = [invoiceRow('INV000001', 'Annual subscription 2025', 5800), invoiceRow('INV000003', 'Annual subscription 2026', 5800)];
    due = {
      documents: rows.map((r) => ({ ...r, purpose: 'subscription', amount: 5800, remaining: 5800, breakdown: [] })),
      owed: 11_600,
      credit: 1000,
      total: 10_600,
    };
    container = await renderPage(<PendingPayments />, { url: '/dashboard', path: '/dashboard', routes: { '/checkout': <p>Checkout</p> } });
    expect(container.textContent).toContain(`Everything due: ${formatKes(10_600)} for 2 documents, after ${formatKes(1000)} of credit`);
    const payAll = [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Pay everything due');
    await click(payAll);
    expect(currentLocation().pathname).toBe('/checkout');
    const request = decodeJson<{ sourceDocumentNo: string; amount: number }>(new URLSearchParams(currentLocation().search).get('request'));
    expect(request).toMatchObject({ sourceDocumentNo: ALL_DUE, amount: 10_600 });
  });

  it('offers no payment of everything due for a single document', async () => {
    container = await renderPage(<PendingPayments />, { url: '/dashboard' });
    expect(container.textContent).not.toContain('Pay everything due');
  });
});
