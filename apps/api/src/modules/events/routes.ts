import {
  type AuditAction,
  adminBookingsPage,
  adminBookingsQuery,
  adminEventSchema,
  adminEventsPage,
  adminEventsQuery,
  attendanceRequest,
  attendanceResultSchema,
  bookingNoParam,
  bookingSchema,
  bookResultSchema,
  closeEventResultSchema,
  EVENT_LOGO_MAX_BYTES,
  eventInput,
  eventNoParam,
  eventSchema,
  messages,
  pdfResponseSchema,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { audit } from '../../shared/audit';
import type { AppContext } from '../../shared/context';
import { currentUser, requireAdmin, requireUser } from '../../shared/session';
import { uploadsOf } from '../../shared/uploads';
import { adminEvent, cancelEvent, createEvent, publishEvent, updateEvent } from './admin';
import { eventBookingsPage } from './admin-bookings';
import { eventsPage } from './admin-events';
import { recordAttendance } from './attendance';
import { bookEvent, cancelBooking, memberEvent, myBookings, readBooking, ticketPdf, upcomingEvents } from './booking';
import { closeEvent } from './close';
import { readLogo, saveLogo } from './logo';
import { eventOr404 } from './model';

const tags = ['events'];
const security = [{ bearer: [] }];
const data = <T extends z.ZodType>(schema: T) => ({ 200: z.object({ data: schema }) });

const record = (ctx: AppContext, req: FastifyRequest, action: AuditAction, target: string, details: Record<string, unknown> = {}) =>
  audit(ctx.db, req, { action, target: `event:${target}`, details });

/** Events (issue 12): administrators' `admin/events…` and members' `events…`. */
export function eventRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const signedIn = { onRequest: requireUser };
  const admin = { onRequest: requireAdmin };

  return async (app) => {
    /* ---------------------------------------------------------------------------------------- members --- */
    app.get(
      '/events/all_events',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: "Upcoming events (published, ending today or later), soonest first, with the caller's fee, seats and booking",
          response: data(z.array(eventSchema)),
        },
      },
      async (req) => ({ data: await upcomingEvents(ctx, currentUser(req)) }),
    );

    app.get(
      '/events',
      {
        ...signedIn,
        schema: { tags, security, summary: "The caller's bookings, newest first", response: data(z.array(bookingSchema)) },
      },
      async (req) => ({ data: await myBookings(ctx, currentUser(req)) }),
    );

    app.get(
      '/events/bookings/:bookingNo',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: "One booking: the caller's own (404 for anyone else's), any for the back office",
          params: bookingNoParam,
          response: data(bookingSchema),
        },
      },
      async (req) => ({ data: await readBooking(ctx, currentUser(req), req.params.bookingNo) }),
    );

    app.get(
      '/events/bookings/:bookingNo/ticket',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: "The booking's ticket PDF (base64) with its QR code; none for a cancelled booking",
          params: bookingNoParam,
          response: { 200: pdfResponseSchema },
        },
      },
      async (req) => ({ data: await ticketPdf(ctx, currentUser(req), req.params.bookingNo) }),
    );

    app.post(
      '/events/bookings/:bookingNo/cancel',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: "Cancels the caller's booking before the event starts: the seat is freed and an invoice credited in full",
          params: bookingNoParam,
          response: data(bookResultSchema),
        },
      },
      async (req) => ({ data: await cancelBooking(ctx, currentUser(req), req.params.bookingNo) }),
    );

    app.get(
      '/events/:no',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'One event as members see it (never a draft)',
          params: eventNoParam,
          response: data(eventSchema),
        },
      },
      async (req) => ({ data: await memberEvent(ctx, currentUser(req), req.params.no) }),
    );

    app.get(
      '/events/:no/logo',
      {
        schema: {
          tags,
          summary: "The event's logo or banner image (no sign-in: image tags send no token); cached for a day",
          params: eventNoParam,
          querystring: z.object({ v: z.string().max(50, messages.valueTooLong).optional() }),
        },
      },
      async (req, reply) => {
        const logo = await readLogo(ctx, req.params.no);
        return reply
          .type(logo.type)
          .header('cache-control', 'public, max-age=86400')
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', 'inline')
          .send(logo.bytes);
      },
    );

    app.post(
      '/events/:no/book',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary:
            'Books a seat: free events at once (open), paid ones raise an invoice (billed) paid through the checkout; one live booking per member',
          params: eventNoParam,
          response: data(bookResultSchema),
        },
      },
      async (req) => ({ data: await bookEvent(ctx, currentUser(req), req.params.no) }),
    );

    /* --------------------------------------------------------------------------------- administrators --- */
    app.get(
      '/admin/events',
      {
        ...admin,
        schema: {
          tags,
          security,
          summary: 'A page of events, newest start first, by status, start date and search, with booked, attended and awarded counts',
          querystring: adminEventsQuery,
          response: data(adminEventsPage),
        },
      },
      async (req) => ({ data: await eventsPage(ctx, req.query) }),
    );

    app.post(
      '/admin/events',
      {
        ...admin,
        schema: {
          tags,
          security,
          summary: 'Creates an event as a draft (number EVT…)',
          body: eventInput,
          response: data(adminEventSchema),
        },
      },
      async (req) => {
        const event = await createEvent(ctx, req.body, currentUser(req).id);
        await record(ctx, req, 'event.created', event.no, { description: event.description });
        return { data: event };
      },
    );

    app.get(
      '/admin/events/:no',
      {
        ...admin,
        schema: {
          tags,
          security,
          summary: 'One event with every fee and its counts',
          params: eventNoParam,
          response: data(adminEventSchema),
        },
      },
      async (req) => ({ data: await adminEvent(ctx, await eventOr404(ctx.db, req.params.no)) }),
    );

    app.post(
      '/admin/events/:no',
      {
        ...admin,
        schema: {
          tags,
          security,
          summary: 'Edits an event (not once closed or cancelled; capacity never below the seats booked)',
          params: eventNoParam,
          body: eventInput,
          response: data(adminEventSchema),
        },
      },
      async (req) => {
        const event = await updateEvent(ctx, req.params.no, req.body);
        await record(ctx, req, 'event.updated', event.no);
        return { data: event };
      },
    );

    app.post(
      '/admin/events/:no/logo',
      {
        ...admin,
        config: { form: { files: 1, fileSize: EVENT_LOGO_MAX_BYTES } },
        schema: {
          tags,
          security,
          summary: 'Form data with one file field "logo": a PNG, JPEG or WebP of at most 2 MB (checked by content, re-encoded)',
          consumes: ['multipart/form-data'],
          params: eventNoParam,
          response: data(adminEventSchema),
        },
      },
      async (req) => {
        const event = await saveLogo(ctx, req.params.no, uploadsOf(req, 'logo')[0]);
        await record(ctx, req, 'event.logo_saved', event.no);
        return { data: event };
      },
    );

    app.post(
      '/admin/events/:no/publish',
      { ...admin, schema: { tags, security, summary: 'Publishes a draft', params: eventNoParam, response: data(adminEventSchema) } },
      async (req) => {
        const event = await publishEvent(ctx, req.params.no);
        await record(ctx, req, 'event.published', event.no);
        return { data: event };
      },
    );

    app.post(
      '/admin/events/:no/cancel',
      {
        ...admin,
        schema: {
          tags,
          security,
          summary: 'Cancels an event (not once closed): every live booking is cancelled and credited, and the bookers told',
          params: eventNoParam,
          response: data(adminEventSchema),
        },
      },
      async (req) => {
        const { event, cancelledBookings } = await cancelEvent(ctx, req.params.no, currentUser(req).id);
        await record(ctx, req, 'event.cancelled', event.no, { cancelledBookings });
        return { data: event };
      },
    );

    app.get(
      '/admin/events/:no/bookings',
      {
        ...admin,
        schema: {
          tags,
          security,
          summary: "A page of the event's bookings with member, e-mail, attendance and CPD certificate; search and filters",
          params: eventNoParam,
          querystring: adminBookingsQuery,
          response: data(adminBookingsPage),
        },
      },
      async (req) => ({ data: await eventBookingsPage(ctx, req.params.no, req.query) }),
    );

    app.post(
      '/admin/events/:no/attendance',
      {
        ...admin,
        schema: {
          tags,
          security,
          summary: 'Checks people in by booking number, ticket number or the ticket QR address; each value gets its outcome',
          params: eventNoParam,
          body: attendanceRequest,
          response: data(attendanceResultSchema),
        },
      },
      async (req) => {
        const result = await recordAttendance(ctx, req.params.no, req.body.bookingNos, currentUser(req).id);
        if (result.checkedIn > 0) await record(ctx, req, 'event.attendance', req.params.no.toUpperCase(), { checkedIn: result.checkedIn });
        return { data: result };
      },
    );

    app.post(
      '/admin/events/:no/close',
      {
        ...admin,
        schema: {
          tags,
          security,
          summary:
            'Closes a started event: CPD points and a certificate for every attendee, exactly once (closing again awards late ones only)',
          params: eventNoParam,
          response: data(closeEventResultSchema),
        },
      },
      async (req) => {
        const result = await closeEvent(ctx, req.params.no);
        await record(ctx, req, 'event.closed', result.event.no, { awarded: result.awarded, attendees: result.attendees });
        return { data: result };
      },
    );
  };
}
