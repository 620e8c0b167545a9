import {
  AccountCircle,
  Assignment,
  Badge as BadgeIcon,
  CardMembership,
  Checklist,
  Dashboard,
  Event,
  FactCheck,
  Groups,
  History,
  Launch,
  Menu as MenuIcon,
  Notifications,
  Payments,
  People,
  Person,
  School,
  Settings,
  Subscriptions,
  TrendingUp,
  Tune,
  VerifiedUser,
} from '@mui/icons-material';
import {
  AppBar,
  Avatar,
  Badge,
  Box,
  Breadcrumbs,
  Divider,
  Drawer,
  IconButton,
  Link,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Toolbar,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { type ReactElement, useState } from 'react';
import { Navigate, Outlet, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { memberAlertCount, useBillingAlerts } from '../../shared/member/money';
import { needsAction, useMyApplications, useMyProfile } from '../../shared/member/queries';
import { goodStandingRoute } from '../../shared/payments/routes';
import { useReviewBell } from '../../shared/review/use-review-bell';
import { useSession } from '../../shared/session/session-store';
import { useCompany, useSettings, useTerms } from '../../shared/settings/use-settings';
import { LoadingSpinner } from '../../shared/ui/loading';
import { adminHome, isStaff } from '../auth/landing';
import { useLogout } from '../auth/use-logout';
import { DrawerIdentity } from './drawer-identity';
import { ImpersonationBanner } from './impersonation-banner';
import { activeLinkTo, type NavLink, navLinks } from './nav-links';
import { homeCrumb, pageTitle } from './page-titles';
import { useInactivityLogout } from './use-inactivity-logout';

const DRAWER_WIDTH = 260;

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
];
const isBuilt = (link: NavLink): boolean =>
  Boolean(link.external) || BUILT_ROUTES.some((r) => link.to.startsWith(r)) || Boolean(link.children?.some(isBuilt));

const icons: Record<string, ReactElement> = {
  Dashboard: <Dashboard />,
  Profile: <Person />,
  CPD: <School />,
  Certificate: <CardMembership />,
  Application: <Assignment />,
  MyProjects: <Launch />,
  Subscription: <Subscriptions />,
  Upgrade: <TrendingUp />,
  License: <VerifiedUser />,
  Billing: <Payments />,
  Events: <Event />,
  'Admin Settings': <Tune />,
  'User Settings': <People />,
  'Audit Log': <History />,
  Requirements: <Checklist />,
  Applications: <FactCheck />,
  Members: <Groups />,
};

/**
 * The organisation's full name in the app bar: on a phone it wraps to a second line (smaller type) rather than
 * being cut, and only a name longer than two lines is shortened, with the whole name kept as its title.
 */
function OrganisationName({ name }: { name: string }) {
  return (
    <Typography
      variant="h6"
      component="div"
      title={name}
      sx={{
        flexGrow: 1,
        minWidth: 0,
        fontWeight: 700,
        fontSize: { xs: '1rem', sm: '1.25rem' },
        lineHeight: { xs: 1.2, sm: 1.6 },
        display: '-webkit-box',
        WebkitLineClamp: 2,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
      }}
    >
      {name}
    </Typography>
  );
}

function DrawerLinks({ links, onNavigate }: { links: NavLink[]; onNavigate: () => void }) {
  const location = useLocation();
  // One entry lit at a time: the link or sub-link that leads closest to this page.
  const active = activeLinkTo(links, location.pathname);
  return (
    <List component="nav" aria-label="Main">
      {links.map((link) => {
        const icon = icons[link.package ?? link.title] ?? <BadgeIcon />;
        if (link.external) {
          return (
            <ListItemButton key={link.title} component="a" href={link.to} target="_blank" rel="noopener noreferrer">
              <ListItemIcon>{icon}</ListItemIcon>
              <ListItemText primary={link.title} />
            </ListItemButton>
          );
        }
        return (
          <Box key={link.title}>
            <ListItemButton
              component={RouterLink}
              to={link.children?.length ? link.children[0].to : link.to}
              selected={active === link.to}
              onClick={onNavigate}
            >
              <ListItemIcon>{icon}</ListItemIcon>
              <ListItemText primary={link.title} />
            </ListItemButton>
            {link.children?.map((child) => (
              <ListItemButton
                key={child.title}
                component={RouterLink}
                to={child.to}
                sx={{ pl: 9 }}
                selected={active === child.to}
                onClick={onNavigate}
              >
                <ListItemText primary={child.title} slotProps={{ primary: { variant: 'body2' } }} />
              </ListItemButton>
            ))}
          </Box>
        );
      })}
    </List>
  );
}

export function AppShell() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const [mobileOpen, setMobileOpen] = useState(false);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const settings = useSettings();
  const company = useCompany();
  const terms = useTerms();
  const profile = useMyProfile();
  const applications = useMyApplications();
  const bell = useReviewBell();
  const billingAlerts = useBillingAlerts();
  const logout = useLogout();
  useInactivityLogout(Boolean(session) && settings.minor.inactivityLogout, settings.inactivityTimeoutMs);

  if (!session) return <Navigate to="/" replace state={{ from: location.pathname }} />;
  const user = session.user;
  // Admins and approvers work in the back office: they have no member profile to build.
  const staff = isStaff(user);
  // Without a profile a user may still reach the initiate forms and account settings.
  const initiating = location.pathname.startsWith('/initiate') || location.pathname === '/dashboard/Settings';
  if (!staff && !user.profile_id && !initiating) {
    return <Navigate to={user.type === 'Corporate' ? '/initiate-firm' : '/initiate-profile'} replace />;
  }
  if (!staff && user.profile_id && profile.isLoading) return <LoadingSpinner label="Loading your profile" />;

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

  const drawer = (
    <Box>
      <Toolbar sx={{ gap: 1.5, py: 2, alignItems: 'center' }}>
        <Avatar src={p?.picture ?? undefined} alt="" sx={{ bgcolor: 'primary.main' }}>
          {(staff ? (user.name ?? user.email) : (p?.FirstName ?? user.email)).slice(0, 1).toUpperCase()}
        </Avatar>
        {staff ? (
          <DrawerIdentity name={user.name ?? (user.is_admin ? 'Administrator' : 'Approver')} detail={user.email} />
        ) : (
          <DrawerIdentity
            name={p?.FirstName ?? 'Welcome'}
            detail={p?.CategoryDescription ?? (user.type === 'Corporate' ? 'Firm applicant' : 'Applicant')}
          />
        )}
      </Toolbar>
      <Divider />
      <DrawerLinks links={links} onNavigate={() => setMobileOpen(false)} />
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {/* Above the docked drawer on a wide screen; on a phone the open drawer (a modal) covers the app bar. */}
      <AppBar position="fixed" sx={{ zIndex: (t) => (desktop ? t.zIndex.drawer + 1 : t.zIndex.appBar) }}>
        <Toolbar>
          {!desktop && (
            <IconButton color="inherit" edge="start" aria-label="Open menu" onClick={() => setMobileOpen(true)} sx={{ mr: 1 }}>
              <MenuIcon />
            </IconButton>
          )}
          {company.data?.logo && (
            <Avatar src={company.data.logo} alt="" variant="rounded" sx={{ width: 32, height: 32, mr: 1.5, bgcolor: 'transparent' }} />
          )}
          <OrganisationName name={company.data?.displayName ?? 'Member Portal'} />
          <Tooltip
            title={
              alerts
                ? staff
                  ? `${alerts} application(s) need action`
                  : billingAlerts.count > 0
                    ? `${billingAlerts.count} unpaid subscription(s), ${memberApplicationAlerts} application(s) need your attention`
                    : `${alerts} item(s) need your attention`
                : 'No new notifications'
            }
          >
            <IconButton
              color="inherit"
              aria-label={`Notifications: ${alerts}`}
              onClick={() =>
                navigate(
                  staff
                    ? '/admin/applications'
                    : billingAlerts.count > 0 && memberApplicationAlerts === 0
                      ? '/subscription'
                      : '/application',
                )
              }
            >
              <Badge badgeContent={alerts} sx={{ '& .MuiBadge-badge': { bgcolor: 'badge.main', color: 'text.primary' } }}>
                <Notifications />
              </Badge>
            </IconButton>
          </Tooltip>
          <IconButton color="inherit" aria-label="Account menu" onClick={(e) => setMenuAnchor(e.currentTarget)}>
            <AccountCircle />
          </IconButton>
          <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
            <MenuItem
              onClick={() => {
                setMenuAnchor(null);
                navigate('/dashboard/Settings');
              }}
            >
              <ListItemIcon>
                <Settings fontSize="small" />
              </ListItemIcon>
              Settings
            </MenuItem>
            {goodStandingTo && (
              <MenuItem
                onClick={() => {
                  setMenuAnchor(null);
                  navigate(goodStandingTo);
                }}
              >
                <ListItemIcon>
                  <VerifiedUser fontSize="small" />
                </ListItemIcon>
                {settings.minor.certificate_of_good_standing_caption}
              </MenuItem>
            )}
            <MenuItem onClick={logout}>Logout</MenuItem>
          </Menu>
        </Toolbar>
      </AppBar>
      <Box component="nav" sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
        <Drawer
          variant={desktop ? 'permanent' : 'temporary'}
          open={desktop || mobileOpen}
          onClose={() => setMobileOpen(false)}
          sx={{
            '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box', top: { md: 64 }, height: { md: 'calc(100% - 64px)' } },
          }}
        >
          {drawer}
        </Drawer>
      </Box>
      <Box component="main" sx={{ flexGrow: 1, p: { xs: 2, md: 3 }, mt: 8, minWidth: 0 }}>
        <Breadcrumbs aria-label="breadcrumb" sx={{ mb: 2 }}>
          <Link component={RouterLink} to={home.to} underline="hover" color="inherit">
            {home.label}
          </Link>
          {title && title !== home.label && <Typography color="text.primary">{title}</Typography>}
        </Breadcrumbs>
        <ImpersonationBanner />
        <Outlet />
      </Box>
    </Box>
  );
}
