import type { CpdRequirement } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, unmountPages } from '../../test/render';
import { atWidth, PHONE_WIDTH } from '../../test/viewport';
import { cpdApi } from './api';
import { RequirementsTab } from './requirements-tab';

const requirement: CpdRequirement = { categoryCode: 'PE', description: 'Professional Engineer', annualPoints: 50, structuredPoints: 30 };

let container: HTMLDivElement;

beforeEach(() => {
  vi.spyOn(cpdApi, 'requirements').mockResolvedValue([requirement]);
});

afterEach(() => {
  unmountPages();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function show() {
  container = await renderPage(<RequirementsTab />, { url: '/admin/cpd' });
}

const value = (label: string) => container.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)?.value;

describe('CPD requirements on a phone (390 px)', () => {
  beforeEach(() => atWidth(PHONE_WIDTH));

  it('shows each category as a card with both fields in view, and no table', async () => {
    await show();
    expect(container.querySelector('table')).toBeNull();
    const card = container.querySelector('article[aria-label="CPD requirement of Professional Engineer"]');
    expect(card?.textContent).toContain('Annual points');
    expect(card?.textContent).toContain('Structured points');
    expect(value('Annual points for Professional Engineer')).toBe('50');
    expect(value('Structured points for Professional Engineer')).toBe('30');
    expect([...container.querySelectorAll('button')].map((b) => b.textContent)).toContain('Save');
  });
});

describe('CPD requirements on a wide screen', () => {
  beforeEach(() => atWidth(1280));

  it('keeps the three columns in a table', async () => {
    await show();
    expect(container.querySelector('article')).toBeNull();
    const table = container.querySelector('table[aria-label="CPD requirements"]');
    expect([...(table?.querySelectorAll('th') ?? [])].map((th) => th.textContent)).toEqual([
      'Category',
      'Annual points',
      'Structured points',
    ]);
    expect(value('Structured points for Professional Engineer')).toBe('30');
  });
});
