import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { type AdminEvent, formatKes } from '@portal/contract';
import { useNavigate, useParams } from 'react-router';
import { useCategories } from '../../shared/settings/use-settings';
import { AdminEventActions, EventStatusChip, useEventCommands } from './admin-actions';
import { AdminBookings } from './admin-bookings';
import { useAdminEvent } from './api';
import { DetailRow } from './booking-summary';
import { EventHeading, EventLoader, EventTags } from './components';
import { eventDates, eventTimes, nairobiDateTime } from './rules';

function FeeList({ event }: { event: AdminEvent }) {
  const categories = useCategories();
  const paid = Object.entries(event.fees).filter(([, fee]) => fee > 0);
  if (paid.length === 0) return <>Free for every category</>;
  const name = (code: string) => categories.data?.find((c) => c.Code === code)?.Description ?? code;
  return (
    <Box component="span" sx={{ display: 'block' }}>
      {paid.map(([code, fee]) => (
        <Box component="span" key={code} sx={{ display: 'block' }}>
          {name(code)}: {formatKes(fee)}
        </Box>
      ))}
    </Box>
  );
}

export function EventFacts({ event }: { event: AdminEvent }) {
  return (
    <Box>
      <DetailRow label="Dates">
        {eventDates(event.startDate, event.endDate)}, {eventTimes(event.startTime, event.endTime)}
      </DetailRow>
      <DetailRow label="Location">{event.location}</DetailRow>
      <DetailRow label="Providers">{event.eventProviders.map((p) => p.name).join(', ') || '—'}</DetailRow>
      <DetailRow label="Booked / Capacity">
        {event.booked} / {event.capacity ?? 'unlimited'}
      </DetailRow>
      <DetailRow label="Attended">{event.attended}</DetailRow>
      {event.status === 'closed' && <DetailRow label="CPD awarded">{event.awarded}</DetailRow>}
      <DetailRow label="Booking deadline">{event.bookingDeadline ? nairobiDateTime(event.bookingDeadline) : 'Until the start'}</DetailRow>
      <DetailRow label="Fees">
        <FeeList event={event} />
      </DetailRow>
      <DetailRow label="Structured CPD">{event.structured ? 'Yes' : 'No'}</DetailRow>
    </Box>
  );
}

/** /admin/events/{no}: the event and its bookings (booking, member, status, paid, attended, CPD certificate). */
export function AdminEventPage() {
  const { no } = useParams();
  const event = useAdminEvent(no);
  const navigate = useNavigate();
  const { ask, dialog } = useEventCommands((command) => {
    if (command === 'cancel') navigate('/admin/events');
  });

  return (
    <EventLoader query={event} backTo="/admin/events">
      {(e) => (
        <>
          <Card variant="outlined">
            <CardContent>
              <Stack spacing={1.5}>
                <Typography variant="overline" color="text.secondary">
                  {e.no}
                </Typography>
                <EventHeading>{e.description}</EventHeading>
                <EventTags event={e} before={<EventStatusChip status={e.status} />} />
                <Box sx={{ maxWidth: 640 }}>
                  <EventFacts event={e} />
                </Box>
                {e.details && <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{e.details}</Typography>}
                <AdminEventActions event={e} ask={ask} hide={['bookings']} />
              </Stack>
            </CardContent>
          </Card>

          <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            Bookings
          </Typography>
          <AdminBookings no={e.no} />
          {dialog}
        </>
      )}
    </EventLoader>
  );
}
