import type { CpdSummary, ProfileSummary } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/client';
import { renderPage, unmountPages } from '../../test/render';
import { signInMember } from '../../test/session';
import { atWidth } from '../../test/viewport';
import { DashboardPage } from './dashboard-page';

const profile: ProfileSummary = {
  ProfileID: 'PR000001',
  FirstName: 'Jane',
  SecondName: 'Wanjiru',
  LastName: 'Mwangi',
  Gender: 'Female',
  DateOfBirth: '1988-04-02',
  MemberNo: 'ERB1001',
  MemberShipType: 'PROFESSIONAL',
  CategoryDescription: 'Professional Engineer',
  Discipline: 'CIVIL',
  DisciplineDescription: 'Civil Engineering',
  IdentificationDocumentNo: '23456789',
  Email: 'jane.mwangi@example.com',
  PhoneNo: null,
  picture: null,
  confirmed: true,
  ProfileComplete: true,
  profileTitle: [],
  memberInformation: [{ No: 'ERB1001', Status: 'Active', Gender: 'Female' } as ProfileSummary['memberInformation'][number]],
  workexp: [],
  goodStanding: true,
};
const summary: CpdSummary = {
  year: '2026',
  years: ['2026'],
  memberNo: 'ERB1001',
  categoryCode: 'PROFESSIONAL',
  points: 12,
  structuredPoints: 12,
  requirement: { annualPoints: 50, structuredPoints: 30 },
  remaining: 38,
  structuredRemaining: 18,
  met: false,
  pendingHours: 0,
};

let member: ProfileSummary;
let cpdCalls: string[];

beforeEach(() => {
  atWidth(1280);
  signInMember();
  member = profile;
  cpdCalls = [];
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path === 'profile') return member;
    if (path === 'application') return [];
    if (path.startsWith('cpd/summary')) {
      cpdCalls.push(path);
      return summary;
    }
    if (path === 'billing/balance') return { BalanceLCY: 0, arrearsLCY: 0, goodStanding: true };
    if (path === 'billing/alerts') return { unpaidSubscriptions: 0 };
    return [];
  });
});

afterEach(() => {
  unmountPages();
  vi.restoreAllMocks();
  localStorage.clear();
});

const tile = (view: HTMLElement) => view.querySelector('[data-testid="tile-cpd"]');

describe('the dashboard’s CPD tile (part 1 §2 Dashboard: "CPD points earned")', () => {
  it('shows this year’s points earned against the requirement, and links to /cpd', async () => {
    const view = await renderPage(<DashboardPage />, { url: '/dashboard' });
    expect(tile(view)?.textContent).toBe('12 of 50');
    const card = tile(view)?.closest('a');
    expect(card?.getAttribute('href')).toBe('/cpd');
    expect(card?.textContent).toContain('CPD points earned this year');
    expect(cpdCalls).toEqual([
      `cpd/summary?year=${new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi', year: 'numeric' }).format(new Date())}`,
    ]);
    // The spec's four tiles.
    expect(
      ['tile-arrears', 'tile-status', 'tile-cpd', 'tile-notifications'].every((id) => view.querySelector(`[data-testid="${id}"]`)),
    ).toBe(true);
  });

  it('is left out, and not asked for, without a membership record', async () => {
    member = { ...profile, MemberNo: null, memberInformation: [] };
    const view = await renderPage(<DashboardPage />, { url: '/dashboard' });
    expect(tile(view)).toBeNull();
    expect(cpdCalls).toEqual([]);
  });
});
