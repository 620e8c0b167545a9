import type { Application } from '@portal/contract';
import { formatKes } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/client';
import { renderPage, unmountPages } from '../../test/render';
import { signInMember } from '../../test/session';
import { atWidth, PHONE_WIDTH } from '../../test/viewport';
import { ApplicationListPage } from './application-list-page';

/** Submitted, then handed back by a reviewer with a comment: File, Pay Now and re-Submit show. */
const returned: Application = {
  Code: 'APP000004',
  ProfileID: 'PR000001',
  AppliedCategory: 'GE',
  CategoryDescription: 'Graduate Engineer',
  Amount: 2500,
  ApplicationDateTime: '2026-03-02T09:15:00',
  status: 'Open',
  Submitted: false,
  assignedMemberNo: null,
  postedReceiptNo: null,
  submittedAt: '2026-03-02T09:20:00',
  returnedAt: '2026-03-05T11:00:00',
  membershipComments: [
    {
      comment: 'Upload a clearer degree certificate',
      commentDate: '2026-03-05T11:00:00',
      displayName: 'Approver',
      hiddenFromApplicant: false,
    },
  ],
};

let container: HTMLDivElement;

beforeEach(() => {
  signInMember();
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path === 'application') return [returned];
    if (path === 'profile') return { confirmed: true, MemberShipType: 'GE' };
    if (path.startsWith('application/checklist/')) return [{ checkListType: 'Application', code: 'ID', description: 'ID', pass: true }];
    if (path === 'profile/ledger') return [];
    return null;
  });
});

afterEach(() => {
  unmountPages();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

async function show() {
  container = await renderPage(<ApplicationListPage />, { url: '/application' });
}

// The one display date (decision 040).
const date = '2 Mar 2026';

describe('/application on a phone (390 px)', () => {
  beforeEach(() => atWidth(PHONE_WIDTH));

  it('shows each application as a card with its status, fee, feedback and every action, and no table', async () => {
    await show();
    expect(container.querySelector('table')).toBeNull();
    const card = container.querySelector('article[aria-label="Application APP000004"]');
    expect(card?.textContent).toContain(`APP000004 · ${date}`);
    expect(card?.textContent).toContain('Returned to you');
    expect(card?.textContent).toContain('Graduate Engineer');
    expect(card?.textContent).toContain(`Amount ${formatKes(2500)}`);
    expect(card?.textContent).toContain('Upload a clearer degree certificate');
    expect([...(card?.querySelectorAll('a, button') ?? [])].map((b) => b.textContent?.trim())).toEqual(['File', 'Pay Now', 're-Submit']);
  });
});

describe('/application on a wide screen', () => {
  beforeEach(() => atWidth(1280));

  it('keeps the spec’s columns in a table, the actions in the last one', async () => {
    await show();
    expect(container.querySelector('article')).toBeNull();
    const table = container.querySelector('table[aria-label="Applications"]');
    expect([...(table?.querySelectorAll('th') ?? [])].map((th) => th.textContent)).toEqual([
      'Application No',
      'Applied Category',
      'Amount',
      'Application Date',
      'Status',
      'Feedback',
      'Actions',
    ]);
    const cells = [...(table?.querySelectorAll('tbody td') ?? [])];
    expect(cells[0]?.textContent).toBe('APP000004');
    expect(cells[2]?.textContent).toBe(formatKes(2500));
    expect([...(cells[6]?.querySelectorAll('a, button') ?? [])].map((b) => b.textContent?.trim())).toEqual([
      'File',
      'Pay Now',
      're-Submit',
    ]);
  });
});

describe('/application once every application is submitted (issue 16)', () => {
  beforeEach(() => atWidth(1280));

  /** Jane's: accepted, seeded as submitted without a submission time, fee paid. */
  const accepted: Application = {
    ...returned,
    status: 'Released',
    Submitted: true,
    submittedAt: null,
    returnedAt: null,
    postedReceiptNo: 'RCP0001',
    membershipComments: [],
  };

  it('shows the application’s status instead of the checklist ring and Incomplete profile, and File', async () => {
    const checklistCalls: string[] = [];
    vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
      if (path === 'application') return [accepted];
      if (path === 'profile') return { confirmed: true, MemberShipType: 'GE' };
      if (path.startsWith('application/checklist/')) {
        checklistCalls.push(path);
        return [
          { checkListType: 'Application', code: 'ID', description: 'ID', pass: true },
          { checkListType: 'Application', code: 'REFEREE', description: 'Referees', pass: false },
        ];
      }
      if (path === 'profile/ledger') return [];
      return null;
    });
    await show();
    expect(container.textContent).not.toContain('Incomplete profile');
    expect(container.querySelector('[data-testid="profile-progress"]')).toBeNull();
    expect(checklistCalls).toEqual([]);
    expect(container.querySelector('[data-testid="application-status"]')?.textContent).toContain('Accepted');
    const actions = [...(container.querySelectorAll('tbody td:last-child a, tbody td:last-child button') ?? [])].map((b) =>
      b.textContent?.trim(),
    );
    expect(actions).toContain('File');
    expect(actions).not.toContain('Submit');
  });

  it('keeps the ring and the warning while an application waits to be submitted', async () => {
    vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
      if (path === 'application') return [{ ...returned, status: 'New', submittedAt: null, returnedAt: null, membershipComments: [] }];
      if (path === 'profile') return { confirmed: true, MemberShipType: 'GE' };
      if (path.startsWith('application/checklist/'))
        return [
          { checkListType: 'Application', code: 'ID', description: 'ID', pass: true },
          { checkListType: 'Application', code: 'REFEREE', description: 'Referees', pass: false },
        ];
      if (path === 'profile/ledger') return [];
      return null;
    });
    await show();
    expect(container.querySelector('[data-testid="profile-progress"]')?.textContent).toBe('50%');
    expect(container.textContent).toContain('Incomplete profile: 1 of 2');
    expect(container.querySelector('[data-testid="application-status"]')).toBeNull();
  });
});
