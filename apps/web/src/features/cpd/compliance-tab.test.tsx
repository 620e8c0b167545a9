import type { CpdCompliance } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/client';
import { renderPage, unmountPages } from '../../test/render';
import { atWidth, PHONE_WIDTH } from '../../test/viewport';
import { cpdApi } from './api';
import { ComplianceTab } from './compliance-tab';
import { formatPoints } from './rules';

const compliance: CpdCompliance = {
  year: '2026',
  categories: [
    { categoryCode: 'PE', description: 'Professional Engineer', annualPoints: 50, members: 1, onTarget: 0, below: 1, nothing: 0 },
  ],
  members: [
    { memberNo: 'ERB1001', name: 'Jane Mwangi', categoryCode: 'PE', points: 20, structuredPoints: 15, annualPoints: 50, status: 'below' },
  ],
  total: 1,
  page: 1,
  pageSize: 50,
};

let container: HTMLDivElement;

beforeEach(() => {
  vi.spyOn(cpdApi, 'compliance').mockResolvedValue(compliance);
  vi.spyOn(api, 'get').mockResolvedValue(null);
});

afterEach(() => {
  unmountPages();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function show() {
  container = await renderPage(<ComplianceTab />, { url: '/admin/cpd' });
}

describe('CPD compliance on a phone (390 px)', () => {
  beforeEach(() => atWidth(PHONE_WIDTH));

  it('shows each member as a card with the status and points in view, and no table', async () => {
    await show();
    expect(container.querySelector('table')).toBeNull();
    const card = container.querySelector('article[aria-label="CPD of ERB1001"]');
    expect(card?.textContent).toContain('ERB1001 · Professional Engineer');
    expect(card?.textContent).toContain('Below target');
    expect(card?.textContent).toContain('Jane Mwangi');
    expect(card?.textContent).toContain(`Points ${formatPoints(20)} of ${formatPoints(50)} required · Structured ${formatPoints(15)}`);
  });
});

describe('CPD compliance on a wide screen', () => {
  beforeEach(() => atWidth(1280));

  it('keeps the members’ columns in a table', async () => {
    await show();
    expect(container.querySelector('article')).toBeNull();
    const table = container.querySelector('table[aria-label="CPD compliance of members"]');
    expect([...(table?.querySelectorAll('th') ?? [])].map((th) => th.textContent)).toEqual([
      'Member No',
      'Name',
      'Category',
      'Points',
      'Structured',
      'Required',
      'Status',
    ]);
    expect([...(table?.querySelectorAll('tbody td') ?? [])].map((td) => td.textContent)).toEqual([
      'ERB1001',
      'Jane Mwangi',
      'Professional Engineer',
      formatPoints(20),
      formatPoints(15),
      formatPoints(50),
      'Below target',
    ]);
  });
});
