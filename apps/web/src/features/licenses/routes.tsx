import type { RouteObject } from 'react-router';

/** Members' licence pages (issue 13): /license, the wizard, the document and invoice screens. */
export const licenseRoutes: RouteObject[] = [];

/** The back office's licence register: /admin/licenses. */
export const adminLicenseRoutes: RouteObject[] = [];
