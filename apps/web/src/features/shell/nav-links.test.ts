import { MY_PROJECTS_ROUTE, minorSettingsSchema, PACKAGES, type ProfileSummary, type User } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { activeLinkTo, type NavContext, navLinks } from './nav-links';

const user: User = {
  id: 1,
  name: null,
  email: 'a@b.c',
  phone_no: null,
  id_number: null,
  category: 'PROFESSIONAL',
  type: 'Individual',
  is_admin: false,
  is_approver: false,
  is_main_admin: false,
  email_verified_at: null,
  profile_id: 'PR1',
  email_reminders: 1,
  email_updates: 1,
  sms_reminders: 1,
  sms_updates: 1,
};
const member = {
  MemberNo: 'M1',
  MemberShipType: 'PROFESSIONAL',
  memberInformation: [{ No: 'M1', Status: 'Active' }],
} as unknown as ProfileSummary;
const all = [...PACKAGES];
const ctx = (over: Partial<NavContext> = {}): NavContext => ({
  user,
  profile: member,
  packages: all,
  minor: minorSettingsSchema.parse({}),
  goodStanding: false,
  releasedApplicationCode: null,
  projectsUrl: null,
  ...over,
});
const titles = (c: NavContext) => navLinks(c).map((l) => l.title);

describe('navLinks', () => {
  it('shows only Dashboard when no settings are loaded', () => {
    expect(titles(ctx({ packages: null }))).toEqual(['Dashboard']);
  });

  it('hides links whose package is not installed', () => {
    expect(titles(ctx({ packages: ['Dashboard', 'Billing'] }))).toEqual(['Dashboard', 'Billing', 'My Complaints']);
  });

  it('gives a member with a membership record My Complaints, whatever the packages; nobody else (issue 30)', () => {
    expect(navLinks(ctx()).at(-1)).toEqual({ title: 'My Complaints', to: '/my-complaints', package: null });
    expect(titles(ctx({ packages: [] }))).toEqual(['My Complaints']);
    expect(titles(ctx({ profile: { ...member, memberInformation: [] } }))).not.toContain('My Complaints');
    expect(titles(ctx({ profile: null }))).not.toContain('My Complaints');
    expect(titles(ctx({ packages: null }))).toEqual(['Dashboard']);
    for (const staff of [
      { ...user, is_admin: true },
      { ...user, is_approver: true },
    ]) {
      expect(titles(ctx({ user: staff }))).not.toContain('My Complaints');
    }
  });

  it('hides CPD, Subscription and Upgrade without a membership record', () => {
    const t = titles(ctx({ profile: { ...member, memberInformation: [] } }));
    expect(t).not.toContain('CPD');
    expect(t).not.toContain('Subscription');
    expect(t).not.toContain('Upgrade');
    expect(t).toContain('Application');
  });

  it('uses the licence caption from the settings', () => {
    expect(titles(ctx({ minor: minorSettingsSchema.parse({ license_alternative_caption: 'Practising Licence' }) }))).toContain(
      'Practising Licence',
    );
  });

  it('offers My Projects only to members with a membership, in good standing, outside GRADUATE', () => {
    const eligible = { goodStanding: true, projectsUrl: 'https://p/x' };
    expect(titles(ctx(eligible))).toContain('My Projects');
    expect(titles(ctx({ ...eligible, goodStanding: false }))).not.toContain('My Projects');
    expect(titles(ctx({ ...eligible, profile: { ...member, MemberShipType: 'GRADUATE' } }))).not.toContain('My Projects');
    expect(
      titles(ctx({ ...eligible, profile: { ...member, memberInformation: [{ ...member.memberInformation[0], Category: 'GRADUATE' }] } })),
    ).not.toContain('My Projects');
    expect(titles(ctx({ ...eligible, profile: { ...member, memberInformation: [] } }))).not.toContain('My Projects');
    expect(titles(ctx({ ...eligible, profile: null }))).not.toContain('My Projects');
  });

  it('offers My Projects only when the terms carry a projectURL and the link is installed', () => {
    expect(titles(ctx({ goodStanding: true, projectsUrl: null }))).not.toContain('My Projects');
    expect(titles(ctx({ goodStanding: true, projectsUrl: '  ' }))).not.toContain('My Projects');
    expect(titles(ctx({ goodStanding: true, projectsUrl: 'https://p/x', packages: all.filter((p) => p !== 'MyProjects') }))).not.toContain(
      'My Projects',
    );
  });

  it('points My Projects at the page that fetches a fresh access token, in a new tab', () => {
    const link = navLinks(ctx({ goodStanding: true, projectsUrl: 'https://p/x?token={token}' })).find((l) => l.title === 'My Projects');
    expect(link).toMatchObject({ to: MY_PROJECTS_ROUTE, external: true, package: 'MyProjects' });
    expect(link?.to).not.toContain('{token}');
  });

  it('never offers My Projects to administrators or approvers', () => {
    for (const staff of [
      { ...user, is_admin: true },
      { ...user, is_approver: true },
    ]) {
      expect(titles(ctx({ user: staff, goodStanding: true, projectsUrl: 'https://p/x' }))).not.toContain('My Projects');
    }
  });

  it('gives admins the admin links, Admin Settings only to the main administrator', () => {
    expect(titles(ctx({ user: { ...user, is_admin: true } }))).toEqual([
      'Applications',
      'Members',
      'CPD',
      'Complaints',
      'Licences',
      'Events',
      'Campaigns',
      'Billing',
      'User Settings',
      'Audit Log',
    ]);
    expect(titles(ctx({ user: { ...user, is_admin: true, is_main_admin: true } }))).toEqual([
      'Admin Settings',
      'Requirements',
      'Upgrade Plans',
      'Applications',
      'Members',
      'CPD',
      'Complaints',
      'Licences',
      'Events',
      'Campaigns',
      'Billing',
      'User Settings',
      'Audit Log',
    ]);
  });

  it('gives admins, and only admins, the Billing back office', () => {
    expect(navLinks(ctx({ user: { ...user, is_admin: true } }))).toContainEqual({ title: 'Billing', to: '/admin/billing', package: null });
    expect(navLinks(ctx({ user: { ...user, is_approver: true, profile_id: null }, profile: null })).map((l) => l.to)).not.toContain(
      '/admin/billing',
    );
    // A member's Billing is their own statement.
    expect(navLinks(ctx()).find((l) => l.title === 'Billing')?.to).toBe('/billing');
  });

  it('gives admins and approvers the back office: Applications, Members and CPD', () => {
    const backOffice = [
      { title: 'Applications', to: '/admin/applications', package: null },
      { title: 'Members', to: '/admin/members', package: null },
      { title: 'CPD', to: '/admin/cpd', package: null },
      { title: 'Complaints', to: '/admin/complaints', package: null },
    ];
    expect(navLinks(ctx({ user: { ...user, is_admin: true } }))).toEqual(expect.arrayContaining(backOffice));
    expect(navLinks(ctx({ user: { ...user, is_admin: true, is_main_admin: true } }))).toEqual(expect.arrayContaining(backOffice));
  });

  it('gives approvers only the back office (Applications, Members, CPD, Complaints), whatever the packages or profile', () => {
    const approver = { ...user, is_approver: true, profile_id: null };
    expect(navLinks(ctx({ user: approver, profile: null }))).toEqual([
      { title: 'Applications', to: '/admin/applications', package: null },
      { title: 'Members', to: '/admin/members', package: null },
      { title: 'CPD', to: '/admin/cpd', package: null },
      { title: 'Complaints', to: '/admin/complaints', package: null },
    ]);
    expect(titles(ctx({ user: approver, packages: null }))).toEqual(['Applications', 'Members', 'CPD', 'Complaints']);
  });

  it('gives approvers Campaigns too when the settings allow', () => {
    const approver = { ...user, is_approver: true, profile_id: null };
    const minor = minorSettingsSchema.parse({ approver_campaigns: true });
    expect(titles(ctx({ user: approver, profile: null, minor }))).toEqual(['Applications', 'Members', 'CPD', 'Complaints', 'Campaigns']);
  });

  it('links the good-standing certificate with the encoded member number, when the setting is on and the member is in good standing', () => {
    const certificate = (c: NavContext) => navLinks(c).find((l) => l.title === 'Certificate');
    expect(certificate(ctx({ goodStanding: true }))?.children).toEqual([
      { title: 'Certificate of Good Standing', to: '/dashboard/goodStanding/TTE%3D', package: null },
    ]);
    expect(certificate(ctx({ goodStanding: false }))).toBeUndefined();
    expect(
      certificate(ctx({ goodStanding: true, minor: minorSettingsSchema.parse({ certificate_of_good_standing: false }) })),
    ).toBeUndefined();
  });

  it('lists the acceptance letter under Certificate once an application is released', () => {
    const links = navLinks(ctx({ releasedApplicationCode: 'APP1' }));
    const certificate = links.find((l) => l.title === 'Certificate');
    expect(certificate?.children?.map((c) => c.to)).toEqual(['/application/acceptanceLetter/APP1']);
  });
});

