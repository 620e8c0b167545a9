import * as z from 'zod';
import {
  ADMIN_BOOKINGS_PAGE_SIZE,
  ADMIN_EVENTS_PAGE_SIZE,
  ATTENDANCE_OUTCOMES,
  BOOKING_STATUSES,
  EVENT_STATUSES,
  EVENT_TYPES,
  eventMessages,
} from './events-values';
import { TEXT_LIMITS as L } from './limits';
import { messages } from './messages';

export * from './events-values';

const requiredText = (max: number, required: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, messages.valueTooLong);
const date = z.iso.date({ error: eventMessages.dateRequired }).max(L.short, messages.valueTooLong);
const time = z
  .string({ error: eventMessages.timeInvalid })
  .max(L.short, messages.valueTooLong)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, eventMessages.timeInvalid);
const kes = z.number({ error: eventMessages.feeInvalid }).min(0, eventMessages.feeInvalid).max(10_000_000, eventMessages.feeInvalid);

/** What an administrator creates or edits (`POST admin/events`, `POST admin/events/{no}`). */
export const eventInput = z
  .object({
    description: requiredText(L.text, eventMessages.descriptionRequired),
    details: z.string().trim().max(L.description, messages.valueTooLong).default(''),
    startDate: date,
    endDate: date,
    startTime: time,
    endTime: time,
    location: requiredText(L.text, eventMessages.locationRequired),
    eventType: z.enum(EVENT_TYPES),
    isWebinar: z.boolean().default(false),
    cpdHours: z.number({ error: eventMessages.pointsInvalid }).min(0, eventMessages.pointsInvalid).max(100, eventMessages.pointsInvalid),
    /** Counts towards the structured share of the CPD requirement. */
    structured: z.boolean().default(true),
    providers: z.array(z.string().trim().min(1).max(L.text, messages.valueTooLong)).max(10, eventMessages.providerTooMany).default([]),
    capacity: z.number().int(eventMessages.capacityInvalid).min(1, eventMessages.capacityInvalid).max(100_000).nullable().default(null),
    /** An ISO date-time; null: until the start. */
    bookingDeadline: z.iso.datetime({ offset: true }).max(L.short, messages.valueTooLong).nullable().default(null),
    /** Category code → fee in KES (0 or missing: free for that category). */
    fees: z.record(z.string().max(L.code, messages.valueTooLong), kes).default({}),
  })
  .superRefine((value, ctx) => {
    const start = `${value.startDate}T${value.startTime}`;
    const end = `${value.endDate}T${value.endTime}`;
    if (end < start) ctx.addIssue({ code: 'custom', path: ['endDate'], message: eventMessages.endBeforeStart });
    if (value.bookingDeadline && new Date(value.bookingDeadline).getTime() > Date.parse(`${start}:00+03:00`)) {
      ctx.addIssue({ code: 'custom', path: ['bookingDeadline'], message: eventMessages.deadlineAfterStart });
    }
  });
export type EventInput = z.input<typeof eventInput>;

export const eventNoParam = z.object({ no: z.string().min(1).max(L.code, messages.valueTooLong) });
export const bookingNoParam = z.object({ bookingNo: z.string().min(1).max(L.code, messages.valueTooLong) });

/** `POST admin/events/{no}/attendance`: booking numbers, ticket numbers or the ticket QR's address, as scanned or typed. */
export const attendanceRequest = z.object({
  bookingNos: z.array(z.string().trim().min(1).max(L.routeCode, messages.valueTooLong)).min(1, eventMessages.bookingNosRequired).max(5000),
});

/** `GET admin/events`: a page of events, newest start first, by status, start date and a search. */
export const adminEventsQuery = z.object({
  status: z.enum(EVENT_STATUSES).optional(),
  /** Words of the event number, description, location or providers. */
  search: z
    .string()
    .trim()
    .max(L.text, messages.valueTooLong)
    .optional()
    .transform((v) => v || undefined),
  /** Events starting on or after this day. */
  from: z.iso.date().max(L.short, messages.valueTooLong).optional(),
  /** Events starting on or before this day. */
  to: z.iso.date().max(L.short, messages.valueTooLong).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(ADMIN_EVENTS_PAGE_SIZE),
});
export type AdminEventsQuery = z.input<typeof adminEventsQuery>;

export const eventProviderSchema = z.object({ name: z.string() });

