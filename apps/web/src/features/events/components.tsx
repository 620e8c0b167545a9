import {
  ArrowBack,
  CalendarMonth,
  Cancel as CancelIcon,
  ConfirmationNumber,
  Groups,
  OpenInNew,
  Place,
  ReceiptLong,
  RequestQuote,
  Schedule,
  School,
  Videocam,
} from '@mui/icons-material';
import { Box, Button, Card, CardActions, CardContent, CircularProgress, Paper, Stack, type SxProps, Typography } from '@mui/material';
import {
  BOOKING_STATUS_COLORS,
  type Booking,
  EVENT_CARD,
  EVENT_TYPE_COLORS,
  EVENT_TYPE_LABELS,
  type EventDto,
  type EventType,
  formatKes,
  PAYMENT_DESCRIPTIONS,
} from '@portal/contract';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LiteChip } from '../../shared/lite/surfaces';
import { PayNowButton } from '../../shared/payments/pay-now-button';
import { invoiceRoute, receiptRoute } from '../../shared/payments/routes';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { LazyAlert } from '../../shared/ui/lazy-alert';
import { LoadingSpinner } from '../../shared/ui/loading';
import { RowLinkButton } from '../../shared/ui/row-link-button';
import { useToast } from '../../shared/ui/toast';
import { eventsApi, useRefreshEvents } from './api';
import { BOOKING_STATUS_LABELS, bookingActions, eventDates, eventTimes, eventWeekday, feeLabel, pointsLabel, seatsLabel } from './rules';

export const eventRoute = (no: string) => `/events/${encodeURIComponent(no)}`;
export const bookingRoute = (bookingNo: string) => `/events/booking/${encodeURIComponent(bookingNo)}`;
export const ticketRoute = (bookingNo: string) => `/events/ticket/${encodeURIComponent(bookingNo)}`;
/** Where a paid booking returns after checkout: the Booked Events tab. */
export const BOOKED_TAB = '/events?tab=booked';

export function EventTypeChip({ type, size = 'small' }: { type: EventType; size?: 'small' | 'medium' }) {
  return <LiteChip size={size} label={EVENT_TYPE_LABELS[type]} bg={EVENT_TYPE_COLORS[type]} bold />;
}

export function BookingStatusChip({ status }: { status: Booking['status'] }) {
  return <LiteChip label={BOOKING_STATUS_LABELS[status]} bg={BOOKING_STATUS_COLORS[status]} bold />;
}

export function CpdBadge({ points }: { points: number }) {
  return <LiteChip icon={<School />} label={pointsLabel(points)} color="primary" variant="outlined" bold />;
}

export function WebinarTag() {
  return <LiteChip icon={<Videocam />} label="Webinar" variant="outlined" />;
}

/** An icon and a line of text, e.g. the location under a pin. */
export function InfoLine({ icon, children, sx }: { icon: ReactNode; children: ReactNode; sx?: SxProps }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', color: 'text.secondary', minWidth: 0, ...sx }}>
      <Box sx={{ display: 'flex', pt: '1px', '& svg': { fontSize: 18 } }}>{icon}</Box>
      <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** The event's picture: its logo, else a block in its type's colour with the type and first day. */
export function EventBanner({ event, height = EVENT_CARD.imageHeight }: { event: EventDto; height?: number }) {
  const [broken, setBroken] = useState(false);
  if (event.logoUrl && !broken) {
    return (
      <Box
        component="img"
        src={event.logoUrl}
        alt={`${event.description} banner`}
        onError={() => setBroken(true)}
        sx={{ display: 'block', width: '100%', height, objectFit: 'cover', bgcolor: 'grey.100' }}
      />
    );
  }
  return (
    <Box
      aria-hidden
      sx={{
        height,
        bgcolor: EVENT_TYPE_COLORS[event.eventType],
        color: '#fff',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'flex-end',
        p: 2,
      }}
    >
      <Typography variant="overline" sx={{ lineHeight: 1.4 }}>
        {EVENT_TYPE_LABELS[event.eventType]}
      </Typography>
      <Typography variant="h6" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
        {eventWeekday(event.startDate)} {eventDates(event.startDate, event.endDate)}
      </Typography>
    </Box>
  );
}

function Providers({ event }: { event: EventDto }) {
  if (event.eventProviders.length === 0) return null;
  return <InfoLine icon={<Groups />}>{event.eventProviders.map((p) => p.name).join(', ')}</InfoLine>;
}

/** Book Now (the portal's own booking page), View booking when booked, else Details with the reason below. */
function EventAction({ event, fullWidth }: { event: EventDto; fullWidth?: boolean }) {
  if (event.bookingNo) {
    return (
      <Button component={RouterLink} to={eventRoute(event.no)} variant="outlined" fullWidth={fullWidth} startIcon={<ConfirmationNumber />}>
        View booking
      </Button>
    );
  }
  return (
    <Button
      component={RouterLink}
      to={eventRoute(event.no)}
      variant={event.bookable ? 'contained' : 'outlined'}
      fullWidth={fullWidth}
      aria-label={event.bookable ? `Book Now: ${event.description}` : `Details: ${event.description}`}
    >
      {event.bookable ? 'Book Now' : 'Details'}
    </Button>
  );
}

/** The event's chips: its type, CPD points and Webinar, with `before` and `after` around them. */
export function EventTags({
  event,
  before,
  after,
}: {
  event: Pick<EventDto, 'eventType' | 'cpdHours' | 'isWebinar'>;
  before?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {before}
      <EventTypeChip type={event.eventType} />
      <CpdBadge points={event.cpdHours} />
      {/* A WEBINAR-type event says so in its type chip already. */}
      {event.isWebinar && event.eventType !== 'WEBINAR' && <WebinarTag />}
      {after}
    </Stack>
  );
}

function Tags({ event }: { event: EventDto }) {
  return <EventTags event={event} after={event.bookingNo && <LiteChip label="Booked" color="success" />} />;
}

/** The event's name as the page's heading. */
export function EventHeading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  );
}

