import { Alert, Box, Button, Card, CardContent, CardHeader, Chip, Stack, Typography } from '@mui/material';
import { billingMessages, formatKes, type Subscription } from '@portal/contract';
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useRouteCode } from '../../shared/documents/routes';
import { useMyProfile } from '../../shared/member/queries';
import { billingDownloadName, shortDate } from '../../shared/payments/documents';
import { useCategories } from '../../shared/settings/use-settings';
import { LoadingSpinner } from '../../shared/ui/loading';
import { PdfViewer } from '../../shared/ui/pdf-viewer';
import { useSubscriptionDocument, useSubscriptions } from './api';
import { SubscriptionActionButtons, SubscriptionStatusChip } from './subscription-actions';
import { subscriptionCardRoute, subscriptionForCard } from './subscription-card';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The year's facts and its actions (Invoice, Certificate, Receipt, Pay Now) under the list's rules (part 2 §2.3). */
function SubscriptionCard({ sub }: { sub: Subscription }) {
  const profile = useMyProfile();
  const categories = useCategories();
  const category = categories.data?.find((c) => c.Code === sub.memberCategory)?.Description ?? sub.memberCategory;
  return (
    <Card component="section" aria-label={`Subscription ${sub.subsPeriod}`}>
      <CardHeader
        title={`Subscription ${sub.subsPeriod}`}
        subheader={category}
        action={<SubscriptionStatusChip sub={sub} />}
        slotProps={{ title: { variant: 'h6', component: 'h2', sx: { fontWeight: 700 } }, action: { sx: { alignSelf: 'center', m: 0 } } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, columnGap: 3, rowGap: 2, m: 0, mb: 3 }}
        >
          <Fact label="Member No.">{sub.memberNo}</Fact>
          <Fact label="Amount">{formatKes(sub.billedAmount)}</Fact>
          <Fact label="Amount Paid">{formatKes(sub.paidAmount)}</Fact>
          <Fact label="Balance">{formatKes(sub.remainingAmount)}</Fact>
          <Fact label="Invoice No.">{sub.billed ? sub.documentNo : '—'}</Fact>
          <Fact label="Due Date">{shortDate(sub.dueDate)}</Fact>
          <Fact label="Date Paid">{shortDate(sub.lastPaidDate)}</Fact>
          <Fact label="Receipt No.">{sub.recieptNo ?? '—'}</Fact>
        </Box>
        <SubscriptionActionButtons
          sub={sub}
          memberCategory={profile.data?.MemberShipType}
          successUrl={subscriptionCardRoute(sub.subsPeriod)}
        />
      </CardContent>
    </Card>
  );
}

/** The year's invoice as the server renders it now (`GET subs/proforma/{documentNo}`), with Download. */
function LiveInvoice({ sub }: { sub: Subscription }) {
  const navigate = useNavigate();
  const invoice = useSubscriptionDocument('invoice', sub.documentNo);
  return (
    <Box component="section" aria-label="Invoice">
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        Invoice
      </Typography>
      <PdfViewer
        data={invoice.data}
        loading={invoice.isLoading}
        error={invoice.error ? invoice.error.message : null}
        fileName={billingDownloadName('INVOICE')}
        onBack={() => navigate('/subscription')}
      />
    </Box>
  );
}

/** Links to the member's other years' cards. */
function OtherYears({ subscriptions, current }: { subscriptions: Subscription[]; current: Subscription }) {
  const others = subscriptions.filter((s) => s.subsPeriod !== current.subsPeriod);
  if (!others.length) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }} component="nav" aria-label="Other years">
      <Typography variant="body2" color="text.secondary">
        Other years:
      </Typography>
      {others.map((s) => (
        <Chip
          key={s.subsPeriod}
          label={s.subsPeriod}
          component={RouterLink}
          to={subscriptionCardRoute(s.subsPeriod)}
          clickable
          variant="outlined"
        />
      ))}
    </Stack>
  );
}

function BackToList() {
  return (
    <Box>
      <Button component={RouterLink} to="/subscription" variant="outlined">
        Back to My Subscriptions
      </Button>
    </Box>
  );
}

/**
 * /subscription/card/{code?} (part 2 §2.3): one subscription year as a card with its facts and actions, and its live
 * invoice. The code (raw or base64) is a period, an invoice number, `memberNo-period` or a member number; without
 * one the newest year shows (decision 035).
 */
export function SubscriptionCardPage() {
  const code = useRouteCode();
  const subs = useSubscriptions();
  const list = subs.data ?? [];
  const sub = subs.data ? subscriptionForCard(list, code) : null;

  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        My Subscription
      </Typography>
      {subs.isLoading && <LoadingSpinner label="Loading your subscription" />}
      {subs.error && <Alert severity="error">{subs.error.message}</Alert>}
      {subs.data && !sub && (
        <>
          {list.length === 0 && !code ? (
            <Alert severity="info">You have no subscriptions yet.</Alert>
          ) : (
            <Alert severity="error">{billingMessages.subscriptionNotFound}</Alert>
          )}
          <BackToList />
        </>
      )}
      {sub && (
        <>
          <SubscriptionCard sub={sub} />
          <OtherYears subscriptions={list} current={sub} />
          {sub.billed ? <LiveInvoice sub={sub} /> : <BackToList />}
        </>
      )}
    </Stack>
  );
}
