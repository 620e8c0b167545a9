import { lazyPage, type PageRoute } from '../../shared/routing/lazy-page';
import { AdminGuard } from '../admin/admin-guard';

/** Members' licence pages (issue 13): /license, the wizard, the document and invoice screens. */
export const licenseRoutes: PageRoute[] = [
  {
    path: '/license',
    ...lazyPage(
      () => import('./license-list-page'),
      (m) => <m.LicenseListPage />,
    ),
  },
  {
    path: '/license/card/:code?',
    ...lazyPage(
      () => import('./license-wizard-page'),
      (m) => <m.LicenseWizardPage />,
    ),
  },
  {
    path: '/license/document/:code',
    ...lazyPage(
      () => import('./license-document-page'),
      (m) => <m.LicenseDocumentPage />,
    ),
  },
  {
    path: '/license/invoice/:code',
    ...lazyPage(
      () => import('./license-pdf-page'),
      (m) => <m.LicensePdfPage kind="proforma" />,
    ),
  },
  {
    path: '/license/certificate/:code',
    ...lazyPage(
      () => import('./license-pdf-page'),
      (m) => <m.LicensePdfPage kind="certificate" />,
    ),
  },
];

/** The back office's licence register: /admin/licenses. */
export const adminLicenseRoutes: PageRoute[] = [
  {
    path: '/admin/licenses',
    ...lazyPage(
      () => import('./admin-licenses-page'),
      (m) => (
        <AdminGuard>
          <m.AdminLicensesPage />
        </AdminGuard>
      ),
    ),
  },
];
