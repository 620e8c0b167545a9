import { CheckCircle } from '@mui/icons-material';
import { Stack, TableCell, TableRow, Typography } from '@mui/material';
import type { AdminBooking } from '@portal/contract';
import { PlainTable } from '../../shared/ui/plain-table';
import { STATUS_COLORS } from '../../shared/ui/status-colors';
import { SummaryCard, usePhoneCards } from '../../shared/ui/summary-card';
import { BookingStatusChip } from './components';
import { nairobiDateTime } from './rules';

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
export function AdminBookingList({ bookings }: { bookings: AdminBooking[] }) {
  return usePhoneCards() ? <BookingCards bookings={bookings} /> : <BookingRows bookings={bookings} />;
}
