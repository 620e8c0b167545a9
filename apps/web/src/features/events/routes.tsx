import type { RouteObject } from 'react-router';

/** Members' event pages (issue 12): /events and the booking pages. */
export const eventRoutes: RouteObject[] = [];

/** Administrators' event pages: /admin/events, an event's bookings and attendance. */
export const adminEventRoutes: RouteObject[] = [];
