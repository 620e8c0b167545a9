import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../shared/api/client';
import { renderPage, unmountPages } from '../../../test/render';
import { signInMember } from '../../../test/session';
import { atWidth, PHONE_WIDTH } from '../../../test/viewport';
import { workExperienceConfig } from '../sections/configs';
import { SectionList } from './section-list';

const experience = {
  EntryNo: 3,
  PositionHeld: 'SITE ENGINEER',
  NameOfFirm: 'ACME CONSULTING',
  FromDate: '2020-01-06',
  ToDate: null,
  Current: true,
};

let container: HTMLDivElement;

beforeEach(() => {
  signInMember();
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => (path === 'profile/work-experience' ? [experience] : null));
});

afterEach(() => {
  unmountPages();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

async function show() {
  container = await renderPage(<SectionList config={workExperienceConfig} alwaysEditable />, { url: '/profile' });
}

const actionLabels = (el: Element | null | undefined) =>
  [...(el?.querySelectorAll('button') ?? [])].map((b) => b.getAttribute('aria-label'));

describe('a profile section on a phone (390 px)', () => {
  beforeEach(() => atWidth(PHONE_WIDTH));

  it('shows each entry as a card with every column labelled and Edit and Delete in view, and no table', async () => {
    await show();
    expect(container.querySelector('table')).toBeNull();
    const card = container.querySelector('article[aria-label="Experience 3"]');
    expect(card?.textContent).toContain('Position');
    expect(card?.textContent).toContain('SITE ENGINEER');
    expect(card?.textContent).toContain('Firm: ACME CONSULTING');
    expect(card?.textContent).toContain('From: 2020-01-06');
    expect(actionLabels(card)).toEqual(['Edit Experience 3', 'Delete Experience 3']);
  });
});

describe('a profile section on a wide screen', () => {
  beforeEach(() => atWidth(1280));

  it('keeps the columns in a table, the actions in the last one', async () => {
    await show();
    expect(container.querySelector('article')).toBeNull();
    const table = container.querySelector(`table[aria-label="${workExperienceConfig.title}"]`);
    const headers = [...(table?.querySelectorAll('th') ?? [])].map((th) => th.textContent);
    expect(headers.slice(0, 3)).toEqual(['Position', 'Firm', 'From']);
    expect(headers.at(-1)).toBe('Actions');
    expect(actionLabels(table?.querySelector('tbody td:last-child'))).toEqual(['Edit Experience 3', 'Delete Experience 3']);
  });
});
