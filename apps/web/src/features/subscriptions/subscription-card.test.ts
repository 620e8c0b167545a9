import { decodeBase64, type Subscription } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { subscriptionCardRoute, subscriptionForCard } from './subscription-card';

const sub = (period: string, over: Partial<Subscription> = {}): Subscription => ({
  subsPeriod: period,
  memberCategory: 'PROFESSIONAL',
  status: 'Unpaid',
  billedAmount: 5800,
  paidAmount: 0,
  lastPaidDate: null,
  billed: true,
  paid: false,
  fullyPaid: false,
  documentNo: `INV00${period}`,
  recieptNo: null,
  profileID: 'PR000001',
  memberNo: 'ERB1001',
  remainingAmount: 5800,
  dueDate: `${period}-01-31`,
  ...over,
});
// Newest period first, as GET subs sends them.
const list = [sub('2026'), sub('2025'), sub('2024')];

describe('subscriptionForCard', () => {
  it('takes the newest subscription when the route has no code', () => {
    expect(subscriptionForCard(list, null)?.subsPeriod).toBe('2026');
    expect(subscriptionForCard(list, '  ')?.subsPeriod).toBe('2026');
  });

  it('finds a subscription by period, invoice number or memberNo-period', () => {
    expect(subscriptionForCard(list, '2025')?.subsPeriod).toBe('2025');
    expect(subscriptionForCard(list, 'INV002024')?.subsPeriod).toBe('2024');
    expect(subscriptionForCard(list, 'ERB1001-2025')?.subsPeriod).toBe('2025');
  });

  it("takes a member number for the member's newest subscription", () => {
    expect(subscriptionForCard(list, 'ERB1001')?.subsPeriod).toBe('2026');
  });

  it('finds nothing for an unknown code or an empty list', () => {
    expect(subscriptionForCard(list, '2019')).toBeNull();
    expect(subscriptionForCard(list, 'ERB9999')).toBeNull();
    expect(subscriptionForCard([], null)).toBeNull();
  });
});

describe('subscriptionCardRoute', () => {
  it('carries the code base64-encoded, or none', () => {
    expect(subscriptionCardRoute()).toBe('/subscription/card');
    const route = subscriptionCardRoute('ERB1001-2026');
    expect(route.startsWith('/subscription/card/')).toBe(true);
    expect(decodeBase64(decodeURIComponent(route.split('/').pop() ?? ''))).toBe('ERB1001-2026');
  });
});
