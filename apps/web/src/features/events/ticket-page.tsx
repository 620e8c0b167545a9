import { Box, Typography } from '@mui/material';
import { eventMessages } from '@portal/contract';
import { useNavigate, useParams } from 'react-router';
import { PdfViewer } from '../../shared/ui/pdf-viewer';
import { useTicket } from './api';
import { BOOKED_TAB } from './components';

/** /events/ticket/{bookingNo}: the booking's ticket PDF (with its QR code for the door), with Back and Download. */
export function TicketPage() {
  const { bookingNo } = useParams();
  const navigate = useNavigate();
  const ticket = useTicket(bookingNo);
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate(BOOKED_TAB));
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {eventMessages.ticketTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Booking {bookingNo}
      </Typography>
      <PdfViewer
        data={ticket.data}
        loading={ticket.isLoading}
        error={ticket.error ? ticket.error.message : null}
        fileName={`TICKET-${(bookingNo ?? '').replace(/[^A-Za-z0-9-]/g, '')}.pdf`}
        onBack={back}
      />
    </Box>
  );
}
