import type { Application } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/client';
import { renderPage, unmountPages } from '../../test/render';
import { signInMember } from '../../test/session';
import { atWidth, PHONE_WIDTH } from '../../test/viewport';
import { MyApplications } from './my-applications';

const application: Application = {
  Code: 'APP000004',
  ProfileID: 'PR000001',
  AppliedCategory: 'GE',
  CategoryDescription: 'Graduate Engineer',
  Amount: 2500,
  ApplicationDateTime: '2026-03-02T09:15:00',
  status: 'Committee Review',
  Submitted: true,
  assignedMemberNo: null,
  postedReceiptNo: null,
  submittedAt: '2026-03-02T09:20:00',
  returnedAt: null,
  membershipComments: [],
};

let container: HTMLDivElement;

beforeEach(() => {
  signInMember();
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => (path === 'application' ? [application] : null));
});

afterEach(() => {
  unmountPages();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

// The one display date and money format (decision 040): no ISO dates, no 'Ksh', no '(KES)' header.
const date = '2 Mar 2026';

describe('My Membership Applications on a phone (390 px)', () => {
  beforeEach(() => atWidth(PHONE_WIDTH));

  it('shows each application as a card with its status and amount, and no table', async () => {
    container = await renderPage(<MyApplications />);
    expect(container.querySelector('table')).toBeNull();
    const card = container.querySelector('article[aria-label="Application APP000004"]');
    expect(card?.textContent).toContain(`APP000004 · ${date}`);
    expect(card?.textContent).toContain('In Review');
    expect(card?.textContent).toContain('Graduate Engineer');
    expect(card?.textContent).toContain('Amount KES 2,500.00');
  });
});

describe('My Membership Applications on a wide screen', () => {
  beforeEach(() => atWidth(1280));

  it('keeps the spec’s columns in a table', async () => {
    container = await renderPage(<MyApplications />);
    expect(container.querySelector('article')).toBeNull();
    const table = container.querySelector('table[aria-label="My Membership Applications"]');
    expect([...(table?.querySelectorAll('th') ?? [])].map((th) => th.textContent)).toEqual([
      'Application No',
      'Applied Category',
      'Amount',
      'Application Date',
      'Status',
    ]);
    expect([...(table?.querySelectorAll('tbody td') ?? [])].map((td) => td.textContent)).toEqual([
      'APP000004',
      'Graduate Engineer',
      'KES 2,500.00',
      date,
      'In Review',
    ]);
  });
});
