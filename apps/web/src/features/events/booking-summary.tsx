import { Box, Divider, Stack, Typography } from '@mui/material';
import { type Booking, formatKes } from '@portal/contract';
import type { ReactNode } from 'react';
import { LazyAlert } from '../../shared/ui/lazy-alert';
import { LoadingSpinner } from '../../shared/ui/loading';
import { useBooking } from './api';
import { BookingActionButtons, BookingPayNow, BookingStatusChip } from './components';
import { bookingActions } from './rules';

/** Paid Yes or No (part 2 §2.6); a free booking has nothing to pay. */
export const paidLabel = (b: Pick<Booking, 'paid' | 'amount'>) => (b.paid ? 'Yes' : b.amount > 0 ? 'No' : 'Free');

export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', py: 0.5 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Box sx={{ fontWeight: 500, textAlign: 'right', minWidth: 0, overflowWrap: 'anywhere' }}>{children}</Box>
    </Stack>
  );
}

/** What the member should do next with a booking: pay the invoice, or show the ticket at the door. */
function nextStep(b: Booking): { severity: 'info' | 'success' | 'warning'; text: string } | null {
  const actions = bookingActions(b);
  if (actions.payNow) return { severity: 'info', text: `An invoice of ${formatKes(b.amount)} is raised. Pay it to confirm your seat.` };
  if (b.status === 'cancelled') return { severity: 'warning', text: 'This booking is cancelled.' };
  if (actions.ticket && b.status === 'open') return { severity: 'success', text: 'Your seat is booked. Show your ticket at the door.' };
  return null;
}

/** A booking's status, paid flag, amount and actions (the booking page and the booking's own view). */
export function BookingSummary({ booking, showNextStep = true }: { booking: Booking; showNextStep?: boolean }) {
  const step = showNextStep ? nextStep(booking) : null;
  const actions = bookingActions(booking);
  return (
    <Stack spacing={1.5}>
      {step && (
        <LazyAlert severity={step.severity} role="status">
          {step.text}
        </LazyAlert>
      )}
      {actions.payNow && (
        <Box>
          <BookingPayNow booking={booking} />
        </Box>
      )}
      <Box>
        <DetailRow label="Booking">{booking.bookingNo}</DetailRow>
        <DetailRow label="Status">
          <BookingStatusChip status={booking.status} />
        </DetailRow>
        <DetailRow label="Paid">{paidLabel(booking)}</DetailRow>
        <DetailRow label="Amount">{booking.amount > 0 ? formatKes(booking.amount) : 'Free'}</DetailRow>
        {booking.proformaInvoiceNo && <DetailRow label="Invoice">{booking.proformaInvoiceNo}</DetailRow>}
        {booking.receiptNo && <DetailRow label="Receipt">{booking.receiptNo}</DetailRow>}
        {actions.ticket && <DetailRow label="Ticket">{booking.ticketNo}</DetailRow>}
        {booking.attended && <DetailRow label="Attended">Yes</DetailRow>}
      </Box>
      <Divider />
      <BookingActionButtons booking={booking} showView={false} showPayNow={false} />
    </Stack>
  );
}

/** Loads a booking by number and shows its summary. */
export function BookingSummaryLoader({ bookingNo, showNextStep = true }: { bookingNo: string; showNextStep?: boolean }) {
  const booking = useBooking(bookingNo);
  if (booking.isLoading) return <LoadingSpinner label="Loading your booking" />;
  if (booking.error) {
    return (
      <LazyAlert severity="error" role="alert">
        {booking.error.message}
      </LazyAlert>
    );
  }
  return booking.data ? <BookingSummary booking={booking.data} showNextStep={showNextStep} /> : null;
}
