import { lazyPage, type PageRoute } from '../../shared/routing/lazy-page';
import { AdminGuard } from '../admin/admin-guard';

/** Members' CPD pages (issue 12): /cpd, a CPD certificate and the yearly statement. */
export const cpdRoutes: PageRoute[] = [
  {
    path: '/cpd',
    ...lazyPage(
      () => import('./cpd-page'),
      (m) => <m.CpdPage />,
    ),
  },
  {
    path: '/cpd/certificate/:certificateNo',
    ...lazyPage(
      () => import('./cpd-document-page'),
      (m) => <m.CpdDocumentPage kind="certificate" />,
    ),
  },
  {
    path: '/cpd/statement/:year',
    ...lazyPage(
      () => import('./cpd-document-page'),
      (m) => <m.CpdDocumentPage kind="statement" />,
    ),
  },
];

/** The back office's CPD pages: outside activities to decide, compliance, requirements. */
export const adminCpdRoutes: PageRoute[] = [
  {
    path: '/admin/cpd',
    ...lazyPage(
      () => import('./admin-cpd-page'),
      (m) => (
        <AdminGuard approvers>
          <m.AdminCpdPage />
        </AdminGuard>
      ),
    ),
  },
];
