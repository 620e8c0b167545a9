import type { RouteObject } from 'react-router';
import { AdminGuard } from '../admin/admin-guard';
import { AdminPlansPage } from './admin-plans-page';
import { CardPage } from './card-page';
import { UpgradeChecklistPage } from './checklist-page';
import { PlanPage } from './plan-page';
import { UpgradeDocumentPage } from './upgrade-document-page';
import { UpgradeListPage } from './upgrade-list-page';

/** Members' upgrade pages (issue 13): /upgrade and its plan, card, checklist and document routes. */
export const upgradeRoutes: RouteObject[] = [
  { path: '/upgrade', element: <UpgradeListPage /> },
  { path: '/upgrade/plan', element: <PlanPage /> },
  { path: '/upgrade/card', element: <CardPage /> },
  { path: '/upgrade/checklist/:code', element: <UpgradeChecklistPage /> },
  { path: '/upgrade/document/:code', element: <UpgradeDocumentPage kind="report" /> },
  { path: '/upgrade/acceptance-letter/:code', element: <UpgradeDocumentPage kind="letter" /> },
];

/** The main administrator's upgrade plans: /admin/upgrade-plans. */
export const adminUpgradeRoutes: RouteObject[] = [
  {
    path: '/admin/upgrade-plans',
    element: (
      <AdminGuard mainOnly>
        <AdminPlansPage />
      </AdminGuard>
    ),
  },
];
