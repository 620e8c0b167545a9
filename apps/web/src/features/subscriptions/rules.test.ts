import type { Subscription } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { subscriptionActions } from './rules';

const base: Subscription = {
  subsPeriod: '2026',
  memberCategory: 'PROFESSIONAL',
  status: 'Unpaid',
  billedAmount: 2320,
  paidAmount: 0,
  lastPaidDate: null,
  billed: true,
  paid: false,
  fullyPaid: false,
  documentNo: 'INV000001',
  recieptNo: null,
  profileID: 'PR000001',
  memberNo: 'ERB1001',
  remainingAmount: 2320,
  dueDate: '2026-03-31',
};
const partly = { ...base, status: 'Partially Paid' as const, paidAmount: 1000, paid: true, recieptNo: 'RCT000001', remainingAmount: 1320 };
const full = {
  ...base,
  status: 'Paid' as const,
  paidAmount: 2320,
  paid: true,
  fullyPaid: true,
  recieptNo: 'RCT000002',
  remainingAmount: 0,
};

describe('subscription row actions (part 2 §2.3, §4)', () => {
  it('offers Invoice and Pay Now on a billed, unpaid subscription', () => {
    expect(subscriptionActions(base)).toEqual({ invoice: true, certificate: false, receipt: false, payNow: true });
  });

  it('keeps Pay Now until fully paid and shows the Receipt once a receipt exists', () => {
    expect(subscriptionActions(partly)).toEqual({ invoice: true, certificate: false, receipt: true, payNow: true });
    expect(subscriptionActions(full)).toEqual({ invoice: true, certificate: true, receipt: true, payNow: false });
  });

  it('shows no Receipt when paid without a receipt number', () => {
    expect(subscriptionActions({ ...full, recieptNo: null }).receipt).toBe(false);
  });

  it('shows no Invoice when not billed', () => {
    expect(subscriptionActions({ ...base, billed: false }).invoice).toBe(false);
  });

  it('gives no Certificate to GRADUATE members, by the subscription or the member category', () => {
    expect(subscriptionActions({ ...full, memberCategory: 'GRADUATE' }).certificate).toBe(false);
    expect(subscriptionActions({ ...full, memberCategory: 'graduate' }).certificate).toBe(false);
    expect(subscriptionActions(full, { memberCategory: 'GRADUATE' }).certificate).toBe(false);
    expect(subscriptionActions(full, { memberCategory: 'PROFESSIONAL' }).certificate).toBe(true);
  });

  it('gives no Certificate under the third organisation code', () => {
    expect(subscriptionActions(full, { thirdOrganisation: true }).certificate).toBe(false);
  });
});
