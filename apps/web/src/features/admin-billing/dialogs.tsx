import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import {
  billingRunRequest,
  type CreditNoteRequest,
  creditNoteRequest,
  MANUAL_PAYMENT_METHODS,
  type ManualPaymentRequest,
  manualPaymentRequest,
} from '@portal/contract';
import { useEffect, useState } from 'react';
import { type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import { ApiError } from '../../shared/api/client';
import { nairobiToday } from '../../shared/payments/documents';
import { adminBillingApi, useRefreshAdminBilling } from './api';

/** Puts the server's field messages on the form's fields; returns the message for the form's alert. */
function showServerErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown): string {
  if (error instanceof ApiError && error.errors) {
    const values = form.getValues();
    for (const [field, list] of Object.entries(error.errors)) {
      if (field in values) form.setError(field as Path<T>, { message: list[0] });
    }
  }
  return error instanceof Error ? error.message : 'Something went wrong';
}

/** Runs the yearly subscription billing for a period, after a confirmation (one invoice per Active member). */
export function RunBillingDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (message: string) => void }) {
  const refresh = useRefreshAdminBilling();
  const form = useForm<{ period: string }>({ resolver: zodResolver(billingRunRequest), defaultValues: { period: '' } });
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { errors } = form.formState;

  useEffect(() => {
    if (open) {
      form.reset({ period: nairobiToday().slice(0, 4) });
      setConfirming(null);
      setError(null);
    }
  }, [open, form]);

  async function run() {
    if (!confirming) return;
    setBusy(true);
    setError(null);
    try {
      const result = await adminBillingApi.run(confirming);
      await refresh();
      onDone(result.message);
      onClose();
    } catch (e) {
      setError(showServerErrors(form, e));
      setConfirming(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="run-billing-title">
      <DialogTitle id="run-billing-title">{confirming ? `Bill ${confirming} subscriptions?` : 'Run yearly billing'}</DialogTitle>
      <Box component="form" noValidate onSubmit={form.handleSubmit((v) => (confirming ? run() : setConfirming(v.period)))}>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {error}
            </Alert>
          )}
          {confirming ? (
            <DialogContentText>
              Every Active member without a {confirming} subscription invoice gets one at their category's subscription fee, and is told by
              email and SMS as their preferences allow. Members already billed for {confirming} are not billed again.
            </DialogContentText>
          ) : (
            <TextField
              label="Period (year)"
              autoFocus
              fullWidth
              sx={{ mt: 1 }}
              {...form.register('period')}
              error={Boolean(errors.period)}
              helperText={errors.period?.message ?? 'The subscription year to bill, e.g. 2026'}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={confirming ? () => setConfirming(null) : onClose} disabled={busy}>
            {confirming ? 'Back' : 'Cancel'}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {confirming ? (busy ? 'Billing…' : 'Yes, run billing') : 'Continue'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

export interface PaymentDefaults {
  memberNo?: string | null;
  invoiceNo?: string | null;
  amount?: number;
}

type PaymentForm = { memberNo: string; invoiceNo: string; amount: string; method: 'BANK' | 'CHEQUE'; reference: string; paidAt: string };

/** Records a bank or cheque payment with its reference; it settles the named invoice first, then the oldest. */
export function ManualPaymentDialog({
  defaults,
  onClose,
  onDone,
}: {
  defaults: PaymentDefaults | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const refresh = useRefreshAdminBilling();
  const form = useForm<PaymentForm>({ resolver: zodResolver(manualPaymentRequest) as never });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { errors } = form.formState;

  useEffect(() => {
    if (!defaults) return;
    form.reset({
      memberNo: defaults.memberNo ?? '',
      invoiceNo: defaults.invoiceNo ?? '',
      amount: defaults.amount ? defaults.amount.toFixed(2) : '',
      method: 'BANK',
      reference: '',
      paidAt: nairobiToday(),
    });
    setError(null);
  }, [defaults, form]);

  async function submit(values: PaymentForm) {
    setBusy(true);
    setError(null);
    try {
      const result = await adminBillingApi.recordPayment(values as ManualPaymentRequest);
      await refresh();
      onDone(result.message);
      onClose();
    } catch (e) {
      setError(showServerErrors(form, e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={Boolean(defaults)} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="manual-payment-title">
      <DialogTitle id="manual-payment-title">Record a payment</DialogTitle>
      <Box component="form" noValidate onSubmit={form.handleSubmit(submit)}>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {error}
            </Alert>
          )}
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Member number"
                fullWidth
                {...form.register('memberNo')}
                error={Boolean(errors.memberNo)}
                helperText={errors.memberNo?.message}
              />
              <TextField
                label="Invoice number (optional)"
                fullWidth
                {...form.register('invoiceNo')}
                error={Boolean(errors.invoiceNo)}
                helperText={errors.invoiceNo?.message ?? 'Settled first; the rest goes to the oldest open invoices'}
              />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Amount (KES)"
                fullWidth
                {...form.register('amount')}
                error={Boolean(errors.amount)}
                helperText={errors.amount?.message}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <TextField
                select
                label="Method"
                fullWidth
                value={form.watch('method') ?? 'BANK'}
                onChange={(e) => form.setValue('method', e.target.value as PaymentForm['method'], { shouldValidate: true })}
                error={Boolean(errors.method)}
                helperText={errors.method?.message}
              >
                {MANUAL_PAYMENT_METHODS.map((m) => (
                  <MenuItem key={m} value={m}>
                    {m === 'BANK' ? 'Bank' : 'Cheque'}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Reference"
                fullWidth
                {...form.register('reference')}
                error={Boolean(errors.reference)}
                helperText={errors.reference?.message ?? 'Bank transaction or cheque number'}
              />
              <TextField
                label="Date paid"
                type="date"
                fullWidth
                {...form.register('paidAt')}
                error={Boolean(errors.paidAt)}
                helperText={errors.paidAt?.message}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: nairobiToday() } }}
              />
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Recording…' : 'Record payment'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

export interface CreditNoteDefaults {
  invoiceNo?: string | null;
  remaining?: number;
}

type CreditForm = { invoiceNo: string; amount: string; reason: string };

/** Issues a credit note against an invoice: the only correction of a posted invoice. */
export function CreditNoteDialog({
  defaults,
  onClose,
  onDone,
}: {
  defaults: CreditNoteDefaults | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const refresh = useRefreshAdminBilling();
  const form = useForm<CreditForm>({ resolver: zodResolver(creditNoteRequest) as never });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { errors } = form.formState;

  useEffect(() => {
    if (!defaults) return;
    form.reset({ invoiceNo: defaults.invoiceNo ?? '', amount: '', reason: '' });
    setError(null);
  }, [defaults, form]);

  async function submit(values: CreditForm) {
    setBusy(true);
    setError(null);
    try {
      const result = await adminBillingApi.creditNote(values as CreditNoteRequest);
      await refresh();
      onDone(result.message);
      onClose();
    } catch (e) {
      setError(showServerErrors(form, e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={Boolean(defaults)} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="credit-note-title">
      <DialogTitle id="credit-note-title">Issue a credit note</DialogTitle>
      <Box component="form" noValidate onSubmit={form.handleSubmit(submit)}>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {error}
            </Alert>
          )}
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Invoice number"
                fullWidth
                {...form.register('invoiceNo')}
                error={Boolean(errors.invoiceNo)}
                helperText={errors.invoiceNo?.message}
              />
              <TextField
                label="Amount (KES)"
                fullWidth
                {...form.register('amount')}
                error={Boolean(errors.amount)}
                helperText={
                  errors.amount?.message ??
                  (defaults?.remaining !== undefined ? `At most what is still owed: ${defaults.remaining.toFixed(2)}` : undefined)
                }
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Stack>
            <TextField
              label="Reason"
              fullWidth
              multiline
              minRows={2}
              {...form.register('reason')}
              error={Boolean(errors.reason)}
              helperText={errors.reason?.message}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Issuing…' : 'Issue credit note'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
