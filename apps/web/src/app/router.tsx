import { createBrowserRouter, Navigate } from 'react-router';
import { AccountSettingsPage } from '../features/account/account-settings-page';
import { AdminGuard, AdminIndex } from '../features/admin/admin-guard';
import { AuditPage } from '../features/admin/audit-page';
import { RequirementsPage } from '../features/admin/requirements-page';
import { AdminSettingsPage } from '../features/admin/settings-page';
import { UsersPage } from '../features/admin/users-page';
import { AdminBillingPage } from '../features/admin-billing/admin-billing-page';
import { ApplicationListPage } from '../features/applications/application-list-page';
import { AuthLayout } from '../features/auth/components/auth-layout';
import { ActivatePage } from '../features/auth/pages/activate-page';
import { CategoriesPage } from '../features/auth/pages/categories-page';
import { ForgotPasswordPage } from '../features/auth/pages/forgot-password-page';
import { LoginPage } from '../features/auth/pages/login-page';
import { OtpPage } from '../features/auth/pages/otp-page';
import { RegisterPage } from '../features/auth/pages/register-page';
import { SetPasswordPage } from '../features/auth/pages/set-password-page';
import { SignupPage } from '../features/auth/pages/signup-page';
import { SuccessPage } from '../features/auth/pages/success-page';
import { VerifyPage } from '../features/auth/pages/verify-page';
import { BillingPage } from '../features/billing/billing-page';
import { InvoicePage, ReceiptPage } from '../features/billing/invoice-page';
import { ChecklistComponentPage } from '../features/checklist/checklist-component-page';
import { ChecklistPage } from '../features/checklist/checklist-page';
import { CheckoutPage } from '../features/checkout/checkout-page';
import { adminCpdRoutes, cpdRoutes } from '../features/cpd/routes';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { GoodStandingPage } from '../features/dashboard/good-standing-page';
import { OutboxPage } from '../features/dev/outbox-page';
import { DocumentPage } from '../features/documents/document-page';
import { VerifyDocumentPage } from '../features/documents/verify-document-page';
import { NotFoundPage } from '../features/errors/not-found-page';
import { adminEventRoutes, eventRoutes } from '../features/events/routes';
import { adminLicenseRoutes, licenseRoutes } from '../features/licenses/routes';
import { InitiatePage } from '../features/profile/initiate-page';
import { ProfileConfirmPage } from '../features/profile/pages/profile-confirm-page';
import { ProfilePage } from '../features/profile/pages/profile-page';
import { OneClickResponsePage } from '../features/referees/one-click-response-page';
import { RefereeReportPage } from '../features/referees/referee-report-page';
import { RefereeResponsePage } from '../features/referees/referee-response-page';
import { MembersPage } from '../features/register/members-page';
import { SearchCardPage } from '../features/register/search-card-page';
import { SearchLayout } from '../features/register/search-layout';
import { SearchListPage } from '../features/register/search-list-page';
import { ReviewApplicationPage } from '../features/review/review-application-page';
import { ReviewQueuePage } from '../features/review/review-queue-page';
import { AppShell } from '../features/shell/app-shell';
import { PaymentHistoryPage } from '../features/subscriptions/payment-history';
import { SubscriptionDocumentPage } from '../features/subscriptions/subscription-document-page';
import { SubscriptionListPage } from '../features/subscriptions/subscription-list-page';
import { adminUpgradeRoutes, upgradeRoutes } from '../features/upgrades/routes';

