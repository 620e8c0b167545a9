import type { RouteObject } from 'react-router';
import { AdminGuard } from '../admin/admin-guard';
import { AdminLicensesPage } from './admin-licenses-page';
import { LicenseDocumentPage } from './license-document-page';
import { LicenseListPage } from './license-list-page';
import { LicensePdfPage } from './license-pdf-page';
import { LicenseWizardPage } from './license-wizard-page';

/** Members' licence pages (issue 13): /license, the wizard, the document and invoice screens. */
export const licenseRoutes: RouteObject[] = [
  { path: '/license', element: <LicenseListPage /> },
  { path: '/license/card/:code?', element: <LicenseWizardPage /> },
  { path: '/license/document/:code', element: <LicenseDocumentPage /> },
  { path: '/license/invoice/:code', element: <LicensePdfPage kind="proforma" /> },
  { path: '/license/certificate/:code', element: <LicensePdfPage kind="certificate" /> },
];

/** The back office's licence register: /admin/licenses. */
export const adminLicenseRoutes: RouteObject[] = [
  {
    path: '/admin/licenses',
    element: (
      <AdminGuard>
        <AdminLicensesPage />
      </AdminGuard>
    ),
  },
];
