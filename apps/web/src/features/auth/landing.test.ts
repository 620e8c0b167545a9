import type { User } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { adminHome, landingPath } from './landing';

const base = { is_admin: false, is_approver: false, profile_id: null, type: 'Individual' } as unknown as User;

describe('landingPath', () => {
  it('sends the main administrator to Admin Settings', () =>
    expect(landingPath({ ...base, is_admin: true, is_main_admin: true })).toBe('/admin/settings'));
  it('sends other admins to User Settings', () => expect(landingPath({ ...base, is_admin: true })).toBe('/admin/user-settings'));
  it('sends an approver to the review queue, never to initiate', () =>
    expect(landingPath({ ...base, is_approver: true })).toBe('/admin/applications'));
  it('sends a user with a profile to the dashboard', () => expect(landingPath({ ...base, profile_id: 'PR1' })).toBe('/dashboard'));
  it('sends an individual without a profile to initiate', () => expect(landingPath(base)).toBe('/initiate-profile'));
  it('sends a firm without a profile to initiateFirm', () => expect(landingPath({ ...base, type: 'Corporate' })).toBe('/initiate-firm'));
});

describe('adminHome', () => {
  it('is the review queue for an approver and the dashboard for a member', () => {
    expect(adminHome({ ...base, is_approver: true })).toBe('/admin/applications');
    expect(adminHome(base)).toBe('/dashboard');
  });
});