export const router = createBrowserRouter([
  {
    element: <AuthLayout />,
    children: [
      { path: '/', element: <LoginPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/password/:code', element: <SetPasswordPage /> },
      { path: '/activate/:code?', element: <ActivatePage /> },
      { path: '/categories', element: <CategoriesPage /> },
      { path: '/signup/:type/:code', element: <SignupPage /> },
      { path: '/register/:type/:code', element: <RegisterPage /> },
      { path: '/success', element: <SuccessPage /> },
      { path: '/verify/:code', element: <VerifyPage /> },
      { path: '/otp/:id', element: <OtpPage /> },
    ],
  },
  {
    element: <AppShell />,
    children: [
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/dashboard/Settings', element: <AccountSettingsPage /> },
      { path: '/dashboard/goodStanding/:code', element: <GoodStandingPage /> },
      { path: '/billing', element: <BillingPage /> },
      { path: '/billing/invoice/:code', element: <InvoicePage /> },
      { path: '/billing/receipt/:code', element: <ReceiptPage /> },
      { path: '/subscription', element: <SubscriptionListPage /> },
      { path: '/subscription/document/:code', element: <SubscriptionDocumentPage kind="invoice" /> },
      { path: '/subscription/receipt/:code', element: <SubscriptionDocumentPage kind="receipt" /> },
      { path: '/subscription/certificate/:code', element: <SubscriptionDocumentPage kind="certificate" /> },
      { path: '/payment-history', element: <PaymentHistoryPage /> },
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/profile', element: <ProfilePage /> },
      { path: '/profile/profileConfirm', element: <ProfileConfirmPage /> },
      { path: '/checklist/type/:type', element: <ChecklistPage /> },
      { path: '/checklist/component/:name', element: <ChecklistComponentPage /> },
      { path: '/initiate-profile', element: <InitiatePage firm={false} /> },
      { path: '/initiate-firm', element: <InitiatePage firm /> },
      { path: '/application', element: <ApplicationListPage /> },
      { path: '/application/:kind/:code', element: <DocumentPage /> },
      { path: '/profile/RefereeFormReport/:entryNo', element: <RefereeReportPage /> },
      ...eventRoutes,
      ...adminEventRoutes,
      ...cpdRoutes,
      ...adminCpdRoutes,
      ...upgradeRoutes,
      ...adminUpgradeRoutes,
      ...licenseRoutes,
      ...adminLicenseRoutes,
      {
        path: '/admin/applications',
        element: (
          <AdminGuard approvers>
            <ReviewQueuePage />
          </AdminGuard>
        ),
      },
      {
        path: '/admin/applications/:code',
        element: (
          <AdminGuard approvers>
            <ReviewApplicationPage />
          </AdminGuard>
        ),
      },
      {
        path: '/admin/members',
        element: (
          <AdminGuard approvers>
            <MembersPage />
          </AdminGuard>
        ),
      },
      {
        path: '/admin/billing',
        element: (
          <AdminGuard>
            <AdminBillingPage />
          </AdminGuard>
        ),
      },
      { path: '/admin', element: <AdminIndex /> },
      {
        path: '/admin/settings',
        element: (
          <AdminGuard mainOnly>
            <AdminSettingsPage />
          </AdminGuard>
        ),
      },
      {
        path: '/admin/user-settings',
        element: (
          <AdminGuard>
            <UsersPage />
          </AdminGuard>
        ),
      },
      {
        path: '/admin/requirements',
        element: (
          <AdminGuard mainOnly>
            <RequirementsPage />
          </AdminGuard>
        ),
      },
      {
        path: '/admin/audit',
        element: (
          <AdminGuard>
            <AuditPage />
          </AdminGuard>
        ),
      },
    ],
  },
  { path: '/profile/response/:user?/:code?', element: <RefereeResponsePage /> },
  { path: '/referee-response/response/:user?/:code?', element: <OneClickResponsePage /> },
  {
    path: '/search',
    element: <SearchLayout />,
    children: [
      { index: true, element: <Navigate to="/search/search-list" replace /> },
      { path: 'search-list', element: <SearchListPage /> },
      { path: 'search-card/:code', element: <SearchCardPage /> },
      { path: 'verify/:documentNo', element: <VerifyDocumentPage /> },
    ],
  },
  { path: '/dev/outbox', element: <OutboxPage /> },
  { path: '/initiate', element: <Navigate to="/initiate-profile" replace /> },
  { path: '/initiateFirm', element: <Navigate to="/initiate-firm" replace /> },
  { path: '*', element: <NotFoundPage /> },
]);
