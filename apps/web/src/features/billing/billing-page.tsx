import { Alert, Box, Card, CardContent, CardHeader, Chip, Grid, Link, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { formatKes } from '@portal/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { type LedgerEntry, useBalance, useLedger } from '../../shared/member/money';
import { shortDate } from '../../shared/payments/documents';
import { documentRoute } from '../../shared/payments/routes';
import { useFlash } from '../../shared/ui/flash';
import { LoadingSpinner } from '../../shared/ui/loading';
import { PlainTable } from '../../shared/ui/plain-table';
import { ServerPagination } from '../../shared/ui/server-pagination';
import type { ServerTableColumn } from '../../shared/ui/server-table';
import { STATUS_COLORS } from '../../shared/ui/status-colors';
import { SummaryCard, usePhoneCards } from '../../shared/ui/summary-card';

function Figure({ label, value, tone }: { label: string; value: string; tone?: 'error' | 'success' }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" sx={{ fontWeight: 700 }} color={tone === 'error' ? STATUS_COLORS.bad : undefined}>
        {value}
      </Typography>
    </Box>
  );
}

const COLUMNS: ServerTableColumn[] = [
  'Document No',
  'Document Type',
  'Description',
  { label: 'Amount', align: 'right' },
  'Due Date',
  'Posting Date',
];

/** The document's number, a link to its viewer where it has one (invoices and receipts). */
function DocumentNo({ entry }: { entry: LedgerEntry }) {
  const to = documentRoute(entry);
  if (!to) return <>{entry.documentNo}</>;
  return (
    <Link component={RouterLink} to={to} underline="hover">
      {entry.documentNo}
    </Link>
  );
}

const isUnpaidInvoice = (entry: LedgerEntry) => entry.documentType === 'Invoice' && entry.remainingAmtLCY > 0;

const UnpaidChip = () => <Chip size="small" color="warning" variant="outlined" label="Unpaid" />;

function StatementTable({ rows }: { rows: LedgerEntry[] }) {
  return (
    <PlainTable label="My Statement" columns={COLUMNS}>
      {rows.map((e) => (
        <TableRow key={e.documentNo} hover>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            <DocumentNo entry={e} />
          </TableCell>
          <TableCell>
            {e.documentType}
            {isUnpaidInvoice(e) && (
              <Box component="span" sx={{ ml: 1 }}>
                <UnpaidChip />
              </Box>
            )}
          </TableCell>
          <TableCell>{e.description}</TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {formatKes(e.amountLCY)}
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{shortDate(e.dueDate)}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{shortDate(e.postingDate)}</TableCell>
        </TableRow>
      ))}
    </PlainTable>
  );
}

/** On a phone each statement row is a card: the document (a link to it), its amount, what it was for and its dates. */
function StatementCards({ rows }: { rows: LedgerEntry[] }) {
  return (
    <Stack spacing={1.5}>
      {rows.map((e) => (
        <SummaryCard
          key={e.documentNo}
          label={`${e.documentType} ${e.documentNo}`}
          head={
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
              <Typography variant="body2">
                <DocumentNo entry={e} /> · {e.documentType}
              </Typography>
              {isUnpaidInvoice(e) && <UnpaidChip />}
            </Stack>
          }
          aside={<Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{formatKes(e.amountLCY)}</Typography>}
          title={e.description}
        >
          <Typography variant="body2" color="text.secondary">
            Posted {shortDate(e.postingDate)}
            {e.dueDate && ` · Due ${shortDate(e.dueDate)}`}
          </Typography>
        </SummaryCard>
      ))}
    </Stack>
  );
}

/** /billing: My Transactions, the balance and the statement (the ledger) of the member (part 2 §2.5). */
export function BillingPage() {
  const ledger = useLedger();
  const balance = useBalance();
  const flash = useFlash();
  const phone = usePhoneCards();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  const rows = ledger.data ?? [];
  const shown = rows.slice(page * pageSize, page * pageSize + pageSize);

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        My Transactions
      </Typography>
      {flash && (
        <Alert severity={flash.severity} sx={{ mb: 2 }} role="status">
          {flash.message}
        </Alert>
      )}
      {balance.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {balance.error.message}
        </Alert>
      )}
      {balance.data && (
        <Card sx={{ mb: 3 }}>
          <CardContent>
            <Grid container spacing={3}>
              <Grid size={{ xs: 12, sm: 4 }}>
                <Figure label="Balance" value={formatKes(balance.data.BalanceLCY)} />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <Figure label="Unapplied credit" value={formatKes(balance.data.creditLCY)} />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <Figure
                  label="Arrears"
                  value={formatKes(balance.data.arrearsLCY)}
                  tone={balance.data.arrearsLCY > 0 ? 'error' : undefined}
                />
              </Grid>
            </Grid>
          </CardContent>
        </Card>
      )}
      <Card>
        <CardHeader title="My Statement" slotProps={{ title: { variant: 'h6', sx: { fontWeight: 700 } } }} />
        <CardContent>
          {ledger.isLoading && <LoadingSpinner label="Loading your statement" />}
          {ledger.error && <Alert severity="error">{ledger.error.message}</Alert>}
          {ledger.data?.length === 0 && <Typography color="text.secondary">No transactions yet.</Typography>}
          {rows.length > 0 && (
            <>
              {phone ? <StatementCards rows={shown} /> : <StatementTable rows={shown} />}
              {rows.length > 10 && (
                <ServerPagination
                  count={rows.length}
                  page={page}
                  pageSize={pageSize}
                  options={[10, 25, 50]}
                  onChange={(p, size) => {
                    setPage(p);
                    setPageSize(size);
                  }}
                />
              )}
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
