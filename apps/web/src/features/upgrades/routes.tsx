import { lazyPage, type PageRoute } from '../../shared/routing/lazy-page';
import { AdminGuard } from '../admin/admin-guard';

/** Members' upgrade pages (issue 13): /upgrade and its plan, card, checklist and document routes. */
export const upgradeRoutes: PageRoute[] = [
  {
    path: '/upgrade',
    ...lazyPage(
      () => import('./upgrade-list-page'),
      (m) => <m.UpgradeListPage />,
    ),
  },
  {
    path: '/upgrade/plan',
    ...lazyPage(
      () => import('./plan-page'),
      (m) => <m.PlanPage />,
    ),
  },
  {
    path: '/upgrade/card',
    ...lazyPage(
      () => import('./card-page'),
      (m) => <m.CardPage />,
    ),
  },
  {
    path: '/upgrade/checklist/:code',
    ...lazyPage(
      () => import('./checklist-page'),
      (m) => <m.UpgradeChecklistPage />,
    ),
  },
  {
    path: '/upgrade/document/:code',
    ...lazyPage(
      () => import('./upgrade-document-page'),
      (m) => <m.UpgradeDocumentPage kind="report" />,
    ),
  },
  {
    path: '/upgrade/acceptance-letter/:code',
    ...lazyPage(
      () => import('./upgrade-document-page'),
      (m) => <m.UpgradeDocumentPage kind="letter" />,
    ),
  },
];

/** The main administrator's upgrade plans: /admin/upgrade-plans. */
export const adminUpgradeRoutes: PageRoute[] = [
  {
    path: '/admin/upgrade-plans',
    ...lazyPage(
      () => import('./admin-plans-page'),
      (m) => (
        <AdminGuard mainOnly>
          <m.AdminPlansPage />
        </AdminGuard>
      ),
    ),
  },
];
