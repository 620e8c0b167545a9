import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { AdminGuard } from '../admin/admin-guard';
import { AdminEventPage } from './admin-event-page';
import { AdminEventsPage } from './admin-events-page';
import { AttendancePage } from './attendance-page';
import { BookingPage } from './booking-page';
import { EventFormPage } from './event-form-page';
import { EventPage } from './event-page';
import { EventsPage } from './events-page';
import { TicketPage } from './ticket-page';

/** Members' event pages (issue 12): /events and the booking pages. */
export const eventRoutes: RouteObject[] = [
  { path: '/events', element: <EventsPage /> },
  { path: '/events/booking/:bookingNo', element: <BookingPage /> },
  { path: '/events/ticket/:bookingNo', element: <TicketPage /> },
  { path: '/events/:no', element: <EventPage /> },
];

const admin = (page: ReactNode) => <AdminGuard>{page}</AdminGuard>;

/** Administrators' event pages: /admin/events, an event's form, bookings and attendance. */
export const adminEventRoutes: RouteObject[] = [
  { path: '/admin/events', element: admin(<AdminEventsPage />) },
  { path: '/admin/events/new', element: admin(<EventFormPage />) },
  { path: '/admin/events/:no/edit', element: admin(<EventFormPage />) },
  { path: '/admin/events/:no/attendance', element: admin(<AttendancePage />) },
  { path: '/admin/events/:no', element: admin(<AdminEventPage />) },
];
