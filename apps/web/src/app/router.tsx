import { Navigate } from 'react-router';
import { AdminGuard, AdminIndex } from '../features/admin/admin-guard';
import { adminCampaignRoutes } from '../features/campaigns/routes';
import { adminComplaintRoutes, complaintRoutes, publicComplaintRoutes } from '../features/complaints/routes';
import { adminCpdRoutes, cpdRoutes } from '../features/cpd/routes';
import { adminEventRoutes, eventRoutes } from '../features/events/routes';
import { adminLicenseRoutes, licenseRoutes } from '../features/licenses/routes';
import { AppShell } from '../features/shell/app-shell';
import { adminUpgradeRoutes, upgradeRoutes } from '../features/upgrades/routes';
import { lazyPage, type PageRoute } from '../shared/routing/lazy-page';
import { ServerPage } from '../shared/routing/server-page';

/** The web app's routes (rendered by RootLayout with `useRoutes`); each page is fetched when first opened. */
export const routes: PageRoute[] = [
  {
    ...lazyPage(
      () => import('../features/auth/components/auth-layout'),
      (m) => <m.AuthLayout />,
    ),
    children: [
      // The sign-in page is rendered by the server (decision 042): reached inside the app, it is loaded whole.
      { path: '/', element: <ServerPage /> },
      {
        path: '/sign-in/code',
        ...lazyPage(
          () => import('../features/auth/pages/two-step-page'),
          (m) => <m.TwoStepPage />,
        ),
      },
      {
        path: '/forgot-password',
        ...lazyPage(
          () => import('../features/auth/pages/forgot-password-page'),
          (m) => <m.ForgotPasswordPage />,
        ),
      },
      {
        path: '/password/:code',
        ...lazyPage(
          () => import('../features/auth/pages/set-password-page'),
          (m) => <m.SetPasswordPage />,
        ),
      },
      {
        path: '/activate/:code?',
        ...lazyPage(
          () => import('../features/auth/pages/activate-page'),
          (m) => <m.ActivatePage />,
        ),
      },
      {
        path: '/categories',
        ...lazyPage(
          () => import('../features/auth/pages/categories-page'),
          (m) => <m.CategoriesPage />,
        ),
      },
      {
        path: '/signup/:type/:code',
        ...lazyPage(
          () => import('../features/auth/pages/signup-page'),
          (m) => <m.SignupPage />,
        ),
      },
      {
        path: '/register/:type/:code',
        ...lazyPage(
          () => import('../features/auth/pages/register-page'),
          (m) => <m.RegisterPage />,
        ),
      },
      {
        path: '/success',
        ...lazyPage(
          () => import('../features/auth/pages/success-page'),
          (m) => <m.SuccessPage />,
        ),
      },
      {
        path: '/verify/:code',
        ...lazyPage(
          () => import('../features/auth/pages/verify-page'),
          (m) => <m.VerifyPage />,
        ),
      },
      {
        path: '/otp/:id',
        ...lazyPage(
          () => import('../features/auth/pages/otp-page'),
          (m) => <m.OtpPage />,
        ),
      },
    ],
  },
  {
    // The app shell and the dashboard are drawn without MUI: a member's first load (decision 043). The shell comes
    // with the entry: every signed-in page needs it, and its small modules in chunks of their own were a dozen more
    // requests before the dashboard could draw (decision 054).
    element: <AppShell />,
    children: [
      {
        path: '/dashboard',
        ...lazyPage(
          () => import('../features/dashboard/dashboard-page'),
          (m) => <m.DashboardPage />,
          { lite: true },
        ),
      },
      {
        path: '/security',
        ...lazyPage(
          () => import('../features/account/security-page'),
          (m) => <m.SecurityPage />,
        ),
      },
      {
        path: '/dashboard/Settings',
        ...lazyPage(
          () => import('../features/account/account-settings-page'),
          (m) => <m.AccountSettingsPage />,
        ),
      },
      {
        path: '/dashboard/goodStanding/:code',
        ...lazyPage(
          () => import('../features/dashboard/good-standing-page'),
          (m) => <m.GoodStandingPage />,
        ),
      },
      {
        path: '/billing',
        ...lazyPage(
          () => import('../features/billing/billing-page'),
          (m) => <m.BillingPage />,
        ),
      },
      {
        path: '/billing/invoice/:code',
        ...lazyPage(
          () => import('../features/billing/invoice-page'),
          (m) => <m.InvoicePage />,
        ),
      },
      {
        path: '/billing/receipt/:code',
        ...lazyPage(
          () => import('../features/billing/invoice-page'),
          (m) => <m.ReceiptPage />,
        ),
      },
      {
        path: '/billing/document/:type/:code',
        ...lazyPage(
          () => import('../features/billing/billing-document-page'),
          (m) => <m.BillingDocumentByTypePage />,
        ),
      },
      {
        path: '/subscription',
        ...lazyPage(
          () => import('../features/subscriptions/subscription-list-page'),
          (m) => <m.SubscriptionListPage />,
        ),
      },
      {
        path: '/subscription/card/:code?',
        ...lazyPage(
          () => import('../features/subscriptions/subscription-card-page'),
          (m) => <m.SubscriptionCardPage />,
        ),
      },
      {
        path: '/subscription/document/:code',
        ...lazyPage(
          () => import('../features/subscriptions/subscription-document-page'),
          (m) => <m.SubscriptionDocumentPage kind="invoice" />,
        ),
      },
      {
        path: '/subscription/receipt/:code',
        ...lazyPage(
          () => import('../features/subscriptions/subscription-document-page'),
          (m) => <m.SubscriptionDocumentPage kind="receipt" />,
        ),
      },
      {
        path: '/subscription/certificate/:code',
        ...lazyPage(
          () => import('../features/subscriptions/subscription-document-page'),
          (m) => <m.SubscriptionDocumentPage kind="certificate" />,
        ),
      },
      {
        path: '/payment-history',
        ...lazyPage(
          () => import('../features/subscriptions/payment-history'),
          (m) => <m.PaymentHistoryPage />,
        ),
      },
      {
        path: '/my-projects',
        ...lazyPage(
          () => import('../features/projects/my-projects-page'),
          (m) => <m.MyProjectsPage />,
        ),
      },
      {
        path: '/checkout',
        ...lazyPage(
          () => import('../features/checkout/checkout-page'),
          (m) => <m.CheckoutPage />,
        ),
      },
      {
        path: '/profile',
        ...lazyPage(
          () => import('../features/profile/pages/profile-page'),
          (m) => <m.ProfilePage />,
        ),
      },
      {
        path: '/profile/profileConfirm',
        ...lazyPage(
          () => import('../features/profile/pages/profile-confirm-page'),
          (m) => <m.ProfileConfirmPage />,
        ),
      },
      {
        path: '/checklist/type/:type',
        ...lazyPage(
          () => import('../features/checklist/checklist-page'),
          (m) => <m.ChecklistPage />,
        ),
      },
      {
        path: '/checklist/component/:name',
        ...lazyPage(
          () => import('../features/checklist/checklist-component-page'),
          (m) => <m.ChecklistComponentPage />,
        ),
      },
      {
        path: '/initiate-profile',
        ...lazyPage(
          () => import('../features/profile/initiate-page'),
          (m) => <m.InitiatePage firm={false} />,
        ),
      },
      {
        path: '/initiate-firm',
        ...lazyPage(
          () => import('../features/profile/initiate-page'),
          (m) => <m.InitiatePage firm />,
        ),
      },
      {
        path: '/application',
        ...lazyPage(
          () => import('../features/applications/application-list-page'),
          (m) => <m.ApplicationListPage />,
        ),
      },
      {
        path: '/application/:kind/:code',
        ...lazyPage(
          () => import('../features/documents/document-page'),
          (m) => <m.DocumentPage />,
        ),
      },
      {
        path: '/profile/RefereeFormReport/:entryNo',
        ...lazyPage(
          () => import('../features/referees/referee-report-page'),
          (m) => <m.RefereeReportPage />,
        ),
      },
      ...eventRoutes,
      ...adminEventRoutes,
      ...cpdRoutes,
      ...adminCpdRoutes,
      ...upgradeRoutes,
      ...adminUpgradeRoutes,
      ...licenseRoutes,
      ...adminLicenseRoutes,
      ...adminCampaignRoutes,
      ...complaintRoutes,
      ...adminComplaintRoutes,
      {
        path: '/admin/applications',
        ...lazyPage(
          () => import('../features/review/review-queue-page'),
          (m) => (
            <AdminGuard approvers>
              <m.ReviewQueuePage />
            </AdminGuard>
          ),
        ),
      },
      {
        path: '/admin/applications/:code',
        ...lazyPage(
          () => import('../features/review/review-application-page'),
          (m) => (
            <AdminGuard approvers>
              <m.ReviewApplicationPage />
            </AdminGuard>
          ),
        ),
      },
      {
        path: '/admin/members',
        ...lazyPage(
          () => import('../features/register/members-page'),
          (m) => (
            <AdminGuard approvers>
              <m.MembersPage />
            </AdminGuard>
          ),
        ),
      },
      {
        path: '/admin/billing',
        ...lazyPage(
          () => import('../features/admin-billing/admin-billing-page'),
          (m) => (
            <AdminGuard>
              <m.AdminBillingPage />
            </AdminGuard>
          ),
        ),
      },
      { path: '/admin', element: <AdminIndex /> },
      {
        path: '/admin/settings',
        ...lazyPage(
          () => import('../features/admin/settings-page'),
          (m) => (
            <AdminGuard mainOnly>
              <m.AdminSettingsPage />
            </AdminGuard>
          ),
        ),
      },
      {
        path: '/admin/user-settings',
        ...lazyPage(
          () => import('../features/admin/users-page'),
          (m) => (
            <AdminGuard>
              <m.UsersPage />
            </AdminGuard>
          ),
        ),
      },
      {
        path: '/admin/requirements',
        ...lazyPage(
          () => import('../features/admin/requirements-page'),
          (m) => (
            <AdminGuard mainOnly>
              <m.RequirementsPage />
            </AdminGuard>
          ),
        ),
      },
      {
        path: '/admin/audit',
        ...lazyPage(
          () => import('../features/admin/audit-page'),
          (m) => (
            <AdminGuard>
              <m.AuditPage />
            </AdminGuard>
          ),
        ),
      },
    ],
  },
  {
    path: '/profile/response/:user?/:code?',
    ...lazyPage(
      () => import('../features/referees/referee-response-page'),
      (m) => <m.RefereeResponsePage />,
    ),
  },
  {
    path: '/referee-response/thank-you',
    ...lazyPage(
      () => import('../features/referees/thank-you-page'),
      (m) => <m.RefereeThankYouPage />,
    ),
  },
  {
    path: '/referee-response/response/:user?/:code?',
    ...lazyPage(
      () => import('../features/referees/one-click-response-page'),
      (m) => <m.OneClickResponsePage />,
    ),
  },
  ...publicComplaintRoutes,
  {
    path: '/dev/outbox',
    ...lazyPage(
      () => import('../features/dev/outbox-page'),
      (m) => <m.OutboxPage />,
    ),
  },
  {
    path: '/dev/sms',
    ...lazyPage(
      () => import('../features/dev/sms-page'),
      (m) => <m.SmsPage />,
    ),
  },
  { path: '/initiate', element: <Navigate to="/initiate-profile" replace /> },
  { path: '/initiateFirm', element: <Navigate to="/initiate-firm" replace /> },
  {
    path: '*',
    ...lazyPage(
      () => import('../features/errors/not-found-page'),
      (m) => <m.NotFoundPage />,
    ),
  },
];

