import type {
  AdminBookingsPage,
  AdminBookingsQuery,
  AdminEvent,
  AdminEventsPage,
  AdminEventsQuery,
  AttendanceResult,
  Booking,
  EventDto,
  EventInput,
} from '@portal/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { MONEY_KEY } from '../../shared/member/money';
import { useSession } from '../../shared/session/session-store';

/**
 * The member's event queries live under the money key: a payment at checkout refreshes every money query, so a
 * booking paid there shows as paid when the member comes back.
 */
const MEMBER_KEY = [MONEY_KEY, 'events'] as const;
/** Every administrator's event query starts with this key. */
export const ADMIN_EVENTS_KEY = 'admin-events';

const seg = (value: string) => encodeURIComponent(value);

/** A list's query string: the values given, the empty ones left out. */
function searchParams(query: object): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params;
}

export interface BookResult {
  booking: Booking;
  message: string;
}

export interface CloseResult {
  event: AdminEvent;
  awarded: number;
  attendees: number;
}

export const eventsApi = {
  upcoming: () => api.get<EventDto[]>('events/all_events'),
  event: (no: string) => api.get<EventDto>(`events/${seg(no)}`),
  bookings: () => api.get<Booking[]>('events'),
  book: (no: string) => api.post<BookResult>(`events/${seg(no)}/book`),
  booking: (bookingNo: string) => api.get<Booking>(`events/bookings/${seg(bookingNo)}`),
  cancel: (bookingNo: string) => api.post<BookResult>(`events/bookings/${seg(bookingNo)}/cancel`),
  ticket: (bookingNo: string) => api.get<string>(`events/bookings/${seg(bookingNo)}/ticket`),
};

export const adminEventsApi = {
  list: (query: AdminEventsQuery) => api.get<AdminEventsPage>(`admin/events?${searchParams(query)}`),
  event: (no: string) => api.get<AdminEvent>(`admin/events/${seg(no)}`),
  create: (body: EventInput) => api.post<AdminEvent>('admin/events', body),
  update: (no: string, body: EventInput) => api.post<AdminEvent>(`admin/events/${seg(no)}`, body),
  uploadLogo: (no: string, file: File) => {
    const form = new FormData();
    form.append('logo', file);
    return api.post<AdminEvent>(`admin/events/${seg(no)}/logo`, form);
  },
  publish: (no: string) => api.post<AdminEvent>(`admin/events/${seg(no)}/publish`),
  cancel: (no: string) => api.post<AdminEvent>(`admin/events/${seg(no)}/cancel`),
  close: (no: string) => api.post<CloseResult>(`admin/events/${seg(no)}/close`),
  bookings: (no: string, query: AdminBookingsQuery) =>
    api.get<AdminBookingsPage>(`admin/events/${seg(no)}/bookings?${searchParams(query)}`),
  attendance: (no: string, bookingNos: string[]) => api.post<AttendanceResult>(`admin/events/${seg(no)}/attendance`, { bookingNos }),
};

// Members ----------------------------------------------------------------------------------------------------------

function useUserId() {
  return useSession()?.user.id;
}

/** `GET events/all_events`: the upcoming events with the caller's fee and booking. */
export function useUpcomingEvents() {
  const id = useUserId();
  return useQuery({ queryKey: [...MEMBER_KEY, 'upcoming', id], queryFn: eventsApi.upcoming });
}

/** `GET events`: the caller's bookings. */
export function useMyBookings(enabled = true) {
  const id = useUserId();
  return useQuery({ queryKey: [...MEMBER_KEY, 'bookings', id], queryFn: eventsApi.bookings, enabled });
}

/** `GET events/{no}`. */
export function useEvent(no: string | undefined) {
  const id = useUserId();
  return useQuery({
    queryKey: [...MEMBER_KEY, 'event', id, no],
    queryFn: () => eventsApi.event(no ?? ''),
    enabled: Boolean(no),
    retry: false,
  });
}

/** `GET events/bookings/{bookingNo}`. */
export function useBooking(bookingNo: string | null | undefined) {
  const id = useUserId();
  return useQuery({
    queryKey: [...MEMBER_KEY, 'booking', id, bookingNo],
    queryFn: () => eventsApi.booking(bookingNo ?? ''),
    enabled: Boolean(bookingNo),
    retry: false,
  });
}

/** `GET events/bookings/{bookingNo}/ticket`: the ticket as base64 PDF. */
export function useTicket(bookingNo: string | undefined) {
  const id = useUserId();
  return useQuery({
    queryKey: [...MEMBER_KEY, 'ticket', id, bookingNo],
    queryFn: () => eventsApi.ticket(bookingNo ?? ''),
    enabled: Boolean(bookingNo),
    retry: false,
  });
}

/** Puts a booking the server just answered into the cache, so its page shows it without asking again. */
export function useSeedBooking() {
  const queryClient = useQueryClient();
  const id = useUserId();
  return (booking: Booking) => queryClient.setQueryData([...MEMBER_KEY, 'booking', id, booking.bookingNo], booking);
}

/** After booking or cancelling: events, bookings and every money query (an invoice or a credit note was posted). */
export function useRefreshEvents() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [MONEY_KEY] });
}

// Administrators ---------------------------------------------------------------------------------------------------

/** A page of the administrators' events (with its search and filters); the page shown stays while the next one loads. */
export function useAdminEvents(query: AdminEventsQuery) {
  return useQuery({
    queryKey: [ADMIN_EVENTS_KEY, 'list', query],
    queryFn: () => adminEventsApi.list(query),
    placeholderData: keepPreviousData,
  });
}

export function useAdminEvent(no: string | undefined) {
  return useQuery({
    queryKey: [ADMIN_EVENTS_KEY, 'event', no],
    queryFn: () => adminEventsApi.event(no ?? ''),
    enabled: Boolean(no),
    retry: false,
  });
}

/** A page of an event's bookings (with its search and filters); the page shown stays while the next one loads. */
export function useAdminBookings(no: string | undefined, query: AdminBookingsQuery) {
  return useQuery({
    queryKey: [ADMIN_EVENTS_KEY, 'bookings', no, query],
    queryFn: () => adminEventsApi.bookings(no ?? '', query),
    enabled: Boolean(no),
    placeholderData: keepPreviousData,
  });
}

export function useRefreshAdminEvents() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [ADMIN_EVENTS_KEY] });
}
