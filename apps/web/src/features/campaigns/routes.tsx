import type { ReactNode } from 'react';
import { lazyPage, type PageRoute } from '../../shared/routing/lazy-page';
import { AdminGuard } from '../admin/admin-guard';

// Approvers reach them when the settings allow; the API refuses them otherwise (approver_campaigns).
const admin = (page: ReactNode) => <AdminGuard approvers>{page}</AdminGuard>;

/** Administrators' campaign pages (issue 29): the list, the editor and a campaign with its recipients. */
export const adminCampaignRoutes: PageRoute[] = [
  {
    path: '/admin/campaigns',
    ...lazyPage(
      () => import('./campaigns-page'),
      (m) => admin(<m.CampaignsPage />),
    ),
  },
  {
    path: '/admin/campaigns/new',
    ...lazyPage(
      () => import('./campaign-form-page'),
      (m) => admin(<m.CampaignFormPage />),
    ),
  },
  {
    path: '/admin/campaigns/:no/edit',
    ...lazyPage(
      () => import('./campaign-form-page'),
      (m) => admin(<m.CampaignFormPage />),
    ),
  },
  {
    path: '/admin/campaigns/:no',
    ...lazyPage(
      () => import('./campaign-page'),
      (m) => admin(<m.CampaignPage />),
    ),
  },
];
