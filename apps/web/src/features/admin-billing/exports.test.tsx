import type { AdminArrearsPage, AdminInvoicesPage, AdminPaymentsPage } from '@portal/contract';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { click, renderPage, unmountPages } from '../../test/render';
import { signInMember } from '../../test/session';
import { settle } from '../../test/settle';
import { fieldLabelled, pickOption, typeInto } from '../../test/type';
import { atWidth, PHONE_WIDTH } from '../../test/viewport';
import { AdminBillingPage } from './admin-billing-page';
import { adminBillingApi } from './api';

// Lists whose Export menu loads when first opened (decision 054): time for the first import on a busy machine.
vi.setConfig({ testTimeout: 45_000 });

const empty = { total: 0, page: 1, pageSize: 20 };
let container: HTMLDivElement;
const fetched: { url: string; authorization: string | undefined }[] = [];
const downloads: string[] = [];

beforeEach(() => {
  signInMember();
  vi.spyOn(adminBillingApi, 'runs').mockResolvedValue({ runs: [], ...empty });
  vi.spyOn(adminBillingApi, 'invoices').mockResolvedValue({
    invoices: [],
    ...empty,
    totalExact: true,
    totals: { amount: 0, paidAmount: 0, remainingAmount: 0 },
  } as AdminInvoicesPage);
  vi.spyOn(adminBillingApi, 'payments').mockResolvedValue({
    payments: [],
    ...empty,
    totalExact: true,
    totals: { amount: 0, unappliedAmount: 0 },
  } as AdminPaymentsPage);
  vi.spyOn(adminBillingApi, 'arrears').mockResolvedValue({ members: [], ...empty, totals: { arrears: 0, members: 0 } } as AdminArrearsPage);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      fetched.push({ url, authorization: (init?.headers as Record<string, string> | undefined)?.Authorization });
      const list = /\/api\/admin\/billing\/(\w+)\/export\?.*format=(\w+)/.exec(url);
      if (!list) return new Response(JSON.stringify({ data: [] }), { headers: { 'Content-Type': 'application/json' } });
      return new Response('bytes', {
        headers: { 'Content-Disposition': `attachment; filename="${list[1]}-2026-11-27.${list[2]}"` },
      });
    }),
  );
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});

afterEach(() => {
  unmountPages();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  fetched.length = 0;
  downloads.length = 0;
});

const tab = async (name: string) => {
  await click([...container.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.textContent === name));
};

/** A field by its label (text fields and selects alike). */
const field = (label: string) => fieldLabelled(container, label);

async function choose(label: string, option: string) {
  const native = field(label)?.querySelector('select');
  if (native) return pickOption(native, option);
  const select = field(label)?.querySelector<HTMLElement>('[role="combobox"]');
  await act(async () => select?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 })));
  await click([...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent === option));
}

/** Past the search box's pause before it asks the server. */
const pause = async () => {
  await act(async () => new Promise((resolve) => setTimeout(resolve, 400)));
  await settle();
};

const exportButton = () => [...container.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === 'Export');

async function exportAs(format: 'CSV' | 'Excel') {
  await click(exportButton());
  // The menu's code is loaded when it first opens (decision 054): its first import is slow on a busy machine.
  const item = await vi.waitFor(
    () => {
      const found = [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((i) => i.textContent?.startsWith(format));
      if (!found) throw new Error(`no ${format} in the Export menu yet`);
      return found;
    },
    { timeout: 30_000 },
  );
  await click(item);
  await settle();
}

const exportCalls = () => fetched.filter((f) => f.url.includes('/export?'));

describe('Export on the billing tabs (issue 26)', () => {
  beforeEach(() => atWidth(1280));

  it('downloads the invoices with the filters on screen, never the page, with the session’s token', async () => {
    container = await renderPage(<AdminBillingPage />, { url: '/admin/billing' });
    await typeInto(field('Member, name or invoice')?.querySelector('input'), 'Mwangi & Co');
    await choose('Status', 'Open');
    await choose('Purpose', 'Subscription');
    await typeInto(field('Subscription year')?.querySelector('input'), '2026');
    await pause();
    await exportAs('CSV');
    expect(exportCalls()).toEqual([
      {
        url: '/api/admin/billing/invoices/export?search=Mwangi+%26+Co&status=open&purpose=subscription&period=2026&format=csv',
        authorization: 'Bearer t',
      },
    ]);
    expect(downloads).toEqual(['invoices-2026-11-27.csv']);

    // A filter set back to All leaves the export too.
    await choose('Status', 'All');
    await exportAs('Excel');
    expect(exportCalls()[1].url).toBe(
      '/api/admin/billing/invoices/export?search=Mwangi+%26+Co&purpose=subscription&period=2026&format=xlsx',
    );
    expect(downloads).toEqual(['invoices-2026-11-27.csv', 'invoices-2026-11-27.xlsx']);
  });

  it('downloads the payments and the arrears with their own filters', async () => {
    container = await renderPage(<AdminBillingPage />, { url: '/admin/billing' });
    await tab('Payments');
    await choose('Method', 'CHEQUE');
    await typeInto(field('From')?.querySelector('input'), '2026-01-01');
    await exportAs('Excel');
    expect(exportCalls().at(-1)?.url).toBe('/api/admin/billing/payments/export?method=CHEQUE&from=2026-01-01&format=xlsx');

    await tab('Arrears');
    await typeInto(field('Category code')?.querySelector('input'), 'pe');
    await pause();
    await exportAs('CSV');
    expect(exportCalls().at(-1)?.url).toBe('/api/admin/billing/arrears/export?category=PE&format=csv');
    expect(downloads).toEqual(['payments-2026-11-27.xlsx', 'arrears-2026-11-27.csv']);
  });

  it('says why when the server refuses', async () => {
    vi.mocked(fetch).mockImplementation(async (url) =>
      String(url).includes('/export?')
        ? new Response(JSON.stringify({ message: 'Format must be csv or xlsx' }), { status: 400 })
        : new Response(JSON.stringify({ data: [] })),
    );
    container = await renderPage(<AdminBillingPage />, { url: '/admin/billing' });
    await exportAs('CSV');
    expect(document.body.textContent).toContain('Format must be csv or xlsx');
    expect(downloads).toEqual([]);
    expect(exportButton()?.disabled).toBe(false);
  });
});

describe('Export on a phone (390 px)', () => {
  beforeEach(() => atWidth(PHONE_WIDTH));

  it('is on each tab, beside the filters', async () => {
    container = await renderPage(<AdminBillingPage />, { url: '/admin/billing' });
    for (const name of ['Invoices', 'Payments', 'Arrears']) {
      await tab(name);
      expect(exportButton(), name).toBeDefined();
    }
    await exportAs('Excel');
    expect(exportCalls().at(-1)?.url).toBe('/api/admin/billing/arrears/export?format=xlsx');
  });
});
