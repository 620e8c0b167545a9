import { AddCard, EventRepeat, RemoveCircleOutline } from '@mui/icons-material';
import { Alert, Box, Button, Card, CardContent, Stack, Tab, Tabs, Typography } from '@mui/material';
import { type BillingRun, formatKes } from '@portal/contract';
import { useState } from 'react';
import { shortDate } from '../../shared/payments/documents';
import { useToast } from '../../shared/ui/toast';
import { useBillingRuns } from './api';
import { ArrearsTab } from './arrears-tab';
import { type CreditNoteDefaults, CreditNoteDialog, ManualPaymentDialog, type PaymentDefaults, RunBillingDialog } from './dialogs';
import { InvoicesTab } from './invoices-tab';
import { PaymentsTab } from './payments-tab';

function LastRun({ run }: { run: BillingRun | undefined }) {
  if (!run) return <Typography color="text.secondary">No billing run yet.</Typography>;
  return (
    <Typography variant="body2" color="text.secondary">
      Last run: {run.period} on {shortDate(run.startedAt)}
      {run.runBy ? ` by ${run.runBy}` : ''} — {run.billedCount} billed, {run.skippedCount} skipped, {formatKes(run.totalAmount)}
    </Typography>
  );
}

const TABS = ['Invoices', 'Payments', 'Arrears'] as const;

/** /admin/billing: the yearly billing run, invoices, payments and arrears with totals, manual payments and credit notes. */
export function AdminBillingPage() {
  const toast = useToast();
  const runs = useBillingRuns();
  const [tab, setTab] = useState<(typeof TABS)[number]>('Invoices');
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<string | null>(null);
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
              <LastRun run={runs.data?.[0]} />
            </Box>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button variant="contained" startIcon={<EventRepeat />} onClick={() => setRunning(true)}>
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
          {result && (
            <Alert severity="success" sx={{ mt: 2 }} onClose={() => setResult(null)} role="status">
              {result}
            </Alert>
          )}
        </CardContent>
      </Card>
      <Card>
        <Tabs value={tab} onChange={(_, t) => setTab(t)} aria-label="Billing lists" sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}>
          {TABS.map((t) => (
            <Tab key={t} value={t} label={t} />
          ))}
        </Tabs>
        <CardContent>
          {tab === 'Invoices' && <InvoicesTab onPay={setPayment} onCredit={setCredit} />}
          {tab === 'Payments' && <PaymentsTab />}
          {tab === 'Arrears' && <ArrearsTab onPay={setPayment} />}
        </CardContent>
      </Card>
      <RunBillingDialog open={running} onClose={() => setRunning(false)} onDone={setResult} />
      <ManualPaymentDialog defaults={payment} onClose={() => setPayment(null)} onDone={(m) => toast(m)} />
      <CreditNoteDialog defaults={credit} onClose={() => setCredit(null)} onDone={(m) => toast(m)} />
    </Stack>
  );
}
