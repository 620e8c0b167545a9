import type { RouteObject } from 'react-router';
import { AdminGuard } from '../admin/admin-guard';
import { AdminCpdPage } from './admin-cpd-page';
import { CpdDocumentPage } from './cpd-document-page';
import { CpdPage } from './cpd-page';

/** Members' CPD pages (issue 12): /cpd, a CPD certificate and the yearly statement. */
export const cpdRoutes: RouteObject[] = [
  { path: '/cpd', element: <CpdPage /> },
  { path: '/cpd/certificate/:certificateNo', element: <CpdDocumentPage kind="certificate" /> },
  { path: '/cpd/statement/:year', element: <CpdDocumentPage kind="statement" /> },
];

/** The back office's CPD pages: outside activities to decide, compliance, requirements. */
export const adminCpdRoutes: RouteObject[] = [
  {
    path: '/admin/cpd',
    element: (
      <AdminGuard approvers>
        <AdminCpdPage />
      </AdminGuard>
    ),
  },
];
