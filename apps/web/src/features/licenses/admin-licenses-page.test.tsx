import type { AdminLicense, AdminLicensePage } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/client';
import { renderPage, unmountPages } from '../../test/render';
import { atWidth, PHONE_WIDTH } from '../../test/viewport';
import { AdminLicensesPage } from './admin-licenses-page';

const suspended: AdminLicense = {
  licenseNo: 'LIC000004',
  year: 2026,
  validFrom: '2026-01-01',
  validTo: '2026-12-31',
  status: 'Suspended',
  statusReason: 'Complaint under investigation',
  categoryCode: 'PE',
  documentNo: 'DOC000004',
  holderName: 'Jane Mwangi',
  memberNo: 'ERB1001',
  applicationCode: 'LA000004',
  issuedAt: '2026-01-02T08:00:00.000Z',
};
const page: AdminLicensePage = { items: [suspended], total: 1, page: 1, pageSize: 20 };

let container: HTMLDivElement;

beforeEach(() => {
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => (path.startsWith('admin/licenses?') ? page : null));
});

afterEach(() => {
  unmountPages();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function show() {
  container = await renderPage(<AdminLicensesPage />, { url: '/admin/licenses' });
}

const buttons = (el: Element | null | undefined) => [...(el?.querySelectorAll('button') ?? [])].map((b) => b.textContent);

describe('/admin/licenses on a phone (390 px)', () => {
  beforeEach(() => atWidth(PHONE_WIDTH));

  it('shows each licence as a card with its status, reason and actions in view, and no table', async () => {
    await show();
    expect(container.querySelector('table')).toBeNull();
    const card = container.querySelector('article[aria-label="Licence LIC000004"]');
    expect(card?.textContent).toContain('LIC000004 · 2026');
    expect(card?.textContent).toContain('Suspended');
    expect(card?.textContent).toContain('Jane Mwangi · ERB1001');
    expect(card?.textContent).toContain('Reason: Complaint under investigation');
    expect(buttons(card)).toEqual(['Reinstate', 'Revoke']);
    expect(container.textContent).toContain('1–1 of 1');
  });
});

describe('/admin/licenses on a wide screen', () => {
  beforeEach(() => atWidth(1280));

  it('keeps the register’s columns in a table, the actions in the last one', async () => {
    await show();
    expect(container.querySelector('article')).toBeNull();
    const table = container.querySelector('table[aria-label="Licences"]');
    expect([...(table?.querySelectorAll('th') ?? [])].map((th) => th.textContent)).toEqual([
      'Licence No',
      'Holder',
      'Member No',
      'Year',
      'Valid To',
      'Status',
      'Reason',
      'Actions',
    ]);
    expect(buttons(table?.querySelector('tbody td:last-child'))).toEqual(['Reinstate', 'Revoke']);
  });
});