/** A route path as a regular expression (`:name` one segment, `:name?` an optional one, `*` the rest), made once. */
const patterns = new Map<string, RegExp>();
function patternOf(path: string): RegExp {
  let pattern = patterns.get(path);
  if (!pattern) {
    const body = path
      .split('/')
      .filter(Boolean)
      .map((segment) => {
        if (segment === '*') return '(?:/.*)?';
        if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
        return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      })
      .join('');
    pattern = new RegExp(`^${body}/?$`, 'i');
    patterns.set(path, pattern);
  }
  return pattern;
}

/** The routes `pathname` opens, outermost first: a layout and its page (a best guess: only to fetch code early). */
export function routesAt(list: PageRoute[], pathname: string): PageRoute[] {
  for (const route of list) {
    if (route.children) {
      const inner = routesAt(route.children as PageRoute[], pathname);
      if (inner.length) return [route, ...inner];
    } else if (route.path && route.path !== '*' && patternOf(route.path).test(pathname)) {
      return [route];
    }
  }
  return [];
}

let preloaded: string | null = null;

/**
 * Starts fetching the code of every route an address opens (the layouts and the page) at once, as React Router's
 * data router did with `lazy`, instead of a layout's code first and its page's after it has drawn. Matched here with
 * patterns made once: React Router's matchRoutes ranks and compiles all 90 routes on every call (30 ms of a phone's
 * main thread at start-up, decision 054).
 */
export function preloadRoutes(location: { pathname: string }) {
  if (location.pathname === preloaded) return;
  preloaded = location.pathname;
  for (const route of routesAt(routes, location.pathname)) void route.preload?.();
}
