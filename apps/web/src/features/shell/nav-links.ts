import {
  type MinorSettings,
  MY_PROJECTS_ROUTE,
  NO_PROJECTS_CATEGORY,
  type PackageName,
  type ProfileSummary,
  type User,
} from '@portal/contract';
import { goodStandingRoute } from '../../shared/payments/routes';

export interface NavLink {
  title: string;
  to: string;
  package: PackageName | null;
  external?: boolean;
  children?: NavLink[];
}

export interface NavContext {
  user: User;
  profile: ProfileSummary | null | undefined;
  packages: string[] | null;
  minor: MinorSettings;
  goodStanding: boolean;
  releasedApplicationCode: string | null;
  /** The terms' projectURL: without one there is no projects system to go to. */
  projectsUrl: string | null;
}

/**
 * My Projects (part 1 §2, §6): a membership record, good standing and a category other than GRADUATE. The server
 * checks the same before it issues the access token (decision 035).
 */
export function mayOpenProjects(profile: ProfileSummary | null | undefined, goodStanding: boolean): boolean {
  const category = profile?.memberInformation.find((m) => m.Status === 'Active')?.Category ?? profile?.MemberShipType;
  return Boolean(profile?.memberInformation.length) && goodStanding && category?.toUpperCase() !== NO_PROJECTS_CATEGORY;
}

/**
 * The drawer's links (part 1 §2): each shows only if its package is installed and the membership
 * rules allow it. With no settings loaded, only Dashboard shows.
 */
export function navLinks(ctx: NavContext): NavLink[] {
  const { user, profile, packages, minor } = ctx;
  // The review back office (decisions.md §4) and the complaints (issue 30) belong to admins and approvers alike.
  const backOffice: NavLink[] = [
    { title: 'Applications', to: '/admin/applications', package: null },
    { title: 'Members', to: '/admin/members', package: null },
    { title: 'CPD', to: '/admin/cpd', package: null },
    { title: 'Complaints', to: '/admin/complaints', package: null },
  ];
  if (user.is_admin) {
    const admin: NavLink[] = [];
    if (user.is_main_admin) {
      admin.push({ title: 'Admin Settings', to: '/admin/settings', package: null });
      admin.push({ title: 'Requirements', to: '/admin/requirements', package: null });
      admin.push({ title: 'Upgrade Plans', to: '/admin/upgrade-plans', package: null });
    }
    admin.push(...backOffice);
    admin.push({ title: 'Licences', to: '/admin/licenses', package: null });
    admin.push({ title: 'Events', to: '/admin/events', package: null });
    admin.push({ title: 'Campaigns', to: '/admin/campaigns', package: null });
    admin.push({ title: 'Billing', to: '/admin/billing', package: null });
    admin.push({ title: 'User Settings', to: '/admin/user-settings', package: null });
    admin.push({ title: 'Audit Log', to: '/admin/audit', package: null });
    return admin;
  }
  if (user.is_approver) {
    // Campaigns are the administrators', and the approvers' too when the settings allow (issue 29).
    return minor.approver_campaigns ? [...backOffice, { title: 'Campaigns', to: '/admin/campaigns', package: null }] : backOffice;
  }
  const dashboard: NavLink = { title: 'Dashboard', to: '/dashboard', package: 'Dashboard' };
  if (!packages) return [dashboard];
  const hasMembership = Boolean(profile?.memberInformation.length);
  const certificateChildren: NavLink[] = [];
  if (minor.certificate_of_good_standing && ctx.goodStanding && profile?.MemberNo) {
    certificateChildren.push({ title: minor.certificate_of_good_standing_caption, to: goodStandingRoute(profile.MemberNo), package: null });
  }
  if (ctx.releasedApplicationCode) {
    certificateChildren.push({
      title: minor.acceptance_letter_caption,
      to: `/application/acceptanceLetter/${ctx.releasedApplicationCode}`,
      package: null,
    });
  }
  const all: (NavLink & { show: boolean })[] = [
    { ...dashboard, show: true },
    { title: 'Profile', to: '/profile', package: 'Profile', show: true },
    { title: 'CPD', to: '/cpd', package: 'CPD', show: hasMembership },
    {
      title: 'Certificate',
      to: '/certificate',
      package: 'Certificate',
      show: certificateChildren.length > 0,
      children: certificateChildren,
    },
    { title: 'Application', to: '/application', package: 'Application', show: true },
    {
      // Opens in a new tab a page that asks for a fresh access token and goes on to the projects system with it.
      title: 'My Projects',
      to: MY_PROJECTS_ROUTE,
      package: 'MyProjects',
      external: true,
      show: mayOpenProjects(profile, ctx.goodStanding) && Boolean(ctx.projectsUrl?.trim()),
    },
    { title: 'Subscription', to: '/subscription', package: 'Subscription', show: hasMembership },
    { title: 'Upgrade', to: '/upgrade', package: 'Upgrade', show: hasMembership },
    { title: minor.license_alternative_caption, to: '/license', package: 'License', show: true },
    { title: 'Billing', to: '/billing', package: 'Billing', show: true },
    { title: 'Events', to: '/events', package: 'Events', show: true },
    // Complaints against the engineer (issue 30): only a registered engineer or firm can be the subject of one.
    { title: 'My Complaints', to: '/my-complaints', package: null, show: hasMembership },
  ];
  return all.filter((l) => l.show && (l.package === null || packages.includes(l.package))).map(({ show: _show, ...l }) => l);
}

/**
 * The one drawer entry a page belongs to (issue 16): the longest link or sub-link whose path is the page's path or a
 * folder above it, so `/dashboard/goodStanding/…` lights its Certificate sub-item and not Dashboard as well, and
 * `/applications…` never lights `/application`. Null when no link leads there.
 */
export function activeLinkTo(links: NavLink[], pathname: string): string | null {
  // Links carry encoded values (`TTE%3D`); the router may give the path either way.
  const plain = (p: string) => {
    try {
      return decodeURIComponent(p);
    } catch {
      return p;
    }
  };
  pathname = plain(pathname);
  let best: { to: string; length: number } | null = null;
  for (const link of links.flatMap((l) => [l, ...(l.children ?? [])])) {
    if (link.external) continue;
    const path = plain(link.to.split('?')[0]).replace(/\/+$/, '') || '/';
    const inside = pathname === path || pathname.startsWith(path === '/' ? '/' : `${path}/`);
    if (inside && (!best || path.length > best.length)) best = { to: link.to, length: path.length };
  }
  return best?.to ?? null;
}
