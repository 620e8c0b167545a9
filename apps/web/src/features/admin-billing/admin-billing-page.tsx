import { AddCard, EventRepeat, RemoveCircleOutline } from '@mui/icons-material';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { isRunOpen } from '@portal/contract';
import { lazy, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageTabs } from '../../shared/ui/page-tabs';
import { useToast } from '../../shared/ui/toast';
import { WhenOpened } from '../../shared/ui/when-opened';
import { useLatestRuns, useRefreshWhenRunEnds } from './api';
import { ArrearsTab } from './arrears-tab';
import { LastRun, RunProgress } from './billing-run-status';
import type { CreditNoteDefaults, PaymentDefaults } from './dialogs';
import { InvoicesTab } from './invoices-tab';
import { PaymentsTab } from './payments-tab';
import { RunsTab } from './runs-tab';

const CreditNoteDialog = lazy(() => import('./dialogs').then((m) => ({ default: m.CreditNoteDialog })));
const ManualPaymentDialog = lazy(() => import('./dialogs').then((m) => ({ default: m.ManualPaymentDialog })));
const RunBillingDialog = lazy(() => import('./dialogs').then((m) => ({ default: m.RunBillingDialog })));

const TABS = ['Invoices', 'Payments', 'Arrears', 'Runs'] as const;

/**
 * /admin/billing: the yearly billing run (the open one's progress, the runs' history a page at a time), invoices,
 * payments and arrears with totals, manual payments and credit notes.
 */
export function AdminBillingPage() {
  const toast = useToast();
  const runs = useLatestRuns();
  // The tab is in the address (?tab=payments), so a link, a reload or the back button keeps it.
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t.toLowerCase() === params.get('tab')) ?? 'Invoices';
  const setTab = (t: (typeof TABS)[number]) => setParams(t === 'Invoices' ? {} : { tab: t.toLowerCase() }, { replace: true });
  const [running, setRunning] = useState(false);
  // The run asked for here (or found open): its progress, then its outcome until closed.
  const [watching, setWatching] = useState(false);
  const latest = runs.data?.runs[0];
  const open = Boolean(latest && isRunOpen(latest));
  useRefreshWhenRunEnds(latest);
  // Whoever saw it running is told how it ended.
  useEffect(() => {
    if (open) setWatching(true);
  }, [open]);
  const [payment, setPayment] = useState<PaymentDefaults | null>(null);
  const [credit, setCredit] = useState<CreditNoteDefaults | null>(null);

  return (
    <Stack spacing={3}>
      <Card>
        <CardContent>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
            <Box>
              <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
                Billing
              </Typography>
              <LastRun run={runs.data?.runs.find((run) => !isRunOpen(run))} />
            </Box>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button variant="contained" startIcon={<EventRepeat />} onClick={() => setRunning(true)} disabled={open}>
                Run billing
              </Button>
              <Button variant="outlined" startIcon={<AddCard />} onClick={() => setPayment({})}>
                Record payment
              </Button>
              <Button variant="outlined" startIcon={<RemoveCircleOutline />} onClick={() => setCredit({})}>
                Issue credit note
              </Button>
            </Stack>
          </Stack>
          {latest && (open || watching) && <RunProgress run={latest} onClose={() => setWatching(false)} />}
        </CardContent>
      </Card>
      <Card>
        <PageTabs
          value={tab}
          onChange={setTab}
          label="Billing lists"
          tabs={TABS.map((t) => ({ value: t, label: t }))}
          sx={{ px: { sm: 2 }, borderBottom: 1, borderColor: 'divider' }}
        />
        <CardContent>
          {tab === 'Invoices' && <InvoicesTab onPay={setPayment} onCredit={setCredit} />}
          {tab === 'Payments' && <PaymentsTab />}
          {tab === 'Arrears' && <ArrearsTab onPay={setPayment} />}
          {tab === 'Runs' && <RunsTab polling={open} />}
        </CardContent>
      </Card>
      <WhenOpened open={running}>
        <RunBillingDialog open={running} onClose={() => setRunning(false)} onDone={() => setWatching(true)} />
      </WhenOpened>
      <WhenOpened open={Boolean(payment)}>
        <ManualPaymentDialog defaults={payment} onClose={() => setPayment(null)} onDone={(m) => toast(m)} />
      </WhenOpened>
      <WhenOpened open={Boolean(credit)}>
        <CreditNoteDialog defaults={credit} onClose={() => setCredit(null)} onDone={(m) => toast(m)} />
      </WhenOpened>
    </Stack>
  );
}
