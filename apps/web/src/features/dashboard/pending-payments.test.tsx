import { formatKes } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/client';
import { invoiceRoute } from '../../shared/payments/routes';
import { renderPage, unmountPages } from '../../test/render';
import { signInMember } from '../../test/session';
import { atWidth, PHONE_WIDTH } from '../../test/viewport';
import { PendingPayments } from './pending-payments';

let container: HTMLDivElement;

beforeEach(() => {
  signInMember();
  vi.spyOn(api, 'get').mockImplementation(async (path: string) =>
    path === 'billing/pending'
      ? [
          {
            documentNo: 'INV000003',
            documentType: 'Invoice',
            description: 'Annual subscription 2026',
            amountLCY: 5800,
            dueDate: '2026-11-10',
            postingDate: '2026-10-11',
            externalDocumentNo: 'ERB1001-2026',
            documentDate: '2026-10-11',
            remainingAmtLCY: 3800,
            purpose: 'subscription',
          },
        ]
      : null,
  );
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
});
