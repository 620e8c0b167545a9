import type { Upgrade } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/client';
import { applicationDocumentRoute } from '../../shared/documents/routes';
import { invoiceRoute, receiptRoute } from '../../shared/payments/routes';
import { click, renderPage, unmountPages } from '../../test/render';
import { signInMember } from '../../test/session';
import { UpgradeListPage } from './upgrade-list-page';

const comment = {
  comment: 'Attach your degree certificate',
  commentDate: '2026-11-20T09:00:00.000Z',
  displayName: 'Grace Approver',
  hiddenFromApplicant: false,
};

const upgrade = (over: Partial<Upgrade>): Upgrade => ({
  code: 'UPG000001',
  fromCategory: 'GRADUATE',
  fromCategoryDescription: 'Graduate Engineer',
  toCategory: 'PROFESSIONAL',
  toCategoryDescription: 'Professional Engineer',
  amount: 11000,
  subsPeriod: '2026',
  status: 'Pending Payment',
  Submitted: true,
  returnedAt: null,
  applicationDate: '2026-11-20',
  membershipComments: [],
  postedReceiptNo: null,
  proFormaRef: 'INV000007',
  ProfileID: 'PR000001',
  ...over,
});

let upgrades: Upgrade[] = [];
let container: HTMLDivElement;

beforeEach(() => {
  signInMember();
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => (path === 'upgrade' ? upgrades : null));
});

afterEach(() => {
  unmountPages();
  localStorage.clear();
  vi.restoreAllMocks();
});

async function show() {
  container = await renderPage(<UpgradeListPage />, { url: '/upgrade' });
}

const rowOf = (code: string) => [...container.querySelectorAll('tr')].find((r) => r.textContent?.includes(code));
const names = (el: Element | undefined) => [...(el?.querySelectorAll('a, button') ?? [])].map((b) => b.textContent?.trim());
const href = (el: Element | undefined, name: string) =>
  [...(el?.querySelectorAll('a') ?? [])].find((a) => a.textContent?.trim() === name)?.getAttribute('href');

describe('/upgrade (part 2 §2.2)', () => {
  it('says so when there are no upgrades, and offers New Upgrade', async () => {
    upgrades = [];
    await show();
    expect(container.textContent).toContain('You have not applied for an upgrade yet');
    expect(href(container, 'New Upgrade')).toBe('/upgrade/card');
  });

  it('lists each upgrade with the actions its state allows', async () => {
    upgrades = [
      upgrade({}),
      upgrade({ code: 'UPG000002', status: 'Released', postedReceiptNo: 'RCT000009' }),
      upgrade({
        code: 'UPG000003',
        status: 'New',
        Submitted: false,
        returnedAt: '2026-11-21T10:00:00.000Z',
        membershipComments: [comment],
      }),
    ];
    await show();
    const unpaid = rowOf('UPG000001');
    expect(unpaid?.textContent).toContain('Graduate Engineer');
    expect(unpaid?.textContent).toContain('Professional Engineer');
    expect(unpaid?.textContent).toMatch(/11,000\.00/);
    expect(names(unpaid)).toEqual(['Comments', 'Proforma Invoice', 'Pay Now', 'Upgrade Report']);
    expect(href(unpaid, 'Proforma Invoice')).toBe(invoiceRoute('INV000007'));
    expect(href(unpaid, 'Upgrade Report')).toBe('/upgrade/document/UPG000001');

    const released = rowOf('UPG000002');
    expect(names(released)).toEqual(['Receipt', 'Proforma Invoice', 'Upgrade Report', 'Acceptance letter', 'Certificate']);
    expect(href(released, 'Receipt')).toBe(receiptRoute('RCT000009'));
    expect(href(released, 'Acceptance letter')).toBe('/upgrade/acceptance-letter/UPG000002');
    expect(href(released, 'Certificate')).toBe(applicationDocumentRoute('certificate', 'UPG000002'));

    const returned = rowOf('UPG000003');
    expect(returned?.textContent).toContain('Returned to you');
    expect(href(returned, 're-Submit')).toBe('/upgrade/checklist/PROFESSIONAL');
  });

  it('disables Comments without comments and opens Reviewer Comments with them', async () => {
    upgrades = [upgrade({}), upgrade({ code: 'UPG000002', membershipComments: [comment] })];
    await show();
    const none = rowOf('UPG000001')?.querySelector('button[aria-label="Comments on UPG000001"]') as HTMLButtonElement;
    expect(none.disabled).toBe(true);
    const some = rowOf('UPG000002')?.querySelector('button[aria-label="Comments on UPG000002"]') as HTMLButtonElement;
    await click(some);
    // The popup's code comes when it first opens (decision 054).
    await vi.waitFor(() => expect(document.body.querySelector('[role="dialog"]')?.textContent).toContain('Reviewer Comments'));
    const dialog = document.body.querySelector('[role="dialog"]');
    expect(dialog?.textContent).toContain('Grace Approver');
    expect(dialog?.textContent).toContain('Attach your degree certificate');
    expect(dialog?.textContent).toContain('20 Nov 2026');
  });
});
