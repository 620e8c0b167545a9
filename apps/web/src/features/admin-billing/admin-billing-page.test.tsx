import {
  type AdminArrearsPage,
  type AdminInvoicesPage,
  type AdminPaymentsPage,
  type BillingRun,
  billingAdminMessages,
} from '@portal/contract';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentLocation, renderPage, unmountPages } from '../../test/render';
import { settle } from '../../test/settle';
import { atWidth, PHONE_WIDTH } from '../../test/viewport';
import { AdminBillingPage } from './admin-billing-page';
import { adminBillingApi } from './api';

const invoices: AdminInvoicesPage = {
  invoices: [
    {
      invoiceNo: 'INV000007',
      documentDate: '2026-01-05',
      dueDate: '2026-03-31',
      profileId: 'PR000001',
      memberNo: 'ERB1001',
      name: 'Jane Mwangi',
      purpose: 'subscription',
      description: 'Subscription 2026',
      externalDocumentNo: null,
      amount: 5800,
      paidAmount: 800,
      remainingAmount: 5000,
      status: 'open',
      overdue: true,
    },
  ],
  total: 1,
  page: 1,
  pageSize: 20,
  totalExact: true,
  totals: { amount: 5800, paidAmount: 800, remainingAmount: 5000 },
};
const payments: AdminPaymentsPage = {
  payments: [
    {
      receiptNo: 'RCT000003',
      paidOn: '2026-02-01',
      postedOn: '2026-02-01',
      profileId: 'PR000002',
      memberNo: null,
      name: 'Peter Otieno',
      method: 'BANK',
      reference: 'FT123',
      description: 'BANK payment FT123',
      amount: 800,
      unappliedAmount: 0,
      appliedTo: [{ invoiceNo: 'INV000007', amount: 800 }],
    },
  ],
  total: 1,
  page: 1,
  pageSize: 20,
  totalExact: true,
  totals: { amount: 800, unappliedAmount: 0 },
};
const arrears: AdminArrearsPage = {
  members: [
    {
      profileId: 'PR000001',
      memberNo: 'ERB1001',
      name: 'Jane Mwangi',
      category: 'GE',
      email: 'jane.mwangi@example.com',
      phoneNo: '0712345678',
      arrears: 5000,
      overdueInvoices: 1,
      oldestDueDate: '2026-03-31',
    },
  ],
  total: 1,
  page: 1,
  pageSize: 20,
  totals: { arrears: 5000, members: 1 },
};

let container: HTMLDivElement;
beforeEach(() => {
  vi.spyOn(adminBillingApi, 'runs').mockResolvedValue({ runs: [], total: 0, page: 1, pageSize: 2 });
  vi.spyOn(adminBillingApi, 'invoices').mockResolvedValue(invoices);
  vi.spyOn(adminBillingApi, 'payments').mockResolvedValue(payments);
  vi.spyOn(adminBillingApi, 'arrears').mockResolvedValue(arrears);
});
afterEach(() => {
  unmountPages();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const headers = (label: string) => [...container.querySelectorAll(`table[aria-label="${label}"] thead th`)].map((th) => th.textContent);
const rowTexts = (label: string, part: 'tbody' | 'tfoot') =>
  [...container.querySelectorAll(`table[aria-label="${label}"] ${part} tr`)].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent),
  );
