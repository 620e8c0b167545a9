import { EventBusy, GridView, ViewList } from '@mui/icons-material';
import { Box, Paper, Stack, TableCell, TableRow, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { Booking, EventDto, EventViewMode } from '@portal/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Caption } from '../../shared/ui/caption';
import { useFlash } from '../../shared/ui/flash';
import { LazyAlert } from '../../shared/ui/lazy-alert';
import { LoadingSpinner } from '../../shared/ui/loading';
import { PageTabs } from '../../shared/ui/page-tabs';
import { PlainTable } from '../../shared/ui/plain-table';
import { SummaryCard, usePhoneCards } from '../../shared/ui/summary-card';
import { useMyBookings, useUpcomingEvents } from './api';
import { paidLabel } from './booking-summary';
import { BookingActionButtons, BookingStatusChip, EventCard, EventRow } from './components';
import { eventDates, readEventView, writeEventView } from './rules';

type TabName = 'upcoming' | 'booked';

function EmptyState({ children }: { children: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>
      <EventBusy sx={{ fontSize: 48, mb: 1 }} />
      <Typography>{children}</Typography>
    </Paper>
  );
}

function UpcomingEvents() {
  const events = useUpcomingEvents();
  const [view, setView] = useState<EventViewMode>(() => readEventView());
  const list: EventDto[] = events.data ?? [];

  function choose(mode: EventViewMode | null) {
    if (!mode) return;
    setView(mode);
    writeEventView(mode);
  }

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography color="text.secondary" variant="body2">
          {events.data ? `${list.length} upcoming event${list.length === 1 ? '' : 's'}` : ''}
        </Typography>
        <ToggleButtonGroup size="small" exclusive value={view} onChange={(_, mode: EventViewMode | null) => choose(mode)} aria-label="View">
          <ToggleButton value="grid" aria-label="Grid view">
            <GridView fontSize="small" />
          </ToggleButton>
          <ToggleButton value="list" aria-label="List view">
            <ViewList fontSize="small" />
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {events.isLoading && <LoadingSpinner label="Loading events" />}
      {events.error && (
        <LazyAlert severity="error" role="alert">
          {events.error.message}
        </LazyAlert>
      )}
      {events.data && list.length === 0 && <EmptyState>There are no upcoming events right now. Check back soon.</EmptyState>}
      {list.length > 0 &&
        (view === 'grid' ? (
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, 265px)',
              justifyContent: { xs: 'center', sm: 'start' },
              gap: 2,
            }}
          >
            {list.map((e) => (
              <EventCard key={e.no} event={e} />
            ))}
          </Box>
        ) : (
          <Stack spacing={1.5}>
            {list.map((e) => (
              <EventRow key={e.no} event={e} />
            ))}
          </Stack>
        ))}
    </Stack>
  );
}

/** On a phone each booking is a card with its actions; on wider screens the spec's table. */
function BookingCards({ bookings }: { bookings: Booking[] }) {
  return (
    <Stack spacing={1.5} aria-label="Booked Events">
      {bookings.map((b) => (
        <SummaryCard
          key={b.bookingNo}
          label={`Booking ${b.bookingNo}`}
          head={
            <Typography variant="body2" color="text.secondary">
              {b.bookingNo}
            </Typography>
          }
          aside={<BookingStatusChip status={b.status} />}
          title={b.eventDescription}
        >
          <Typography variant="body2" color="text.secondary">
            {eventDates(b.startDate, b.endDate)} · {b.location}
          </Typography>
          <Typography variant="body2">Paid: {paidLabel(b)}</Typography>
          <BookingActionButtons booking={b} />
        </SummaryCard>
      ))}
    </Stack>
  );
}

function BookingTable({ bookings }: { bookings: Booking[] }) {
  return (
    <PlainTable label="Booked Events" outlined columns={['No', 'Event', 'Location', 'Paid', 'Status', 'Actions']}>
      {bookings.map((b) => (
        <TableRow key={b.bookingNo} hover>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{b.bookingNo}</TableCell>
          <TableCell>
            {b.eventDescription}
            <Caption>{eventDates(b.startDate, b.endDate)}</Caption>
          </TableCell>
          <TableCell>{b.location}</TableCell>
          <TableCell>{paidLabel(b)}</TableCell>
          <TableCell>
            <BookingStatusChip status={b.status} />
          </TableCell>
          <TableCell sx={{ minWidth: 220 }}>
            <BookingActionButtons booking={b} />
          </TableCell>
        </TableRow>
      ))}
    </PlainTable>
  );
}

function BookedEvents() {
  const bookings = useMyBookings();
  const phone = usePhoneCards();
  const list = bookings.data ?? [];
  return (
    <Stack spacing={2}>
      {bookings.isLoading && <LoadingSpinner label="Loading your bookings" />}
      {bookings.error && (
        <LazyAlert severity="error" role="alert">
          {bookings.error.message}
        </LazyAlert>
      )}
      {bookings.data && list.length === 0 && <EmptyState>You have not booked any events yet.</EmptyState>}
      {list.length > 0 && (phone ? <BookingCards bookings={list} /> : <BookingTable bookings={list} />)}
    </Stack>
  );
}

/** /events: Upcoming Events and Booked Events (part 2 §2.6); the tab is in the address (?tab=booked) so checkout can return to it. */
export function EventsPage() {
  const [params, setParams] = useSearchParams();
  const tab: TabName = params.get('tab') === 'booked' ? 'booked' : 'upcoming';
  const flash = useFlash();

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        Events
      </Typography>
      {flash && (
        <LazyAlert severity={flash.severity} role="status">
          {flash.message}
        </LazyAlert>
      )}
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <PageTabs<TabName>
          value={tab}
          onChange={(value) => setParams(value === 'booked' ? { tab: 'booked' } : {}, { replace: true })}
          label="Events"
          tabs={[
            { value: 'upcoming', label: 'Upcoming Events' },
            { value: 'booked', label: 'Booked Events' },
          ]}
        />
      </Box>
      {tab === 'upcoming' ? <UpcomingEvents /> : <BookedEvents />}
    </Stack>
  );
}
