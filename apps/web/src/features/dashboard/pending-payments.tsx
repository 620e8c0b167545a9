import { Visibility } from '@mui/icons-material';
import {
  Alert,
  Card,
  CardContent,
  CardHeader,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatKes } from '@portal/contract';
import { usePendingPayments } from '../../shared/member/money';
import { shortDate } from '../../shared/payments/documents';
import { invoicePayment, PayNowButton } from '../../shared/payments/pay-now-button';
import { invoiceRoute } from '../../shared/payments/routes';
import { LoadingSpinner } from '../../shared/ui/loading';
import { RowLinkButton } from '../../shared/ui/row-link-button';

/** Pending Payments (part 1 §2, §9): invoices with something left to pay, each with Preview (the invoice viewer). */
export function PendingPayments() {
  const pending = usePendingPayments();
  const rows = pending.data ?? [];
  return (
    <Card>
      <CardHeader title="Pending Payments" slotProps={{ title: { variant: 'h6', sx: { fontWeight: 700 } } }} />
      <CardContent>
        {pending.isLoading && <LoadingSpinner label="Loading pending payments" />}
        {pending.error && <Alert severity="error">{pending.error.message}</Alert>}
        {pending.data?.length === 0 && <Typography color="text.secondary">Nothing to pay.</Typography>}
        {rows.length > 0 && (
          <TableContainer>
            <Table size="small" aria-label="Pending Payments">
              <TableHead sx={{ '& th': { fontWeight: 700 } }}>
                <TableRow>
                  <TableCell>Document No</TableCell>
                  <TableCell>Description</TableCell>
                  <TableCell>Due Date</TableCell>
                  <TableCell align="right">Amount</TableCell>
                  <TableCell align="right">Outstanding</TableCell>
                  <TableCell>Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((e) => (
                  <TableRow key={e.documentNo}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{e.documentNo}</TableCell>
                    <TableCell>{e.description}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{shortDate(e.dueDate)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatKes(e.amountLCY)}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 700 }}>
                      {formatKes(e.remainingAmtLCY)}
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1}>
                        <RowLinkButton to={invoiceRoute(e.documentNo)} icon={<Visibility />}>
                          Preview
                        </RowLinkButton>
                        <PayNowButton size="small" payment={invoicePayment(e, '/dashboard')} />
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
