import type { ReactNode } from 'react';
import { lazyPage, type PageRoute } from '../../shared/routing/lazy-page';
import { AdminGuard } from '../admin/admin-guard';

/** Members' event pages (issue 12): /events and the booking pages. */
export const eventRoutes: PageRoute[] = [
  {
    path: '/events',
    ...lazyPage(
      () => import('./events-page'),
      (m) => <m.EventsPage />,
    ),
  },
  {
    path: '/events/booking/:bookingNo',
    ...lazyPage(
      () => import('./booking-page'),
      (m) => <m.BookingPage />,
    ),
  },
  {
    path: '/events/ticket/:bookingNo',
    ...lazyPage(
      () => import('./ticket-page'),
      (m) => <m.TicketPage />,
    ),
  },
  {
    path: '/events/:no',
    ...lazyPage(
      () => import('./event-page'),
      (m) => <m.EventPage />,
    ),
  },
];

const admin = (page: ReactNode) => <AdminGuard>{page}</AdminGuard>;

/** Administrators' event pages: /admin/events, an event's form, bookings and attendance. */
export const adminEventRoutes: PageRoute[] = [
  {
    path: '/admin/events',
    ...lazyPage(
      () => import('./admin-events-page'),
      (m) => admin(<m.AdminEventsPage />),
    ),
  },
  {
    path: '/admin/events/new',
    ...lazyPage(
      () => import('./event-form-page'),
      (m) => admin(<m.EventFormPage />),
    ),
  },
  {
    path: '/admin/events/:no/edit',
    ...lazyPage(
      () => import('./event-form-page'),
      (m) => admin(<m.EventFormPage />),
    ),
  },
  {
    path: '/admin/events/:no/attendance',
    ...lazyPage(
      () => import('./attendance-page'),
      (m) => admin(<m.AttendancePage />),
    ),
  },
  {
    path: '/admin/events/:no',
    ...lazyPage(
      () => import('./admin-event-page'),
      (m) => admin(<m.AdminEventPage />),
    ),
  },
];
