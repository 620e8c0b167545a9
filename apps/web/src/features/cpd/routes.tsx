import type { RouteObject } from 'react-router';

/** Members' CPD pages (issue 12): /cpd. */
export const cpdRoutes: RouteObject[] = [];

/** The back office's CPD pages: outside activities to decide, compliance, requirements. */
export const adminCpdRoutes: RouteObject[] = [];
