import { CheckCircle } from '@mui/icons-material';
import { Alert, Box, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { ADMIN_BOOKINGS_PAGE_SIZE, type AdminBooking, BOOKING_STATUSES, type BookingStatus } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { LinearProgress } from '../../shared/ui/linear-progress';
import { PlainTable } from '../../shared/ui/plain-table';
import { SearchField } from '../../shared/ui/search-field';
import { NativeSelectField } from '../../shared/ui/select-filter';
import { ServerPagination, usePaging } from '../../shared/ui/server-pagination';
import { STATUS_COLORS } from '../../shared/ui/status-colors';
import { SummaryCard, usePhoneCards } from '../../shared/ui/summary-card';
import { useAdminBookings } from './api';
import { BookingStatusChip } from './components';
import { BOOKING_STATUS_LABELS, nairobiDateTime } from './rules';

const COLUMNS = ['Booking', 'Member No', 'Name', 'Email', 'Status', 'Paid', 'Attended', 'CPD certificate'];

const paid = (b: AdminBooking) => (b.amount > 0 ? (b.paid ? 'Yes' : 'No') : 'Free');

/** When the member was checked in, with a tick; else No. */
function Attended({ booking: b }: { booking: AdminBooking }) {
  if (!b.attended) return 'No';
  return (
    <Stack direction="row" spacing={0.5} component="span" sx={{ alignItems: 'center', display: 'inline-flex' }}>
      <CheckCircle fontSize="small" sx={{ color: STATUS_COLORS.good }} />
      <span>{b.attendedAt ? nairobiDateTime(b.attendedAt) : 'Yes'}</span>
    </Stack>
  );
}

function BookingRows({ bookings }: { bookings: AdminBooking[] }) {
  return (
    <PlainTable label="Bookings" outlined columns={COLUMNS}>
      {bookings.map((b) => (
        <TableRow key={b.bookingNo} hover>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{b.bookingNo}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{b.memberNo ?? '—'}</TableCell>
          <TableCell sx={{ minWidth: 140 }}>{b.name}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{b.email ?? '—'}</TableCell>
          <TableCell>
            <BookingStatusChip status={b.status} />
          </TableCell>
          <TableCell>{paid(b)}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            <Attended booking={b} />
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{b.cpdCertificateNo ?? '—'}</TableCell>
        </TableRow>
      ))}
    </PlainTable>
  );
}

/** On a phone each booking is a card: number and member, status, the name and e-mail, paid, attended, certificate. */
function BookingCards({ bookings }: { bookings: AdminBooking[] }) {
  return (
    <Stack spacing={1.5}>
      {bookings.map((b) => (
        <SummaryCard
          key={b.bookingNo}
          label={`Booking ${b.bookingNo}`}
          head={
            <Typography variant="body2" color="text.secondary">
              {b.bookingNo}
              {b.memberNo && ` · ${b.memberNo}`}
            </Typography>
          }
          aside={<BookingStatusChip status={b.status} />}
          title={b.name}
        >
          {b.email && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {b.email}
            </Typography>
          )}
          <Typography variant="body2">
            Paid: {paid(b)} · Attended: <Attended booking={b} />
          </Typography>
          {b.cpdCertificateNo && <Typography variant="body2">CPD certificate {b.cpdCertificateNo}</Typography>}
        </SummaryCard>
      ))}
    </Stack>
  );
}

/** An event's bookings for its administrators: the columns on a wide screen, cards on a phone. */
function AdminBookingList({ bookings }: { bookings: AdminBooking[] }) {
  return usePhoneCards() ? <BookingCards bookings={bookings} /> : <BookingRows bookings={bookings} />;
}

const PAGE_SIZES = [ADMIN_BOOKINGS_PAGE_SIZE, 100, 200];

/**
 * The bookings of `/admin/events/{no}`, a page at a time (an event may have thousands; issue 26): by booking
 * number, searched by booking or member number, name or e-mail, filtered by status and attendance.
 */
export function AdminBookings({ no }: { no: string }) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<BookingStatus | ''>('');
  const [attended, setAttended] = useState<'yes' | 'no' | ''>('');
  const paging = usePaging(ADMIN_BOOKINGS_PAGE_SIZE);
  const bookings = useAdminBookings(no, {
    search: search || undefined,
    status: status || undefined,
    attended: attended || undefined,
    page: paging.page + 1,
    pageSize: paging.pageSize,
  });
  const filtered = (change: () => void) => {
    change();
    paging.setPage(0);
  };
  const data = bookings.data;
  return (
    <Stack spacing={1.5}>
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          filtered(() => setSearch(typed.trim()));
        }}
      >
        <SearchField
          size="small"
          label="Booking, member no, name or e-mail"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          sx={{ minWidth: { sm: 300 } }}
        />
        <NativeSelectField
          size="small"
          label="Status"
          value={status}
          onChange={(e) => filtered(() => setStatus(e.target.value as BookingStatus | ''))}
          sx={{ minWidth: 170 }}
        >
          <option value="">All</option>
          {BOOKING_STATUSES.map((s) => (
            <option key={s} value={s}>
              {BOOKING_STATUS_LABELS[s]}
            </option>
          ))}
        </NativeSelectField>
        <NativeSelectField
          size="small"
          label="Attended"
          value={attended}
          onChange={(e) => filtered(() => setAttended(e.target.value as 'yes' | 'no' | ''))}
          sx={{ minWidth: 130 }}
        >
          <option value="">All</option>
          <option value="yes">Yes</option>
          <option value="no">No</option>
        </NativeSelectField>
      </Stack>
      <Box sx={{ minHeight: 4 }}>{bookings.isFetching && <LinearProgress aria-label="Loading bookings" />}</Box>
      {bookings.error && (
        <Alert severity="error" role="alert">
          {bookings.error.message}
        </Alert>
      )}
      {data && data.total === 0 && (
        <Typography color="text.secondary">{search || status || attended ? 'No bookings match.' : 'No bookings yet.'}</Typography>
      )}
      {data && data.bookings.length > 0 && (
        <>
          <AdminBookingList bookings={data.bookings} />
          <ServerPagination
            count={data.total}
            page={paging.page}
            pageSize={paging.pageSize}
            options={PAGE_SIZES}
            onChange={paging.onChange}
          />
        </>
      )}
    </Stack>
  );
}
