import type { Upgrade, UpgradePlan } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { canContinue, completeRoute, plansToApply, upgradeActions } from './rules';

const comment = {
  comment: 'Attach your degree certificate',
  commentDate: '2026-11-20T09:00:00.000Z',
  displayName: 'Approver',
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
  status: 'New',
  Submitted: true,
  returnedAt: null,
  applicationDate: '2026-11-20',
  membershipComments: [],
  postedReceiptNo: null,
  proFormaRef: 'INV000007',
  ProfileID: 'PR000001',
  ...over,
});

describe('upgrade row actions (part 2 §2.2, §4)', () => {
  it('offers the proforma invoice and Pay Now on an invoiced, unpaid upgrade', () => {
    expect(upgradeActions(upgrade({}))).toMatchObject({ invoice: true, payNow: true, receipt: false });
  });

  it('shows the Receipt once postedReceiptNo is set, and hides Pay Now', () => {
    expect(upgradeActions(upgrade({ postedReceiptNo: 'RCT000004' }))).toMatchObject({ invoice: true, payNow: false, receipt: true });
  });

  it('offers neither the invoice nor Pay Now without a proFormaRef', () => {
    expect(upgradeActions(upgrade({ proFormaRef: null }))).toMatchObject({ invoice: false, payNow: false, receipt: false });
  });

  it('offers the acceptance letter and the certificate only once Released', () => {
    expect(upgradeActions(upgrade({ status: 'Released' }))).toMatchObject({ acceptanceLetter: true, certificate: true });
    for (const status of ['New', 'Open', 'Approved', 'Rejected']) {
      expect(upgradeActions(upgrade({ status }))).toMatchObject({ acceptanceLetter: false, certificate: false });
    }
  });

  it('hides Comments for New, Released and Open', () => {
    for (const status of ['New', 'Released', 'Open']) {
      expect(upgradeActions(upgrade({ status, membershipComments: [comment] })).comments).toBe('hidden');
    }
  });

  it('shows Comments for other statuses, disabled when there are none', () => {
    expect(upgradeActions(upgrade({ status: 'Under Review', membershipComments: [comment] })).comments).toBe('shown');
    expect(upgradeActions(upgrade({ status: 'Under Review' })).comments).toBe('disabled');
    expect(
      upgradeActions(upgrade({ status: 'Under Review', membershipComments: [{ ...comment, hiddenFromApplicant: true }] })).comments,
    ).toBe('disabled');
  });

  it('shows Comments and re-Submit for a returned upgrade, whatever its status', () => {
    const returned = upgrade({ status: 'New', Submitted: false, returnedAt: '2026-11-21T10:00:00.000Z', membershipComments: [comment] });
    expect(upgradeActions(returned)).toMatchObject({ comments: 'shown', resubmit: true });
    expect(upgradeActions(upgrade({})).resubmit).toBe(false);
  });
});

describe('plansToApply', () => {
  const plan = (over: Partial<UpgradePlan>): UpgradePlan => ({
    code: 'PE',
    ToCategory: 'PROFESSIONAL',
    ToCategoryDescription: 'Professional Engineer',
    Amount: 11000,
    enabled: true,
    fromCategories: ['GRADUATE'],
    eligible: true,
    ...over,
  });

  it('keeps the enabled plans open to the member', () => {
    const plans = [plan({}), plan({ code: 'CE', enabled: false }), plan({ code: 'AC', eligible: false })];
    expect(plansToApply(plans).map((p) => p.code)).toEqual(['PE']);
  });
});

describe('canContinue (part 2 §5)', () => {
  it('needs the box ticked and every item passed', () => {
    expect(canContinue(true, [{ pass: true }, { pass: true }])).toBe(true);
    expect(canContinue(false, [{ pass: true }])).toBe(false);
    expect(canContinue(true, [{ pass: true }, { pass: false }])).toBe(false);
  });
});

describe('completeRoute', () => {
  const item = (code: string) => ({ code, checkListType: 'Upgrade' });

  it('opens the checklist editor for a profile item', () => {
    expect(completeRoute(item('WORK EXPERIENCE'))).toBe('/checklist/component/WORK%20EXPERIENCE?type=Upgrade');
  });

  it('sends the ledger and CPD rules where the member can act on them, and the others nowhere', () => {
    expect(completeRoute(item('GOOD_STANDING'))).toBe('/billing');
    expect(completeRoute(item('CPD_YEARS_3'))).toBe('/cpd');
    expect(completeRoute(item('CPD_LAST_YEAR'))).toBe('/cpd');
    expect(completeRoute(item('YEARS_IN_CATEGORY_3'))).toBeNull();
    expect(completeRoute(item('LICENSABLE'))).toBeNull();
  });
});
