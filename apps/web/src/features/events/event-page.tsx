import { CalendarMonth, EventAvailable, Groups, HourglassBottom, Place, Schedule } from '@mui/icons-material';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Divider, Stack, Typography } from '@mui/material';
import { type EventDto, formatKes } from '@portal/contract';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { type BookResult, eventsApi, useEvent, useRefreshEvents, useSeedBooking } from './api';
import { BookingSummaryLoader, DetailRow } from './booking-summary';
import { EventBanner, EventHeading, EventLoader, EventTags, InfoLine } from './components';
import { eventDates, eventTimes, eventWeekday, feeLabel, nairobiDateTime, seatsLabel } from './rules';

/** Book Now: a free event books at once; a paid one asks first, naming the fee, then raises the invoice. */
function BookPanel({ event, onBooked }: { event: EventDto; onBooked: (result: BookResult) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refresh = useRefreshEvents();
  const seed = useSeedBooking();

  async function book() {
    setBusy(true);
    setError(null);
    try {
      const result = await eventsApi.book(event.no);
      seed(result.booking);
      onBooked(result);
      setConfirming(false);
      await refresh();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Something went wrong');
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  }

  if (!event.bookable) {
    return (
      <Alert severity="warning" role="status">
        {event.notBookableReason ?? 'This event is not open for booking'}
      </Alert>
    );
  }
  return (
    <Stack spacing={1.5}>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Button
        variant="contained"
        size="large"
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <EventAvailable />}
        disabled={busy}
        onClick={() => (event.fee > 0 ? setConfirming(true) : book())}
      >
        {busy ? 'Booking…' : 'Book Now'}
      </Button>
      {event.fee > 0 && (
        <Typography variant="body2" color="text.secondary">
          An invoice of {formatKes(event.fee)} is raised when you book; pay it by M-Pesa, card or your credit to confirm the seat.
        </Typography>
      )}
      <ConfirmDialog
        open={confirming}
        title="Book this event?"
        confirmLabel={busy ? 'Booking…' : 'Book and raise invoice'}
        busy={busy}
        onConfirm={book}
        onCancel={() => !busy && setConfirming(false)}
      >
        <Typography>
          Book a seat at <strong>{event.description}</strong> for <strong>{formatKes(event.fee)}</strong>? An invoice for the fee is raised
          in your account; your seat is confirmed once it is paid.
        </Typography>
      </ConfirmDialog>
    </Stack>
  );
}

function EventDetails({ event }: { event: EventDto }) {
  return (
    <Card variant="outlined" sx={{ overflow: 'hidden' }}>
      <EventBanner event={event} height={220} />
      <CardContent>
        <Stack spacing={1.5}>
          <EventHeading>{event.description}</EventHeading>
          <EventTags event={event} />
          <InfoLine icon={<CalendarMonth />}>
            {eventWeekday(event.startDate)} {eventDates(event.startDate, event.endDate)}
          </InfoLine>
          <InfoLine icon={<Schedule />}>{eventTimes(event.startTime, event.endTime)} (Nairobi time)</InfoLine>
          <InfoLine icon={<Place />}>{event.location}</InfoLine>
          {event.eventProviders.length > 0 && (
            <InfoLine icon={<Groups />}>Provided by {event.eventProviders.map((p) => p.name).join(', ')}</InfoLine>
          )}
          {event.bookingDeadline && <InfoLine icon={<HourglassBottom />}>Book by {nairobiDateTime(event.bookingDeadline)}</InfoLine>}
          {event.details && (
            <>
              <Divider />
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{event.details}</Typography>
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** /events/{no}: the portal's own booking page (issue 12), with the member's booking once there is one. */
export function EventPage() {
  const { no } = useParams();
  const event = useEvent(no);
  const [result, setResult] = useState<BookResult | null>(null);

  return (
    <EventLoader query={event} backTo="/events">
      {(e) => <EventBody e={e} result={result} onBooked={setResult} />}
    </EventLoader>
  );
}

function EventBody({ e, result, onBooked }: { e: EventDto; result: BookResult | null; onBooked: (result: BookResult) => void }) {
  const bookingNo = e.bookingNo;
  // The booking's message (booked, or the invoice raised) while that booking is the live one.
  const message = result && result.booking.bookingNo === bookingNo ? result : null;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(300px, 1fr)' } }}>
      <EventDetails event={e} />
      <Box>
        <Card variant="outlined" sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
          <CardContent>
            <Stack spacing={2}>
              <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
                {bookingNo ? 'Your booking' : 'Book a seat'}
              </Typography>
              <Box>
                <DetailRow label="Fee">{feeLabel(e.fee)}</DetailRow>
                <DetailRow label="Seats">{seatsLabel(e.seatsLeft)}</DetailRow>
                <DetailRow label="CPD points">{e.cpdHours}</DetailRow>
              </Box>
              <Divider />
              {message && (
                <Alert severity={message.booking.billed && !message.booking.paid ? 'info' : 'success'} role="status">
                  {message.message}
                </Alert>
              )}
              {bookingNo ? (
                <BookingSummaryLoader bookingNo={bookingNo} showNextStep={!message} />
              ) : (
                <BookPanel event={e} onBooked={onBooked} />
              )}
            </Stack>
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
