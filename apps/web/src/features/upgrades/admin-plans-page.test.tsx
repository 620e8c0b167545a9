import type { UpgradePlan } from '@portal/contract';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/client';
import { renderPage, unmountPages } from '../../test/render';
import { settle } from '../../test/settle';
import { atWidth, PHONE_WIDTH } from '../../test/viewport';
import { AdminPlansPage } from './admin-plans-page';
import { adminUpgradesApi } from './api';

const plan: UpgradePlan = {
  code: 'PE',
  ToCategory: 'PE',
  ToCategoryDescription: 'Professional Engineer',
  Amount: 5000,
  enabled: true,
  fromCategories: ['GE'],
  eligible: false,
};

let container: HTMLDivElement;

beforeEach(() => {
  vi.spyOn(adminUpgradesApi, 'plans').mockResolvedValue([plan]);
  vi.spyOn(api, 'get').mockImplementation(async (path: string) =>
    path === 'setup/membership-categories'
      ? [
          { Code: 'GE', Description: 'Graduate Engineer' },
          { Code: 'PE', Description: 'Professional Engineer' },
        ]
      : null,
  );
});

afterEach(() => {
  unmountPages();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function show() {
  container = await renderPage(<AdminPlansPage />, { url: '/admin/upgrade-plans' });
}

describe('/admin/upgrade-plans on a phone (390 px)', () => {
  beforeEach(() => atWidth(PHONE_WIDTH));

  it('shows each plan as a card with its fields and Save, and no table', async () => {
    await show();
    expect(container.querySelector('table')).toBeNull();
    const card = container.querySelector('article[aria-label="Upgrade plan PE"]');
    expect(card?.textContent).toContain('Professional Engineer');
    expect(card?.querySelector<HTMLInputElement>('input[aria-label="Amount of PE"]')?.value).toBe('5000');
    expect(card?.querySelector<HTMLInputElement>('input[aria-label="PE enabled"]')?.checked).toBe(true);
    expect(card?.textContent).toContain('Graduate Engineer');
    const save = [...(card?.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Save');
    expect(save?.disabled).toBe(true);

    // A change enables Save in the card as it does in the row.
    act(() => card?.querySelector<HTMLInputElement>('input[aria-label="PE enabled"]')?.click());
    await settle();
    expect(save?.disabled).toBe(false);
  });
});

describe('/admin/upgrade-plans on a wide screen', () => {
  beforeEach(() => atWidth(1280));

  it('keeps the plans in a table of fields, Save in the last column', async () => {
    await show();
    expect(container.querySelector('article')).toBeNull();
    const table = container.querySelector('table[aria-label="Upgrade plans"]');
    expect([...(table?.querySelectorAll('th') ?? [])].map((th) => th.textContent)).toEqual([
      'Code',
      'Target category',
      'Amount (KES)',
      'Enabled',
      'Who may apply',
      'Actions',
    ]);
    expect(table?.querySelector('tbody td:last-child button')?.textContent).toBe('Save');
  });
});
