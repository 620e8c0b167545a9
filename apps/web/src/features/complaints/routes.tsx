import type { ReactNode } from 'react';
import { lazyPage, type PageRoute } from '../../shared/routing/lazy-page';
import { AdminGuard } from '../admin/admin-guard';

const staff = (page: ReactNode) => <AdminGuard approvers>{page}</AdminGuard>;

/** The public complaint pages (issue 30): the form and the complainant's tracking page, no sign-in. */
export const publicComplaintRoutes: PageRoute[] = [
  {
    path: '/complaints/new',
    ...lazyPage(
      () => import('./complaint-form-page'),
      (m) => <m.ComplaintFormPage />,
    ),
  },
  {
    path: '/complaints/track/:reference',
    ...lazyPage(
      () => import('./track-page'),
      (m) => <m.ComplaintTrackPage />,
    ),
  },
];

/** The engineer's complaints, in the signed-in shell. */
export const complaintRoutes: PageRoute[] = [
  {
    path: '/my-complaints',
    ...lazyPage(
      () => import('./my-complaints-page'),
      (m) => <m.MyComplaintsPage />,
    ),
  },
];

/** The back office's queue and case, for administrators and approvers. */
export const adminComplaintRoutes: PageRoute[] = [
  {
    path: '/admin/complaints',
    ...lazyPage(
      () => import('./complaints-page'),
      (m) => staff(<m.ComplaintsPage />),
    ),
  },
  {
    path: '/admin/complaints/:reference',
    ...lazyPage(
      () => import('./complaint-page'),
      (m) => staff(<m.ComplaintPage />),
    ),
  },
];
