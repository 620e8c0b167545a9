import { describe, expect, it } from 'vitest';
import { homeCrumb, pageTitle } from './page-titles';

describe('the breadcrumb', () => {
  it('names its first crumb after the page it leads to', () => {
    expect(homeCrumb('/dashboard')).toEqual({ to: '/dashboard', label: 'Dashboard' });
    // Administrators start at Admin Settings or All Users, approvers at the review queue (adminHome).
    expect(homeCrumb('/admin/settings')).toEqual({ to: '/admin/settings', label: 'Admin Settings' });
    expect(homeCrumb('/admin/user-settings')).toEqual({ to: '/admin/user-settings', label: 'All Users' });
    expect(homeCrumb('/admin/applications')).toEqual({ to: '/admin/applications', label: 'Applications' });
  });

  it('titles pages by their path, the first match winning', () => {
    expect(pageTitle('/subscription/receipt/abc')).toBe('Subscription Receipt');
    expect(pageTitle('/subscription')).toBe('My Subscriptions');
    expect(pageTitle('/admin/billing')).toBe('Billing');
    expect(pageTitle('/admin/campaigns')).toBe('Campaigns');
    expect(pageTitle('/admin/campaigns/new')).toBe('New Campaign');
    expect(pageTitle('/admin/campaigns/CMP0001/edit')).toBe('Campaign');
    expect(pageTitle('/admin/complaints')).toBe('Complaints');
    expect(pageTitle('/admin/complaints/CMP-2026-0001')).toBe('Complaint');
    expect(pageTitle('/my-complaints')).toBe('My Complaints');
    expect(pageTitle('/nowhere')).toBe('');
  });
});
