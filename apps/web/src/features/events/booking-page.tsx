import { CalendarMonth, Place, Schedule } from '@mui/icons-material';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { useBooking } from './api';
import { BookingSummary } from './booking-summary';
import { BOOKED_TAB, EventHeading, EventLoader, EventTypeChip, eventRoute, InfoLine } from './components';
import { eventDates, eventTimes } from './rules';

/** /events/booking/{bookingNo}: one booking (Booked Events' view): the event, status, paid, amount and its actions. */
export function BookingPage() {
  const { bookingNo } = useParams();
  const booking = useBooking(bookingNo);
  return (
    <EventLoader
      query={booking}
      backTo={BOOKED_TAB}
      backLabel="Booked Events"
      loadingLabel="Loading the booking"
      notFound="Booking not found"
      sx={{ maxWidth: 720 }}
    >
      {(b) => (
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={1.5}>
              <Typography variant="overline" color="text.secondary">
                Booking {b.bookingNo}
              </Typography>
              <EventHeading>{b.eventDescription}</EventHeading>
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
      )}
    </EventLoader>
  );
}
