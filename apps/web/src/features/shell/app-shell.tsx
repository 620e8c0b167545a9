import { useDeferredValue, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { Icon } from '../../shared/lite/icon';
import { LiteAvatar } from '../../shared/lite/surfaces';
import { useDesktop } from '../../shared/lite/use-media-query';
import { memberAlertCount, useBillingAlerts } from '../../shared/member/money';
import { needsAction, useMyApplications, useMyProfile } from '../../shared/member/queries';
import { PaymentWatcher } from '../../shared/payments/payment-watch';
import { goodStandingRoute } from '../../shared/payments/routes';
import { useReviewBell } from '../../shared/review/use-review-bell';
import { useSession } from '../../shared/session/session-store';
import { useCompany, useSettings, useTerms } from '../../shared/settings/use-settings';
import { LoadingSpinner } from '../../shared/ui/loading';
import { adminHome, isStaff, SECURITY_PATH } from '../auth/landing';
import { useLogout } from '../auth/use-logout';
import { AccountMenu, type AccountMenuItem } from './account-menu';
import { DrawerDialog, DrawerLinks } from './drawer';
import { DrawerIdentity } from './drawer-identity';
import { ImpersonationBanner } from './impersonation-banner';
import { type NavLink, navLinks } from './nav-links';
import { homeCrumb, pageTitle } from './page-titles';
import { SecondFactorListener } from './second-factor-listener';
import { useInactivityLogout } from './use-inactivity-logout';

// Staff pages are drawn with MUI anyway; members never need the prompt, so it stays out of their first load.

/**
 * Screens that exist today. The drawer's rules (packages, membership) decide what a member may see;
 * links to screens still being built (CPD, billing, applications, …) are left out until they land,
 * rather than leading to a 404 page.
 */
const BUILT_ROUTES = [
  '/dashboard',
  '/profile',
  '/admin/',
  '/application',
  '/billing',
  '/subscription',
  '/payment-history',
  '/checkout',
  '/events',
  '/cpd',
  '/upgrade',
  '/license',
  '/my-complaints',
];
const isBuilt = (link: NavLink): boolean =>
  Boolean(link.external) || BUILT_ROUTES.some((r) => link.to.startsWith(r)) || Boolean(link.children?.some(isBuilt));

/**
 * The organisation's full name in the app bar: on a phone it wraps to a second line (smaller type) rather than
 * being cut, and only a name longer than two lines is shortened, with the whole name kept as its title.
 */
function OrganisationName({ name }: { name: string }) {
  return (
    <div className="lt-org-name" title={name}>
      {name}
    </div>
  );
}

export function AppShell() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const desktop = useDesktop();
  const [mobileOpen, setMobileOpen] = useState(false);
  const settings = useSettings();
  const company = useCompany();
  const terms = useTerms();
  const profile = useMyProfile();
  const applications = useMyApplications();
  const bell = useReviewBell();
  const billingAlerts = useBillingAlerts();
  const logout = useLogout();
  useInactivityLogout(Boolean(session) && settings.minor.inactivityLogout, settings.inactivityTimeoutMs);
  // The shell and its page are drawn once the profile has come, in a deferred render: React draws a deferred value's
  // tree in slices, giving the main thread back between them, where the query's own update would draw it all in one
  // long task (decision 054).
  const profileShown = useDeferredValue(!profile.isLoading);

  if (!session) return <Navigate to="/" replace state={{ from: location.pathname }} />;
  const user = session.user;
  // Admins and approvers work in the back office: they have no member profile to build.
  const staff = isStaff(user);
  // Without a profile a user may still reach the initiate forms and account settings.
  const initiating = location.pathname.startsWith('/initiate') || location.pathname === '/dashboard/Settings';
  if (!staff && !user.profile_id && !initiating) {
    return <Navigate to={user.type === 'Corporate' ? '/initiate-firm' : '/initiate-profile'} replace />;
  }
  // Staff without a second factor may only set one up (decision 047).
  if (staff && user.mfa_enabled === false && location.pathname !== SECURITY_PATH) return <Navigate to={SECURITY_PATH} replace />;
  if (!staff && user.profile_id && !profileShown) return <LoadingSpinner label="Loading your profile" />;

  const released = applications.data?.find((a) => a.status === 'Released');
  const links = navLinks({
    user,
    profile: profile.data,
    packages: settings.packages,
    minor: settings.minor,
    goodStanding: profile.data?.goodStanding ?? false,
    releasedApplicationCode: released?.Code ?? null,
    projectsUrl: terms.data?.[0]?.projectURL ?? null,
  }).filter(isBuilt);
  // Staff: applications waiting for a reviewer; members: unpaid subscriptions plus applications needing action (part 1 §2).
  const memberApplicationAlerts = (applications.data ?? []).filter(needsAction).length;
  const alerts = staff ? (bell.data?.needingAction ?? 0) : memberAlertCount(memberApplicationAlerts, billingAlerts.count);
  // The account menu offers the good-standing certificate to eligible members (part 1 §2, §6).
  const goodStandingTo =
    !staff && settings.minor.certificate_of_good_standing && profile.data?.goodStanding && profile.data.MemberNo
      ? goodStandingRoute(profile.data.MemberNo)
      : null;
  const title = pageTitle(location.pathname).replace('{license}', settings.minor.license_alternative_caption);
  const p = profile.data;
  const home = homeCrumb(staff ? adminHome(user) : '/dashboard');

  const notificationsTitle = alerts
    ? staff
      ? `${alerts} application(s) need action`
      : billingAlerts.count > 0
        ? `${billingAlerts.count} unpaid subscription(s), ${memberApplicationAlerts} application(s) need your attention`
        : `${alerts} item(s) need your attention`
    : 'No new notifications';
  const accountItems: AccountMenuItem[] = [
    { label: 'Settings', icon: <Icon name="Settings" small />, onSelect: () => navigate('/dashboard/Settings') },
    { label: 'Two-step sign-in', icon: <Icon name="Lock" small />, onSelect: () => navigate(SECURITY_PATH) },
    ...(goodStandingTo
      ? [
          {
            label: settings.minor.certificate_of_good_standing_caption,
            icon: <Icon name="VerifiedUser" small />,
            onSelect: () => navigate(goodStandingTo),
          },
        ]
      : []),
    { label: 'Logout', onSelect: logout },
  ];

  const drawer = (
    <div className="lt-drawer-content">
      <div className="lt-drawer-head">
        <LiteAvatar src={p?.picture} alt="">
          {(staff ? (user.name ?? user.email) : (p?.FirstName ?? user.email)).slice(0, 1).toUpperCase()}
        </LiteAvatar>
        {staff ? (
          <DrawerIdentity name={user.name ?? (user.is_admin ? 'Administrator' : 'Approver')} detail={user.email} />
        ) : (
          <DrawerIdentity
            name={p?.FirstName ?? 'Welcome'}
            detail={p?.CategoryDescription ?? (user.type === 'Corporate' ? 'Firm applicant' : 'Applicant')}
          />
        )}
      </div>
      <hr className="lt-divider" />
      <DrawerLinks links={links} onNavigate={() => setMobileOpen(false)} />
    </div>
  );

  return (
    <div className="lt-shell">
      <header className="lt-appbar">
        <div className="lt-toolbar">
          {!desktop && (
            <button type="button" className="lt-icon-btn lt-menu-button" aria-label="Open menu" onClick={() => setMobileOpen(true)}>
              <Icon name="Menu" />
            </button>
          )}
          {company.data?.logo && (
            <span className="lt-appbar-logo">
              <LiteAvatar src={company.data.logo} alt="" size={32} rounded />
            </span>
          )}
          <OrganisationName name={company.data?.displayName ?? 'Member Portal'} />
          <button
            type="button"
            className="lt-icon-btn"
            aria-label={`Notifications: ${alerts}`}
            title={notificationsTitle}
            onClick={() =>
              navigate(
                staff ? '/admin/applications' : billingAlerts.count > 0 && memberApplicationAlerts === 0 ? '/subscription' : '/application',
              )
            }
          >
            <span className="lt-badge-anchor">
              <Icon name="Notifications" />
              {alerts > 0 && (
                <span className="lt-badge" aria-hidden="true">
                  {alerts > 99 ? '99+' : alerts}
                </span>
              )}
            </span>
          </button>
          <AccountMenu items={accountItems} />
        </div>
      </header>
      {desktop ? (
        <div className="lt-drawer-slot">
          <div className="lt-drawer-docked">{drawer}</div>
        </div>
      ) : (
        <DrawerDialog open={mobileOpen} onClose={() => setMobileOpen(false)}>
          {drawer}
        </DrawerDialog>
      )}
      <main className="lt-main">
        <nav aria-label="breadcrumb" className="lt-breadcrumbs">
          <ol>
            <li>
              <Link to={home.to}>{home.label}</Link>
            </li>
            {title && title !== home.label && (
              <>
                <li aria-hidden="true" className="lt-breadcrumb-separator">
                  /
                </li>
                <li>{title}</li>
              </>
            )}
          </ol>
        </nav>
        <ImpersonationBanner />
        {!staff && <PaymentWatcher />}
        {(staff || user.mfa_enabled) && <SecondFactorListener />}
        <Outlet />
      </main>
    </div>
  );
}