describe('activeLinkTo: one drawer entry lit at a time (issue 16)', () => {
  const links = navLinks(ctx({ goodStanding: true, releasedApplicationCode: 'APP1' }));
  const lit = (path: string) => activeLinkTo(links, path);

  it('lights the good-standing certificate, not Dashboard as well', () => {
    expect(lit('/dashboard/goodStanding/TTE%3D')).toBe('/dashboard/goodStanding/TTE%3D');
    expect(lit('/dashboard/goodStanding/TTE=')).toBe('/dashboard/goodStanding/TTE%3D');
    expect(lit('/dashboard')).toBe('/dashboard');
    expect(lit('/dashboard/Settings')).toBe('/dashboard');
  });

  it('lights the acceptance letter under Certificate, not Application as well; Application for its other pages', () => {
    expect(lit('/application/acceptanceLetter/APP1')).toBe('/application/acceptanceLetter/APP1');
    expect(lit('/application/document/QVBQMQ==')).toBe('/application');
    expect(lit('/application')).toBe('/application');
  });

  it('matches whole path segments only, and nothing for a page no link leads to', () => {
    expect(lit('/profile/profileConfirm')).toBe('/profile');
    expect(lit('/profiles')).toBeNull();
    expect(lit('/checklist/type/Application')).toBeNull();
  });

  it('lights exactly one entry whatever the page', () => {
    const entries = links.flatMap((l) => [l, ...(l.children ?? [])]);
    for (const path of [
      '/dashboard/goodStanding/TTE%3D',
      '/application/acceptanceLetter/APP1',
      '/billing',
      '/events/12',
      '/my-complaints',
    ]) {
      expect(entries.filter((l) => l.to === lit(path))).toHaveLength(1);
    }
  });
});
