import { Add, Search } from '@mui/icons-material';
import { Box, Button, InputAdornment, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { ADMIN_EVENTS_PAGE_SIZE, type AdminEvent, EVENT_STATUSES, type EventStatus } from '@portal/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LiteAlert } from '../../shared/lite/surfaces';
import { Caption } from '../../shared/ui/caption';
import { DateField } from '../../shared/ui/date-field';
import { useFlash } from '../../shared/ui/flash';
import { LinearProgress } from '../../shared/ui/linear-progress';
import { PlainTable } from '../../shared/ui/plain-table';
import { SelectFilter } from '../../shared/ui/select-filter';
import { ServerPagination, usePaging } from '../../shared/ui/server-pagination';
import { SummaryCard, usePhoneCards } from '../../shared/ui/summary-card';
import { TextInput } from '../../shared/ui/text-input';
import { useDebounced } from '../../shared/ui/use-debounced';
import { AdminEventActions, AdminEventRowActions, adminEventRoute, EventStatusChip, useEventCommands } from './admin-actions';
import { useAdminEvents } from './api';
import { EventTypeChip } from './components';
import { EVENT_STATUS_LABELS, eventDates, eventTimes } from './rules';

const bookedOf = (e: AdminEvent) => `${e.booked} / ${e.capacity ?? '∞'}`;

function EventTable({ events, ask }: { events: AdminEvent[]; ask: Parameters<typeof AdminEventActions>[0]['ask'] }) {
  return (
    <PlainTable
      label="Events"
      outlined
      sx={{ '& th, & td': { px: 1 }, '& th:first-of-type, & td:first-of-type': { pl: 2 } }}
      head={
        <TableRow>
          <TableCell>No</TableCell>
          <TableCell>Description</TableCell>
          <TableCell>Dates</TableCell>
          <TableCell>Type</TableCell>
          <TableCell>Status</TableCell>
          <TableCell align="right">
            Booked/
            <br />
            Capacity
          </TableCell>
          <TableCell align="right">Attended</TableCell>
          <TableCell align="right">CPD points</TableCell>
          <TableCell>Actions</TableCell>
        </TableRow>
      }
    >
      {events.map((e) => (
        <TableRow key={e.no} hover>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            <RouterLink className="lt-link" to={adminEventRoute(e.no)}>
              {e.no}
            </RouterLink>
          </TableCell>
          <TableCell sx={{ minWidth: 160 }}>
            {e.description}
            <Caption>
              {e.location}
              {e.isWebinar ? ' · Webinar' : ''}
            </Caption>
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {eventDates(e.startDate, e.endDate)}
            <Caption>{eventTimes(e.startTime, e.endTime)}</Caption>
          </TableCell>
          <TableCell>
            <EventTypeChip type={e.eventType} />
          </TableCell>
          <TableCell>
            <EventStatusChip status={e.status} />
          </TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {bookedOf(e)}
          </TableCell>
          <TableCell align="right">{e.attended}</TableCell>
          <TableCell align="right">{e.cpdHours}</TableCell>
          <TableCell>
            <AdminEventRowActions event={e} ask={ask} />
          </TableCell>
        </TableRow>
      ))}
    </PlainTable>
  );
}

function EventCards({ events, ask }: { events: AdminEvent[]; ask: Parameters<typeof AdminEventActions>[0]['ask'] }) {
  return (
    <Stack spacing={1.5} aria-label="Events">
      {events.map((e) => (
        <SummaryCard
          key={e.no}
          label={e.description}
          head={
            <RouterLink className="lt-link" to={adminEventRoute(e.no)}>
              {e.no}
            </RouterLink>
          }
          aside={<EventStatusChip status={e.status} />}
          title={e.description}
        >
          <Typography variant="body2" color="text.secondary">
            {eventDates(e.startDate, e.endDate)} · {eventTimes(e.startTime, e.endTime)} · {e.location}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <EventTypeChip type={e.eventType} />
            <Typography variant="body2">
              Booked {bookedOf(e)} · Attended {e.attended} · {e.cpdHours} CPD points
            </Typography>
          </Stack>
          <AdminEventActions event={e} ask={ask} />
        </SummaryCard>
      ))}
    </Stack>
  );
}

const PAGE_SIZES = [ADMIN_EVENTS_PAGE_SIZE, 50, 100];

/**
 * /admin/events: the events a page at a time, newest start first (issue 26), with their counts; a search (number,
 * description, location, providers), a status filter and a start-date range; New Event, and each row's actions.
 * A change of search or filter starts at the first page.
 */
export function AdminEventsPage() {
  const [status, setStatus] = useState<EventStatus | ''>('');
  const [search, setSearch] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const term = useDebounced(search.trim());
  const paging = usePaging(ADMIN_EVENTS_PAGE_SIZE);
  const filtersKey = JSON.stringify([status, term, from, to]);
  const [lastFilters, setLastFilters] = useState(filtersKey);
  // Reset while rendering, so no request goes out for the old page under the new filters.
  if (filtersKey !== lastFilters) {
    setLastFilters(filtersKey);
    paging.setPage(0);
  }
  const page = filtersKey !== lastFilters ? 0 : paging.page;
  const events = useAdminEvents({
    status: status || undefined,
    search: term || undefined,
    from: from || undefined,
    to: to || undefined,
    page: page + 1,
    pageSize: paging.pageSize,
  });
  const { ask, dialog } = useEventCommands();
  const flash = useFlash();
  const phone = usePhoneCards();
  const data = events.data;
  const list = data?.events ?? [];

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          Events
        </Typography>
        <Button component={RouterLink} to="/admin/events/new" variant="contained" startIcon={<Add />}>
          New Event
        </Button>
      </Stack>
      {flash && (
        <LiteAlert severity={flash.severity} role="status">
          {flash.message}
        </LiteAlert>
      )}
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <TextInput
          size="small"
          fullWidth={false}
          label="Search events"
          placeholder="Number, description or location"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ width: { xs: '100%', sm: 300 } }}
          startAdornment={
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          }
        />
        <SelectFilter
          label="Status"
          value={status}
          onChange={setStatus}
          all="All"
          options={EVENT_STATUSES.map((s) => ({ value: s, label: EVENT_STATUS_LABELS[s] }))}
          sx={{ width: { xs: '100%', sm: 180 } }}
        />
        <DateField
          size="small"
          label="Start date from"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          sx={{ width: { xs: '100%', sm: 180 } }}
        />
        <DateField
          size="small"
          label="Start date to"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          sx={{ width: { xs: '100%', sm: 180 } }}
        />
      </Stack>
      <Box sx={{ minHeight: 4 }}>{events.isFetching && <LinearProgress aria-label="Loading events" />}</Box>
      {events.error && <LiteAlert severity="error">{events.error.message}</LiteAlert>}
      {data && data.total === 0 && (
        <Typography color="text.secondary">
          {status || term || from || to ? 'No events match.' : 'No events yet. Create one with New Event.'}
        </Typography>
      )}
      {list.length > 0 && (phone ? <EventCards events={list} ask={ask} /> : <EventTable events={list} ask={ask} />)}
      {data && data.total > 0 && (
        <ServerPagination count={data.total} page={page} pageSize={paging.pageSize} options={PAGE_SIZES} onChange={paging.onChange} />
      )}
      {dialog}
    </Stack>
  );
}
