import type { RouteObject } from 'react-router';

/** Members' upgrade pages (issue 13): /upgrade and its plan, card, checklist and document routes. */
export const upgradeRoutes: RouteObject[] = [];

/** The main administrator's upgrade plans: /admin/upgrade-plans. */
export const adminUpgradeRoutes: RouteObject[] = [];
