import type { AuditEntry } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, unmountPages } from '../../test/render';
import { atWidth, PHONE_WIDTH } from '../../test/viewport';
import { adminApi } from './api';
import { AuditPage } from './audit-page';

const entry: AuditEntry = {
  id: 41,
  at: '2026-11-20T08:15:00.000Z',
  action: 'billing.payment_recorded',
  actor_id: 1,
  actor_email: 'admin@portal.test',
  on_behalf_of_id: null,
  on_behalf_of_email: null,
  target: 'ERB1001',
  details: { receiptNo: 'RCT000010', amount: 5000 },
  ip: '127.0.0.1',
};

let container: HTMLDivElement;

beforeEach(() => {
  vi.spyOn(adminApi, 'audit').mockResolvedValue({ entries: [entry], total: 1, totalExact: true, page: 1, pageSize: 50 });
});

afterEach(() => {
  unmountPages();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function show() {
  container = await renderPage(<AuditPage />, { url: '/admin/audit' });
}

describe('/admin/audit on a phone (390 px)', () => {
  beforeEach(() => atWidth(PHONE_WIDTH));

  it('shows each entry as a card with who did what to whom and the details, and no table', async () => {
    await show();
    expect(container.querySelector('table')).toBeNull();
    const card = container.querySelector('article[aria-label="Audit entry 41"]');
    // The one date-and-time display, in Nairobi time (decision 040).
    expect(card?.textContent).toContain('20 Nov 2026, 11:15');
    expect(card?.textContent).toContain('Payment recorded');
    expect(card?.textContent).toContain('By admin@portal.test · ERB1001');
    expect(card?.textContent).toContain('receiptNo: RCT000010 · amount: 5000');
  });
});

describe('/admin/audit on a wide screen', () => {
  beforeEach(() => atWidth(1280));

  it('keeps the log’s columns in a table', async () => {
    await show();
    expect(container.querySelector('article')).toBeNull();
    const table = container.querySelector('table[aria-label="Audit log"]');
    expect([...(table?.querySelectorAll('th') ?? [])].map((th) => th.textContent)).toEqual([
      'When',
      'Action',
      'By',
      'On behalf of',
      'Target',
      'Details',
    ]);
    expect(table?.querySelector('tbody tr')?.textContent).toContain('Payment recorded');
  });
});