/**
 * A page about one event (or booking): the back button (`back`, to the events by default), the spinner while it
 * loads, its error (or `notFound`), else `children` of what loaded below the back button (in a stack with `sx`).
 */
export function EventLoader<T>({
  query,
  backTo,
  backLabel = 'Events',
  loadingLabel = 'Loading the event',
  notFound = 'Event not found',
  sx,
  children,
}: {
  query: { isLoading: boolean; error: Error | null; data: T | undefined };
  backTo: string;
  backLabel?: string;
  loadingLabel?: string;
  notFound?: string;
  sx?: SxProps;
  children: (event: T) => ReactNode;
}) {
  const back = (
    <Button component={RouterLink} to={backTo} startIcon={<ArrowBack />} sx={{ alignSelf: 'flex-start' }}>
      {backLabel}
    </Button>
  );
  if (query.isLoading) return <LoadingSpinner label={loadingLabel} />;
  if (query.error || !query.data) {
    return (
      <Stack spacing={2}>
        {back}
        <LazyAlert severity="error" role="alert">
          {query.error?.message ?? notFound}
        </LazyAlert>
      </Stack>
    );
  }
  return (
    <Stack spacing={2} sx={sx}>
      {back}
      {children(query.data)}
    </Stack>
  );
}

/** A confirmation's body: the refusal above `children`, a spinner named `busyLabel` below while it runs. */
export function ConfirmBody({
  error,
  busy,
  busyLabel,
  children,
}: {
  error: string | null;
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <Stack spacing={2}>
      {error && (
        <LazyAlert severity="error" role="alert">
          {error}
        </LazyAlert>
      )}
      {children}
      {busy && <CircularProgress size={24} aria-label={busyLabel} />}
    </Stack>
  );
}

/** An outlined card with a titled section of a page (`gap` below the title). */
export function TitledCard({ title, gap, children }: { title: string; gap: number; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: gap }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Fee({ fee }: { fee: number }) {
  return (
    <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }} data-testid="event-fee">
      {feeLabel(fee)}
    </Typography>
  );
}

function CardTitle({ event }: { event: EventDto }) {
  return (
    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
      {event.description}
    </Typography>
  );
}

function Seats({ event }: { event: EventDto }) {
  return (
    <Typography variant="body2" color={event.seatsLeft === 0 ? 'error' : 'text.secondary'}>
      {seatsLabel(event.seatsLeft)}
    </Typography>
  );
}

/** Why an event that is not booked cannot be booked, when it says. */
function NotBookableReason({ event, sx }: { event: EventDto; sx?: SxProps }) {
  if (event.bookable || event.bookingNo || !event.notBookableReason) return null;
  return (
    <Typography variant="caption" color="text.secondary" sx={sx}>
      {event.notBookableReason}
    </Typography>
  );
}

/** A grid card: 265 wide with a 175 high picture (part 2 §9). */
export function EventCard({ event }: { event: EventDto }) {
  return (
    <Card
      component="article"
      aria-label={event.description}
      sx={{ width: EVENT_CARD.width, maxWidth: '100%', display: 'flex', flexDirection: 'column' }}
      variant="outlined"
    >
      <EventBanner event={event} />
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <CardTitle event={event} />
        <InfoLine icon={<CalendarMonth />}>{eventDates(event.startDate, event.endDate)}</InfoLine>
        <InfoLine icon={<Schedule />}>{eventTimes(event.startTime, event.endTime)}</InfoLine>
        <InfoLine icon={<Place />}>{event.location}</InfoLine>
        <Providers event={event} />
        <Tags event={event} />
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mt: 'auto', pt: 1 }}>
          <Seats event={event} />
          <Fee fee={event.fee} />
        </Stack>
        <NotBookableReason event={event} />
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0 }}>
        <EventAction event={event} fullWidth />
      </CardActions>
    </Card>
  );
}

