import { FileDownload } from '@mui/icons-material';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatKes, paymentHistoryCsv, sortPaymentHistory } from '@portal/contract';
import { useEffect, useMemo } from 'react';
import { useMyProfile } from '../../shared/member/queries';
import { shortDate } from '../../shared/payments/documents';
import { LoadingSpinner } from '../../shared/ui/loading';
import { saveBlob } from '../../shared/ui/save-blob';
import { useToast } from '../../shared/ui/toast';
import { usePaymentHistory } from './api';

/**
 * My Payment History (part 2 §2.3): newest year of subscription first, with Export to Excel (a CSV named
 * payment-history-{memberNo}.csv, part 2 §7), disabled while the list is empty. Failures show as a warning toast (§8).
 */
export function PaymentHistory() {
  const history = usePaymentHistory();
  const profile = useMyProfile();
  const toast = useToast();
  const rows = useMemo(() => sortPaymentHistory(history.data ?? []), [history.data]);
  const memberNo = profile.data?.MemberNo ?? rows[0]?.memberNo ?? '';

  useEffect(() => {
    if (history.error) toast(history.error.message, 'warning');
  }, [history.error, toast]);

  return (
    <Card>
      <CardHeader
        title="My Payment History"
        slotProps={{ title: { variant: 'h6', sx: { fontWeight: 700 } } }}
        action={
          <Button
            variant="outlined"
            startIcon={<FileDownload />}
            disabled={rows.length === 0}
            onClick={() => {
              const csv = paymentHistoryCsv(rows, memberNo);
              saveBlob(new Blob([csv.content], { type: 'text/csv;charset=utf-8' }), csv.fileName);
            }}
          >
            Export to Excel
          </Button>
        }
      />
      <CardContent>
        {history.isLoading && <LoadingSpinner label="Loading your payment history" />}
        {history.error && <Alert severity="warning">{history.error.message}</Alert>}
        {history.data && rows.length === 0 && <Typography color="text.secondary">No payments yet.</Typography>}
        {rows.length > 0 && (
          <TableContainer>
            <Table size="small" aria-label="My Payment History">
              <TableHead sx={{ '& th': { fontWeight: 700 } }}>
                <TableRow>
                  <TableCell>No#</TableCell>
                  <TableCell>Date Of Payment</TableCell>
                  <TableCell>From</TableCell>
                  <TableCell>To</TableCell>
                  <TableCell align="right">amount</TableCell>
                  <TableCell>Payment ID</TableCell>
                  <TableCell>Payment Type</TableCell>
                  <TableCell>Year Of Subscription</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={`${r.paymentCode}-${r.no}`}>
                    <TableCell>{r.no}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{shortDate(r.paymentDate)}</TableCell>
                    <TableCell>{r.paymentFrom}</TableCell>
                    <TableCell>{r.paymentTo}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatKes(r.amount)}
                    </TableCell>
                    <TableCell>{r.paymentID}</TableCell>
                    <TableCell>{r.paymentType}</TableCell>
                    <TableCell>{r.yearOfSubscription}</TableCell>
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

/** /payment-history: the history on its own. */
export function PaymentHistoryPage() {
  return <PaymentHistory />;
}
