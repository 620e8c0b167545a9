import { ArrowBack, CalendarMonth, Place, Schedule } from '@mui/icons-material';
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadingSpinner } from '../../shared/ui/loading';
import { useBooking } from './api';
import { BookingSummary } from './booking-summary';
import { BOOKED_TAB, EventTypeChip, eventRoute, InfoLine } from './components';
import { eventDates, eventTimes } from './rules';

/** /events/booking/{bookingNo}: one booking (Booked Events' view): the event, status, paid, amount and its actions. */
export function BookingPage() {
  const { bookingNo } = useParams();
  const booking = useBooking(bookingNo);
  const back = (
    <Button component={RouterLink} to={BOOKED_TAB} startIcon={<ArrowBack />} sx={{ alignSelf: 'flex-start' }}>
      Booked Events
    </Button>
  );
  if (booking.isLoading) return <LoadingSpinner label="Loading the booking" />;
  if (booking.error || !booking.data) {
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="error" role="alert">
          {booking.error?.message ?? 'Booking not found'}
        </Alert>
      </Stack>
    );
  }
  const b = booking.data;
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      {back}
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={1.5}>
            <Typography variant="overline" color="text.secondary">
              Booking {b.bookingNo}
            </Typography>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {b.eventDescription}
            </Typography>
            <Stack direction="row" spacing={1}>
              <EventTypeChip type={b.eventType} />
            </Stack>
            <InfoLine icon={<CalendarMonth />}>{eventDates(b.startDate, b.endDate)}</InfoLine>
            <InfoLine icon={<Schedule />}>{eventTimes(b.startTime, b.endTime)}</InfoLine>
            <InfoLine icon={<Place />}>{b.location}</InfoLine>
            <Button component={RouterLink} to={eventRoute(b.eventNo)} size="small" sx={{ alignSelf: 'flex-start' }}>
              Event details
            </Button>
            <BookingSummary booking={b} />
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