/** A list row: the type's colour down the left, the date block, the details, fee and Book Now at the end. */
export function EventRow({ event }: { event: EventDto }) {
  return (
    <Paper
      component="article"
      aria-label={event.description}
      variant="outlined"
      sx={{ display: 'flex', overflow: 'hidden', borderLeft: 6, borderLeftColor: EVENT_TYPE_COLORS[event.eventType] }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ p: 2, width: '100%', minWidth: 0 }}>
        <Box sx={{ minWidth: 92, textAlign: { sm: 'center' } }}>
          <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.2 }}>
            {eventWeekday(event.startDate)}
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>{eventDates(event.startDate, event.endDate)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {eventTimes(event.startTime, event.endTime)}
          </Typography>
        </Box>
        <Stack spacing={0.75} sx={{ flexGrow: 1, minWidth: 0 }}>
          <CardTitle event={event} />
          <InfoLine icon={<Place />}>{event.location}</InfoLine>
          <Providers event={event} />
          <Tags event={event} />
        </Stack>
        <Stack spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'flex-end' }, justifyContent: 'center', minWidth: 150 }}>
          <Fee fee={event.fee} />
          <Seats event={event} />
          <EventAction event={event} />
          <NotBookableReason event={event} sx={{ textAlign: { sm: 'right' } }} />
        </Stack>
      </Stack>
    </Paper>
  );
}

/** Pay Now for a billed booking: its invoice, 'Event Payment', back to Booked Events after paying. */
export function BookingPayNow({ booking, size }: { booking: Booking; size?: 'small' }) {
  if (!booking.proformaInvoiceNo) return null;
  return (
    <PayNowButton
      size={size}
      payment={{
        sourceDocumentNo: booking.proformaInvoiceNo,
        description: PAYMENT_DESCRIPTIONS.event,
        amount: booking.amount,
        successUrl: BOOKED_TAB,
      }}
    />
  );
}

/** Cancels a booking after a confirmation; the server's message shows as a toast, or in the dialog when it refuses. */
export function CancelBookingButton({ booking, onCancelled }: { booking: Booking; onCancelled?: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refresh = useRefreshEvents();
  const toast = useToast();

  async function cancel() {
    setBusy(true);
    setError(null);
    try {
      const result = await eventsApi.cancel(booking.bookingNo);
      await refresh();
      setOpen(false);
      toast(result.message, 'success');
      onCancelled?.(result.message);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="error"
        startIcon={<CancelIcon />}
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        Cancel
      </Button>
      <ConfirmDialog
        open={open}
        title="Cancel this booking?"
        confirmLabel={busy ? 'Cancelling…' : 'Cancel booking'}
        cancelLabel="Keep booking"
        busy={busy}
        onConfirm={cancel}
        onCancel={() => !busy && setOpen(false)}
      >
        <ConfirmBody error={error} busy={busy} busyLabel="Cancelling">
          <Typography>
            Booking <strong>{booking.bookingNo}</strong> for <strong>{booking.eventDescription}</strong> will be cancelled and the seat
            freed.
            {booking.paid && booking.amount > 0 && ` The ${formatKes(booking.amount)} you paid is credited to your account.`}
            {booking.billed && !booking.paid && ' Its unpaid invoice is cancelled.'}
          </Typography>
        </ConfirmBody>
      </ConfirmDialog>
    </>
  );
}

/** A booking's actions (part 2 §2.6): view, Ticket, Receipt, Invoice, Pay Now and Cancel as its flags allow. */
export function BookingActionButtons({
  booking,
  showView = true,
  showPayNow = true,
}: {
  booking: Booking;
  showView?: boolean;
  showPayNow?: boolean;
}) {
  const actions = bookingActions(booking);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {showView && actions.view && (
        <Button
          component="a"
          href={bookingRoute(booking.bookingNo)}
          target="_blank"
          rel="noopener"
          size="small"
          variant="outlined"
          startIcon={<OpenInNew />}
          aria-label={`View booking ${booking.bookingNo}`}
        >
          View
        </Button>
      )}
      {actions.ticket && (
        <RowLinkButton to={ticketRoute(booking.bookingNo)} icon={<ConfirmationNumber />}>
          Ticket
        </RowLinkButton>
      )}
      {actions.receipt && booking.receiptNo && (
        <RowLinkButton to={receiptRoute(booking.receiptNo)} icon={<ReceiptLong />}>
          Receipt
        </RowLinkButton>
      )}
      {actions.invoice && booking.proformaInvoiceNo && (
        <RowLinkButton to={invoiceRoute(booking.proformaInvoiceNo)} icon={<RequestQuote />}>
          Invoice
        </RowLinkButton>
      )}
      {showPayNow && actions.payNow && <BookingPayNow booking={booking} size="small" />}
      {actions.cancel && <CancelBookingButton booking={booking} />}
    </Box>
  );
}
