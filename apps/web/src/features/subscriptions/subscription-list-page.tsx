import { Alert, Card, CardContent, CardHeader, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { formatDate, formatKes, type Subscription } from '@portal/contract';
import { useMyProfile } from '../../shared/member/queries';
import { useCategories } from '../../shared/settings/use-settings';
import { useFlash } from '../../shared/ui/flash';
import { LoadingSpinner } from '../../shared/ui/loading';
import { PlainTable } from '../../shared/ui/plain-table';
import type { ServerTableColumn } from '../../shared/ui/server-table';
import { SummaryCard, usePhoneCards } from '../../shared/ui/summary-card';
import { useSubscriptions } from './api';
import { PaymentHistory } from './payment-history';
import { SubscriptionActionButtons, SubscriptionStatusChip } from './subscription-actions';

const COLUMNS: ServerTableColumn[] = [
  'Period',
  'Category',
  'Status',
  { label: 'Amount', align: 'right' },
  { label: 'Amount Paid', align: 'right' },
  'Date Paid',
  'Actions',
];

/** Date Paid: the first ten characters of lastPaidDate (part 2 §2.3). */
// Part 2 §9 shows the first 10 characters (the day); as every date, '21 Jun 2018' (decision 040).
const datePaid = (sub: Subscription) => formatDate(sub.lastPaidDate);

interface ListProps {
  rows: Subscription[];
  memberCategory: string | null | undefined;
}

/** A category code as its description ('Professional Engineer', not 'PROFESSIONAL'; decision 040), else the code. */
function useCategoryName(): (code: string | null | undefined) => string {
  const categories = useCategories();
  return (code) => categories.data?.find((c) => c.Code === code)?.Description ?? code ?? '';
}

function SubscriptionTable({ rows, memberCategory }: ListProps) {
  const categoryName = useCategoryName();
  return (
    <PlainTable label="My Subscriptions" columns={COLUMNS}>
      {rows.map((s) => (
        <TableRow key={`${s.memberNo}-${s.subsPeriod}`}>
          <TableCell>{s.subsPeriod}</TableCell>
          <TableCell>{categoryName(s.memberCategory)}</TableCell>
          <TableCell>
            <SubscriptionStatusChip sub={s} size="small" />
          </TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {formatKes(s.billedAmount)}
          </TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {formatKes(s.paidAmount)}
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{datePaid(s)}</TableCell>
          <TableCell>
            <SubscriptionActionButtons sub={s} memberCategory={memberCategory} successUrl="/subscription" />
          </TableCell>
        </TableRow>
      ))}
    </PlainTable>
  );
}

/** On a phone each subscription is a card with its amounts and every action, rather than a table wider than the screen. */
function SubscriptionCards({ rows, memberCategory }: ListProps) {
  const categoryName = useCategoryName();
  return (
    <Stack spacing={1.5}>
      {rows.map((s) => (
        <SummaryCard
          key={`${s.memberNo}-${s.subsPeriod}`}
          label={`Subscription ${s.subsPeriod}`}
          head={
            <Typography variant="body2" color="text.secondary">
              {s.subsPeriod} · {categoryName(s.memberCategory)}
            </Typography>
          }
          aside={<SubscriptionStatusChip sub={s} size="small" />}
          title={`Amount ${formatKes(s.billedAmount)}`}
        >
          <Typography variant="body2">
            Amount Paid {formatKes(s.paidAmount)}
            {datePaid(s) && ` on ${datePaid(s)}`}
          </Typography>
          <SubscriptionActionButtons sub={s} memberCategory={memberCategory} successUrl="/subscription" />
        </SummaryCard>
      ))}
    </Stack>
  );
}

/** /subscription: My Subscriptions with their row actions and the payment history (part 2 §2.3). */
export function SubscriptionListPage() {
  const subs = useSubscriptions();
  const profile = useMyProfile();
  const flash = useFlash();
  const phone = usePhoneCards();
  const rows = subs.data ?? [];
  const memberCategory = profile.data?.MemberShipType;

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
          {rows.length > 0 &&
            (phone ? (
              <SubscriptionCards rows={rows} memberCategory={memberCategory} />
            ) : (
              <SubscriptionTable rows={rows} memberCategory={memberCategory} />
            ))}
        </CardContent>
      </Card>
      <PaymentHistory />
    </Stack>
  );
}
