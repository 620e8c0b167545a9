import { Visibility } from '@mui/icons-material';
import { Alert, Card, CardContent, CardHeader, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { formatKes } from '@portal/contract';
import { type LedgerEntry, usePendingPayments } from '../../shared/member/money';
import { shortDate } from '../../shared/payments/documents';
import { invoicePayment, PayNowButton } from '../../shared/payments/pay-now-button';
import { invoiceRoute } from '../../shared/payments/routes';
import { LoadingSpinner } from '../../shared/ui/loading';
import { PlainTable } from '../../shared/ui/plain-table';
import { RowLinkButton } from '../../shared/ui/row-link-button';
import type { ServerTableColumn } from '../../shared/ui/server-table';
import { SummaryCard, usePhoneCards } from '../../shared/ui/summary-card';

const COLUMNS: ServerTableColumn[] = [
  'Document No',
  'Description',
  'Due Date',
  { label: 'Amount', align: 'right' },
  { label: 'Outstanding', align: 'right' },
  'Actions',
];

/** Preview (the invoice viewer) and Pay Now for what is left of the invoice. */
function PendingActions({ entry }: { entry: LedgerEntry }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <RowLinkButton to={invoiceRoute(entry.documentNo)} icon={<Visibility />}>
        Preview
      </RowLinkButton>
      <PayNowButton size="small" payment={invoicePayment(entry, '/dashboard')} />
    </Stack>
  );
}

function PendingTable({ rows }: { rows: LedgerEntry[] }) {
  return (
    <PlainTable label="Pending Payments" columns={COLUMNS}>
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
            <PendingActions entry={e} />
          </TableCell>
        </TableRow>
      ))}
    </PlainTable>
  );
}

/** On a phone each invoice is a card with what is outstanding and both actions in view. */
function PendingCards({ rows }: { rows: LedgerEntry[] }) {
  return (
    <Stack spacing={1.5}>
      {rows.map((e) => (
        <SummaryCard
          key={e.documentNo}
          label={`Invoice ${e.documentNo}`}
          head={
            <Typography variant="body2" color="text.secondary">
              {e.documentNo} · Due {shortDate(e.dueDate)}
            </Typography>
          }
          aside={null}
          title={e.description}
        >
          <Typography variant="body2">
            Outstanding <strong>{formatKes(e.remainingAmtLCY)}</strong>
            {e.remainingAmtLCY !== e.amountLCY && ` of ${formatKes(e.amountLCY)}`}
          </Typography>
          <PendingActions entry={e} />
        </SummaryCard>
      ))}
    </Stack>
  );
}

/** Pending Payments (part 1 §2, §9): invoices with something left to pay, each with Preview (the invoice viewer). */
export function PendingPayments() {
  const pending = usePendingPayments();
  const phone = usePhoneCards();
  const rows = pending.data ?? [];
  return (
    <Card>
      <CardHeader title="Pending Payments" slotProps={{ title: { variant: 'h6', sx: { fontWeight: 700 } } }} />
      <CardContent>
        {pending.isLoading && <LoadingSpinner label="Loading pending payments" />}
        {pending.error && <Alert severity="error">{pending.error.message}</Alert>}
        {pending.data?.length === 0 && <Typography color="text.secondary">Nothing to pay.</Typography>}
        {rows.length > 0 && (phone ? <PendingCards rows={rows} /> : <PendingTable rows={rows} />)}
      </CardContent>
    </Card>
  );
}
