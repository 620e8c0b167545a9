import type { BillingRun, BillingRunsPage } from '@portal/contract';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, unmountPages } from '../../test/render';
import { settle } from '../../test/settle';
import { typeInto } from '../../test/type';
import { atWidth, PHONE_WIDTH } from '../../test/viewport';
import { adminBillingApi } from './api';
import { RunsTab } from './runs-tab';

const run = (over: Partial<BillingRun>): BillingRun => ({
  id: 7,
  period: '2026',
  status: 'finished',
  runBy: 'Grace Registrar',
  memberCount: 50_000,
  toBillCount: 40_000,
  billedCount: 40_000,
  skippedCount: 10_000,
  totalAmount: 232_000_000,
  startedAt: '2026-11-27T08:00:00.000Z',
  finishedAt: '2026-11-27T08:03:00.000Z',
  error: null,
  ...over,
});
const page = (runs: BillingRun[], total = runs.length, p = 1): BillingRunsPage => ({ runs, total, page: p, pageSize: 20 });

let container: HTMLDivElement;
const runs = () => vi.mocked(adminBillingApi.runs);
beforeEach(() => {
  vi.spyOn(adminBillingApi, 'runs').mockResolvedValue(
    page([run({}), run({ id: 6, period: '2025', status: 'failed', error: 'connection lost' })]),
  );
});
afterEach(() => {
  unmountPages();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function show(polling = false) {
  container = await renderPage(<RunsTab polling={polling} />, { url: '/admin/billing' });
}

describe('the billing runs’ history (issue 26)', () => {
  beforeEach(() => atWidth(1280));

  it('shows a page of runs with their counts, pages on, and starts again at the first page for a period or status', async () => {
    runs().mockResolvedValue(page([run({}), run({ id: 6, period: '2025', status: 'failed', error: 'connection lost' })], 45));
    await show();
    expect(runs()).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, period: undefined, status: undefined });
    const table = container.querySelector('table[aria-label="Billing runs"]');
    expect([...(table?.querySelectorAll('th') ?? [])].map((th) => th.textContent)).toEqual([
      'Period',
      'Status',
      'Started',
      'Finished',
      'By',
      'Members',
      'Billed',
      'Skipped',
      'Amount',
    ]);
    const rows = [...(table?.querySelectorAll('tbody tr') ?? [])].map((tr) => tr.textContent);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('Finished');
    expect(rows[0]).toContain('40,000');
    expect(rows[0]).toContain('KES 232,000,000.00');
    expect(rows[1]).toContain('connection lost');
    expect(container.textContent).toContain('1–20 of 45');

    act(() => container.querySelector<HTMLButtonElement>('button[aria-label="Go to next page"]')?.click());
    await settle();
    expect(runs()).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));

    // A period is asked for once it is a whole year, from the first page.
    const period = container.querySelector<HTMLInputElement>('input[placeholder="e.g. 2026"]');
    await typeInto(period, '20');
    expect(runs()).not.toHaveBeenCalledWith(expect.objectContaining({ period: '20' }));
    await typeInto(period, '2025');
    expect(runs()).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, period: '2025', status: undefined });
  });

  it('says when no run matches', async () => {
    runs().mockResolvedValue(page([]));
    await show();
    expect(container.textContent).toContain('No billing run yet.');
    expect(container.querySelector('table')).toBeNull();
  });

  it('reads the page again every second while a run bills', async () => {
    await show(true);
    const calls = runs().mock.calls.length;
    await act(async () => new Promise((resolve) => setTimeout(resolve, 1200)));
    expect(runs().mock.calls.length).toBeGreaterThan(calls);
  });
});

describe('the billing runs’ history on a phone (390 px)', () => {
  beforeEach(() => atWidth(PHONE_WIDTH));

  it('shows each run as a card with its status, counts and error, and no table', async () => {
    await show();
    expect(container.querySelector('table')).toBeNull();
    const finished = container.querySelector('article[aria-label="Billing run 7"]');
    expect(finished?.textContent).toContain('2026 ·');
    expect(finished?.textContent).toContain('40,000 billed, 10,000 skipped');
    expect(finished?.textContent).toContain('KES 232,000,000.00 · 50,000 members · by Grace Registrar');
    const failed = container.querySelector('article[aria-label="Billing run 6"]');
    expect(failed?.textContent).toContain('Failed');
    expect(failed?.textContent).toContain('connection lost');
  });
});
