import {
  Alert,
  Box,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Grid,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { formatKes } from '@portal/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useBalance, useLedger } from '../../shared/member/money';
import { shortDate } from '../../shared/payments/documents';
import { documentRoute } from '../../shared/payments/routes';
import { useFlash } from '../../shared/ui/flash';
import { LoadingSpinner } from '../../shared/ui/loading';
import { STATUS_COLORS } from '../../shared/ui/status-colors';

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

/** /billing: My Transactions, the balance and the statement (the ledger) of the member (part 2 §2.5). */
export function BillingPage() {
  const ledger = useLedger();
  const balance = useBalance();
  const flash = useFlash();
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
              <TableContainer>
                <Table size="small" aria-label="My Statement">
                  <TableHead sx={{ '& th': { fontWeight: 700 } }}>
                    <TableRow>
                      <TableCell>Document No</TableCell>
                      <TableCell>Document Type</TableCell>
                      <TableCell>Description</TableCell>
                      <TableCell align="right">Amount</TableCell>
                      <TableCell>Due Date</TableCell>
                      <TableCell>Posting Date</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {shown.map((e) => {
                      const to = documentRoute(e);
                      return (
                        <TableRow key={e.documentNo} hover>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>
                            {to ? (
                              <Link component={RouterLink} to={to} underline="hover">
                                {e.documentNo}
                              </Link>
                            ) : (
                              e.documentNo
                            )}
                          </TableCell>
                          <TableCell>
                            {e.documentType}
                            {e.documentType === 'Invoice' && e.remainingAmtLCY > 0 && (
                              <Chip size="small" color="warning" variant="outlined" label="Unpaid" sx={{ ml: 1 }} />
                            )}
                          </TableCell>
                          <TableCell>{e.description}</TableCell>
                          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                            {formatKes(e.amountLCY)}
                          </TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>{shortDate(e.dueDate)}</TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>{shortDate(e.postingDate)}</TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </TableContainer>
              {rows.length > 10 && (
                <TablePagination
                  component="div"
                  count={rows.length}
                  page={page}
                  rowsPerPage={pageSize}
                  rowsPerPageOptions={[10, 25, 50]}
                  onPageChange={(_, p) => setPage(p)}
                  onRowsPerPageChange={(ev) => {
                    setPageSize(Number(ev.target.value));
                    setPage(0);
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