/** An event as members see it (part 2 §3 'Event') with what booking needs. */
export const eventSchema = z.object({
  no: z.string(),
  description: z.string(),
  details: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  location: z.string(),
  eventType: z.enum(EVENT_TYPES),
  isWebinar: z.boolean(),
  cpdHours: z.number(),
  structured: z.boolean(),
  /** The logo or banner (`GET events/{no}/logo`), or null; the spec's base64Logo is served as a cached file instead. */
  logoUrl: z.string().nullable(),
  eventProviders: z.array(eventProviderSchema),
  capacity: z.number().nullable(),
  /** Null when there is no limit. */
  seatsLeft: z.number().nullable(),
  bookingDeadline: z.string().nullable(),
  status: z.enum(EVENT_STATUSES),
  /** The fee for the caller's membership category, KES (0: free). */
  fee: z.number(),
  /** Whether the caller can book now, and if not why (the message). */
  bookable: z.boolean(),
  notBookableReason: z.string().nullable(),
  /** The caller's live booking of this event, if any. */
  bookingNo: z.string().nullable(),
});
export type EventDto = z.infer<typeof eventSchema>;

/** An event as administrators see it: every category's fee and the booking counts. */
export const adminEventSchema = eventSchema.omit({ fee: true, bookable: true, notBookableReason: true, bookingNo: true }).extend({
  fees: z.record(z.string(), z.number()),
  booked: z.number(),
  attended: z.number(),
  awarded: z.number(),
  /** The start has passed, so the event can be closed. */
  started: z.boolean(),
  /** Attendance can be taken: from the day of the event (Nairobi). */
  attendanceOpen: z.boolean(),
  /** When check-in opens: CHECK_IN_OPENS_MINUTES before the start (ISO instant). */
  attendanceOpensAt: z.string(),
  publishedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type AdminEvent = z.infer<typeof adminEventSchema>;

export const adminEventsPage = z.object({
  events: z.array(adminEventSchema),
  /** Events matching the search and filters. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminEventsPage = z.infer<typeof adminEventsPage>;

/** A booking (part 2 §3 'Event booking'), as the member's Booked Events table and the booking page read it. */
export const bookingSchema = z.object({
  bookingNo: z.string(),
  eventNo: z.string(),
  eventDescription: z.string(),
  location: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  eventType: z.enum(EVENT_TYPES),
  status: z.enum(BOOKING_STATUSES),
  /** The booking holds a seat (not cancelled): view is offered. */
  isActive: z.boolean(),
  amount: z.number(),
  billed: z.boolean(),
  paid: z.boolean(),
  receiptNo: z.string().nullable(),
  proformaInvoiceNo: z.string().nullable(),
  /** The ticket's document number (its QR opens the verification page). */
  ticketNo: z.string().nullable(),
  attended: z.boolean(),
  /** Cancelling is possible: not cancelled, not closed, and the event has not started. */
  cancellable: z.boolean(),
  createdAt: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** A booking as administrators see it on the event's bookings and attendance pages. */
export const adminBookingSchema = bookingSchema.extend({
  memberNo: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  attendedAt: z.string().nullable(),
  cpdCertificateNo: z.string().nullable(),
});
export type AdminBooking = z.infer<typeof adminBookingSchema>;

/** `GET /api/admin/events/{no}/bookings`: a page of an event's bookings, by number, with a search and filters. */
export const adminBookingsQuery = z.object({
  /** Booking number, member number, name or e-mail. */
  search: z
    .string()
    .trim()
    .max(100, messages.valueTooLong)
    .optional()
    .transform((v) => v || undefined),
  status: z.enum(BOOKING_STATUSES).optional(),
  attended: z.enum(['yes', 'no']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(ADMIN_BOOKINGS_PAGE_SIZE),
});
export type AdminBookingsQuery = z.input<typeof adminBookingsQuery>;

export const adminBookingsPage = z.object({
  bookings: z.array(adminBookingSchema),
  /** Bookings matching the search and filters. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminBookingsPage = z.infer<typeof adminBookingsPage>;

/** What `POST events/{no}/book` answers: the booking and, for a paid event, the invoice to pay. */
export const bookResultSchema = z.object({ booking: bookingSchema, message: z.string() });
export const attendanceResultSchema = z.object({
  results: z.array(
    z.object({
      value: z.string(),
      outcome: z.enum(ATTENDANCE_OUTCOMES),
      bookingNo: z.string().nullable(),
      name: z.string().nullable(),
    }),
  ),
  checkedIn: z.number(),
});
export type AttendanceResult = z.infer<typeof attendanceResultSchema>;

/** What closing answers: how many attendees were awarded now (closing again awards nobody twice). */
export const closeEventResultSchema = z.object({ event: adminEventSchema, awarded: z.number(), attendees: z.number() });
