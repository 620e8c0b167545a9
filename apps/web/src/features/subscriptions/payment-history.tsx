import { FileDownload } from '@mui/icons-material';
import { Alert, Button, Card, CardContent, CardHeader, Chip, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { formatKes, formatPhone, type PaymentHistoryRecord, paymentHistoryCsv, sortPaymentHistory } from '@portal/contract';
import { useEffect, useMemo } from 'react';
import { useMyProfile } from '../../shared/member/queries';
import { shortDate } from '../../shared/payments/documents';
import { LoadingSpinner } from '../../shared/ui/loading';
import { PlainTable } from '../../shared/ui/plain-table';
import { saveBlob } from '../../shared/ui/save-blob';
import type { ServerTableColumn } from '../../shared/ui/server-table';
import { SummaryCard, usePhoneCards } from '../../shared/ui/summary-card';
import { useToast } from '../../shared/ui/toast';
import { usePaymentHistory } from './api';

const COLUMNS: ServerTableColumn[] = [
  'No#',
  'Date Of Payment',
  'From',
  'To',
  { label: 'amount', align: 'right' },
  'Payment ID',
  'Payment Type',
  'Year Of Subscription',
];

function HistoryTable({ rows }: { rows: PaymentHistoryRecord[] }) {
  return (
    <PlainTable label="My Payment History" columns={COLUMNS}>
      {rows.map((r) => (
        <TableRow key={`${r.paymentCode}-${r.no}`}>
          <TableCell>{r.no}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{shortDate(r.paymentDate)}</TableCell>
          <TableCell>{formatPhone(r.paymentFrom)}</TableCell>
          <TableCell>{r.paymentTo}</TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {formatKes(r.amount)}
          </TableCell>
          <TableCell>{r.paymentID}</TableCell>
          <TableCell>{r.paymentType}</TableCell>
          <TableCell>{r.yearOfSubscription}</TableCell>
        </TableRow>
      ))}
    </PlainTable>
  );
}

/** On a phone each payment is a card: the year it paid, the amount, when, how and from whom. */
function HistoryCards({ rows }: { rows: PaymentHistoryRecord[] }) {
  return (
    <Stack spacing={1.5}>
      {rows.map((r) => (
        <SummaryCard
          key={`${r.paymentCode}-${r.no}`}
          label={`Payment ${r.paymentCode}`}
          head={
            <Typography variant="body2" color="text.secondary">
              {r.no}. {shortDate(r.paymentDate)} · {r.paymentType}
            </Typography>
          }
          aside={<Chip size="small" variant="outlined" label={`Subscription ${r.yearOfSubscription}`} />}
          title={formatKes(r.amount)}
        >
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            Payment ID {r.paymentID}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            From {formatPhone(r.paymentFrom)} to {r.paymentTo}
          </Typography>
        </SummaryCard>
      ))}
    </Stack>
  );
}

/**
 * My Payment History (part 2 §2.3): newest year of subscription first, with Export to Excel (a CSV named
 * payment-history-{memberNo}.csv, part 2 §7), disabled while the list is empty. Failures show as a warning toast (§8).
 */
export function PaymentHistory() {
  const history = usePaymentHistory();
  const profile = useMyProfile();
  const toast = useToast();
  const phone = usePhoneCards();
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
        {rows.length > 0 && (phone ? <HistoryCards rows={rows} /> : <HistoryTable rows={rows} />)}
      </CardContent>
    </Card>
  );
}

/** /payment-history: the history on its own. */
export function PaymentHistoryPage() {
  return <PaymentHistory />;
}