const tab = async (name: string) => {
  const button = [...container.querySelectorAll('[role="tab"]')].find((t) => t.textContent === name) as HTMLElement;
  act(() => button.click());
  await settle();
};
/** The portal's one money format (decision 040). */
const kes = (n: number) => `KES ${n.toLocaleString('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function show() {
  container = await renderPage(<AdminBillingPage />, { url: '/admin/billing' });
}

describe('AdminBillingPage tabs', () => {
  beforeEach(() => atWidth(1280));

  it('lists invoices with the member, amounts, status, totals and pagination', async () => {
    await show();
    // The due date sits under the status it decides, so the list fits a 1366 px screen beside the drawer.
    expect(headers('Invoices')).toEqual(['Invoice', 'Member', 'Description', 'Amount', 'Paid', 'Outstanding', 'Status', 'Actions']);
    expect(rowTexts('Invoices', 'tbody')).toEqual([
      ['INV0000075 Jan 2026', 'Jane MwangiERB1001', 'Subscription 2026', kes(5800), kes(800), kes(5000), 'OverdueDue 31 Mar 2026', ''],
    ]);
    expect(rowTexts('Invoices', 'tfoot')).toEqual([['Total (1 invoice)', kes(5800), kes(800), kes(5000), '']]);
    expect(container.textContent).toContain('1–1 of 1');
    expect(adminBillingApi.invoices).toHaveBeenCalledWith(expect.objectContaining({ page: 1, pageSize: 20 }));
  });

  it('says when the count is an estimate and asks for a narrower search instead of totals (issue 26)', async () => {
    vi.mocked(adminBillingApi.invoices).mockResolvedValue({ ...invoices, total: 941_134, totalExact: false, totals: null });
    await show();
    expect(rowTexts('Invoices', 'tfoot')).toEqual([['about 941,000 invoices: narrow the search to 10,000 or fewer to see totals']]);
    expect(container.textContent).toContain('1–20 of about 941,134');
  });

  it('keeps the tab in the address, so a link or a reload opens it', async () => {
    container = await renderPage(<AdminBillingPage />, { url: '/admin/billing?tab=arrears' });
    expect(container.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toBe('Arrears');
    await tab('Payments');
    expect(currentLocation().search).toBe('?tab=payments');
    await tab('Invoices');
    expect(currentLocation().search).toBe('');
  });

  it('opens the payment dialog filled in from an invoice row', async () => {
    await show();
    act(() => container.querySelector<HTMLButtonElement>('button[aria-label="Record payment for INV000007"]')?.click());
    // The dialog's code is loaded when it first opens (decision 054).
    await vi.waitFor(() => expect(document.querySelector('#manual-payment-title')).not.toBeNull(), { timeout: 5000 });
    await settle();
    const dialog = document.querySelector('[role="dialog"]') as HTMLElement;
    expect(dialog.querySelector('#manual-payment-title')?.textContent).toBe('Record a payment');
    const values = [...dialog.querySelectorAll('input')].map((i) => i.value);
    expect(values).toEqual(expect.arrayContaining(['ERB1001', 'INV000007', '5000.00', 'BANK']));
  });

  it('lists payments and arrears with their totals', async () => {
    await show();
    await tab('Payments');
    expect(rowTexts('Payments', 'tbody')).toEqual([
      ['RCT000003', '1 Feb 2026', 'Peter OtienoPR000002', 'BANK', 'FT123', `INV000007: ${kes(800)}`, kes(800), kes(0)],
    ]);
    expect(rowTexts('Payments', 'tfoot')).toEqual([['Total (1 payment)', kes(800), kes(0)]]);
    await tab('Arrears');
    expect(headers('Arrears')).toEqual(['Member', 'Category', 'Contact', 'Overdue invoices', 'Oldest due', 'Arrears', 'Actions']);
    expect(rowTexts('Arrears', 'tfoot')).toEqual([['Total (1 member in arrears)', kes(5000), '']]);
    expect(container.querySelector('button[aria-label="Record payment for ERB1001"]')).not.toBeNull();
  });
});

describe('AdminBillingPage on a phone (390 px)', () => {
  beforeEach(() => atWidth(PHONE_WIDTH));

  const card = (label: string) => container.querySelector(`article[aria-label="${label}"]`);
  const buttons = (el: Element | null) => [...(el?.querySelectorAll('button') ?? [])].map((b) => b.textContent?.trim());

  it('shows each invoice as a card with what is outstanding, the status and both actions, and no table', async () => {
    await show();
    expect(container.querySelector('table')).toBeNull();
    expect(container.textContent).toContain(`Total (1 invoice): ${kes(5800)}, paid ${kes(800)}, outstanding ${kes(5000)}`);
    const invoice = card('Invoice INV000007');
    expect(invoice?.textContent).toContain('INV000007 · 5 Jan 2026');
    expect(invoice?.textContent).toContain('Overdue');
    expect(invoice?.textContent).toContain('Jane Mwangi · ERB1001');
    expect(invoice?.textContent).toContain(`Outstanding ${kes(5000)} of ${kes(5800)} · Paid ${kes(800)}`);
    expect(invoice?.textContent).toContain('Due 31 Mar 2026');
    expect(buttons(invoice)).toEqual(['Record payment', 'Credit note']);
    expect(container.textContent).toContain('1–1 of 1');

    act(() => invoice?.querySelector<HTMLButtonElement>('button[aria-label="Record payment for INV000007"]')?.click());
    await settle();
    expect(document.querySelector('#manual-payment-title')?.textContent).toBe('Record a payment');
  });

  it('shows payments and arrears as cards, the arrears with its action', async () => {
    await show();
    await tab('Payments');
    expect(container.querySelector('table')).toBeNull();
    const payment = card('Payment RCT000003');
    expect(payment?.textContent).toContain('RCT000003 · 1 Feb 2026');
    expect(payment?.textContent).toContain('BANK');
    expect(payment?.textContent).toContain('Peter Otieno · PR000002');
    expect(payment?.textContent).toContain(`Amount ${kes(800)} · Unapplied ${kes(0)}`);
    expect(payment?.textContent).toContain(`INV000007: ${kes(800)}`);
    expect(container.textContent).toContain(`Total (1 payment): ${kes(800)}, unapplied ${kes(0)}`);

    await tab('Arrears');
    const member = card('Arrears of ERB1001');
    expect(member?.textContent).toContain(kes(5000));
    expect(member?.textContent).toContain('1 overdue invoice, oldest due 31 Mar 2026');
    expect(member?.textContent).toContain('jane.mwangi@example.com · +254 712 345 678');
    expect(buttons(member)).toEqual(['Record payment']);
    expect(container.textContent).toContain(`Total (1 member in arrears): ${kes(5000)}`);
  });
});

describe('a billing run in the background (issue 26)', () => {
  const run = (over: Partial<BillingRun>): BillingRun => ({
    id: 4,
    period: '2026',
    status: 'running',
    runBy: 'Grace Registrar',
    memberCount: 50_000,
    toBillCount: 40_000,
    billedCount: 10_000,
    skippedCount: 0,
    totalAmount: 58_000_000,
    startedAt: '2026-11-27T08:00:00.000Z',
    finishedAt: null,
    error: null,
    ...over,
  });
  /** What the page asks for first: the two newest runs. */
  const latest = (runs: BillingRun[]) => ({ runs, total: runs.length, page: 1, pageSize: 2 });

  it('shows its progress while it runs, keeps Run billing off, then says how it ended', async () => {
    atWidth(1280);
    const runs = vi.spyOn(adminBillingApi, 'runs').mockResolvedValue(latest([run({}), run({ id: 3, period: '2025', status: 'finished' })]));
    await show();
    const status = () => container.querySelector('[role="status"]')?.textContent ?? '';
    expect(status()).toContain('Billing 2026: 10,000 of 40,000 members billed (25 %)');
    // Only the two newest runs are asked for: the open one and the last that ended.
    expect(runs).toHaveBeenCalledWith({ page: 1, pageSize: 2 });
    expect(container.querySelector('[role="progressbar"][aria-label="Billing 2026"]')?.getAttribute('aria-valuenow')).toBe('25');
    const runButton = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Run billing');
    expect(runButton?.disabled).toBe(true);
    // The last run that ended is still the one named above.
    expect(container.textContent).toContain('Last run: 2025');

    runs.mockResolvedValue(latest([run({ status: 'finished', billedCount: 40_000, skippedCount: 10_000 })]));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 1200)));
    await settle();
    expect(status()).toBe(billingAdminMessages.runFinished(40_000, 10_000));
    // The lists are read again: the run made invoices.
    expect(vi.mocked(adminBillingApi.invoices).mock.calls.length).toBeGreaterThan(1);
  });
});
