import { CardMembership, ReceiptLong, RequestQuote } from '@mui/icons-material';
import {
  Alert,
  Box,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { encodeBase64, formatKes, type Subscription } from '@portal/contract';
import { useMyProfile } from '../../shared/member/queries';
import { PayNowButton } from '../../shared/payments/pay-now-button';
import { PAYMENT_DESCRIPTIONS } from '../../shared/payments/payment-request';
import { useFlash } from '../../shared/ui/flash';
import { LoadingSpinner } from '../../shared/ui/loading';
import { RowLinkButton } from '../../shared/ui/row-link-button';
import { STATUS_COLORS } from '../../shared/ui/status-colors';
import { useSubscriptions } from './api';
import { PaymentHistory } from './payment-history';
import { subscriptionActions } from './rules';

export const subscriptionDocumentRoute = (kind: 'document' | 'receipt' | 'certificate', code: string) =>
  `/subscription/${kind}/${encodeURIComponent(encodeBase64(code))}`;

function statusColor(sub: Subscription): string {
  if (sub.fullyPaid) return STATUS_COLORS.good;
  if (sub.paid) return STATUS_COLORS.pending;
  return STATUS_COLORS.bad;
}

/** /subscription: My Subscriptions with their row actions and the payment history (part 2 §2.3). */
export function SubscriptionListPage() {
  const subs = useSubscriptions();
  const profile = useMyProfile();
  const flash = useFlash();
  const rows = subs.data ?? [];

  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        My Subscriptions
      </Typography>
      {flash && (
        <Alert severity={flash.severity} role="status">
          {flash.message}
        </Alert>
      )}
      <Card>
        <CardHeader title="Subscriptions" slotProps={{ title: { variant: 'h6', sx: { fontWeight: 700 } } }} />
        <CardContent>
          {subs.isLoading && <LoadingSpinner label="Loading your subscriptions" />}
          {subs.error && <Alert severity="error">{subs.error.message}</Alert>}
          {subs.data?.length === 0 && <Typography color="text.secondary">You have no subscriptions yet.</Typography>}
          {rows.length > 0 && (
            <TableContainer>
              <Table size="small" aria-label="My Subscriptions">
                <TableHead sx={{ '& th': { fontWeight: 700 } }}>
                  <TableRow>
                    <TableCell>Period</TableCell>
                    <TableCell>Category</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell align="right">Amount</TableCell>
                    <TableCell align="right">Amount Paid</TableCell>
                    <TableCell>Date Paid</TableCell>
                    <TableCell>Actions</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((s) => {
                    const actions = subscriptionActions(s, { memberCategory: profile.data?.MemberShipType });
                    return (
                      <TableRow key={`${s.memberNo}-${s.subsPeriod}`}>
                        <TableCell>{s.subsPeriod}</TableCell>
                        <TableCell>{s.memberCategory}</TableCell>
                        <TableCell>
                          <Chip size="small" label={s.status} sx={{ bgcolor: statusColor(s), color: '#fff' }} />
                        </TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {formatKes(s.billedAmount)}
                        </TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {formatKes(s.paidAmount)}
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{s.lastPaidDate ? s.lastPaidDate.slice(0, 10) : ''}</TableCell>
                        <TableCell>
                          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                            {actions.invoice && (
                              <RowLinkButton to={subscriptionDocumentRoute('document', s.documentNo)} icon={<RequestQuote />}>
                                Invoice
                              </RowLinkButton>
                            )}
                            {actions.certificate && (
                              <RowLinkButton to={subscriptionDocumentRoute('certificate', s.documentNo)} icon={<CardMembership />}>
                                Certificate
                              </RowLinkButton>
                            )}
                            {actions.receipt && s.recieptNo && (
                              <RowLinkButton to={subscriptionDocumentRoute('receipt', s.recieptNo)} icon={<ReceiptLong />}>
                                Receipt
                              </RowLinkButton>
                            )}
                            {actions.payNow && (
                              <PayNowButton
                                size="small"
                                payment={{
                                  sourceDocumentNo: s.documentNo,
                                  description: PAYMENT_DESCRIPTIONS.subscription,
                                  amount: s.remainingAmount,
                                  successUrl: '/subscription',
                                }}
                              />
                            )}
                          </Box>
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </CardContent>
      </Card>
      <PaymentHistory />
    </Stack>
  );
}
