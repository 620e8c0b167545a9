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
import { type ReactNode, useEffect, useState } from 'react';
import { type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import { ApiError } from '../../shared/api/client';
import { nairobiToday } from '../../shared/payments/documents';
import { DateField } from '../../shared/ui/date-field';
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

/** A registered text field's props: its value binding, and the field's message (else the hint) below it. */
function fieldProps<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>, hint?: string) {
  const fieldError = form.formState.errors[name];
  return {
    ...form.register(name),
    error: Boolean(fieldError),
    helperText: (fieldError?.message as string | undefined) ?? hint,
  };
}

/**
 * Sends one of the dialogs' requests: busy while it goes; on success refresh the lists, report the server's
 * message and close; on failure the server's messages go on the fields and in the dialog's alert.
 */
function useDialogRequest<T extends FieldValues>(
  form: UseFormReturn<T>,
  { onDone, onClose, onFail }: { onDone: (message: string) => void; onClose: () => void; onFail?: () => void },
) {
  const refresh = useRefreshAdminBilling();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function send(request: () => Promise<{ message: string }>) {
    setBusy(true);
    setError(null);
    try {
      const result = await request();
      await refresh();
      onDone(result.message);
      onClose();
    } catch (e) {
      setError(showServerErrors(form, e));
      onFail?.();
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, setError, send };
}

/** The dialogs' frame: title, a form with the error alert above its fields, and Cancel (or Back) and submit buttons. */
function FormDialog({
  id,
  open,
  title,
  maxWidth = 'sm',
  busy,
  error,
  onClose,
  onSubmit,
  cancel = { label: 'Cancel', onClick: onClose },
  submitLabel,
  children,
}: {
  id: string;
  open: boolean;
  title: string;
  maxWidth?: 'xs' | 'sm';
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: ReturnType<UseFormReturn['handleSubmit']>;
  cancel?: { label: string; onClick: () => void };
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth={maxWidth} fullWidth aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {error}
            </Alert>
          )}
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={cancel.onClick} disabled={busy}>
            {cancel.label}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Runs the yearly subscription billing for a period, after a confirmation (one invoice per Active member). */
export function RunBillingDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (message: string) => void }) {
  const form = useForm<{ period: string }>({ resolver: zodResolver(billingRunRequest), defaultValues: { period: '' } });
  const [confirming, setConfirming] = useState<string | null>(null);
  const { busy, error, setError, send } = useDialogRequest(form, { onDone, onClose, onFail: () => setConfirming(null) });

  useEffect(() => {
    if (open) {
      form.reset({ period: nairobiToday().slice(0, 4) });
      setConfirming(null);
      setError(null);
    }
  }, [open, form, setError]);

  async function run() {
    if (!confirming) return;
    await send(() => adminBillingApi.run(confirming));
  }

  return (
    <FormDialog
      id="run-billing"
      open={open}
      title={confirming ? `Bill ${confirming} subscriptions?` : 'Run yearly billing'}
      maxWidth="xs"
      busy={busy}
      error={error}
      onClose={onClose}
      onSubmit={form.handleSubmit((v) => (confirming ? run() : setConfirming(v.period)))}
      cancel={confirming ? { label: 'Back', onClick: () => setConfirming(null) } : undefined}
      submitLabel={confirming ? (busy ? 'Billing…' : 'Yes, run billing') : 'Continue'}
    >
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
          {...fieldProps(form, 'period', 'The subscription year to bill, e.g. 2026')}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
        />
      )}
    </FormDialog>
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
  const form = useForm<PaymentForm>({ resolver: zodResolver(manualPaymentRequest) as never });
  const { busy, error, setError, send } = useDialogRequest(form, { onDone, onClose });
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
  }, [defaults, form, setError]);

  return (
    <FormDialog
      id="manual-payment"
      open={Boolean(defaults)}
      title="Record a payment"
      busy={busy}
      error={error}
      onClose={onClose}
      onSubmit={form.handleSubmit((values) => send(() => adminBillingApi.recordPayment(values as ManualPaymentRequest)))}
      submitLabel={busy ? 'Recording…' : 'Record payment'}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label="Member number" fullWidth {...fieldProps(form, 'memberNo')} />
          <TextField
            label="Invoice number (optional)"
            fullWidth
            {...fieldProps(form, 'invoiceNo', 'Settled first; the rest goes to the oldest open invoices')}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label="Amount (KES)" fullWidth {...fieldProps(form, 'amount')} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
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
          <TextField label="Reference" fullWidth {...fieldProps(form, 'reference', 'Bank transaction or cheque number')} />
          <DateField label="Date paid" fullWidth {...fieldProps(form, 'paidAt')} max={nairobiToday()} />
        </Stack>
      </Stack>
    </FormDialog>
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
  const form = useForm<CreditForm>({ resolver: zodResolver(creditNoteRequest) as never });
  const { busy, error, setError, send } = useDialogRequest(form, { onDone, onClose });

  useEffect(() => {
    if (!defaults) return;
    form.reset({ invoiceNo: defaults.invoiceNo ?? '', amount: '', reason: '' });
    setError(null);
  }, [defaults, form, setError]);

  return (
    <FormDialog
      id="credit-note"
      open={Boolean(defaults)}
      title="Issue a credit note"
      busy={busy}
      error={error}
      onClose={onClose}
      onSubmit={form.handleSubmit((values) => send(() => adminBillingApi.creditNote(values as CreditNoteRequest)))}
      submitLabel={busy ? 'Issuing…' : 'Issue credit note'}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label="Invoice number" fullWidth {...fieldProps(form, 'invoiceNo')} />
          <TextField
            label="Amount (KES)"
            fullWidth
            {...fieldProps(
              form,
              'amount',
              defaults?.remaining !== undefined ? `At most what is still owed: ${defaults.remaining.toFixed(2)}` : undefined,
            )}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Stack>
        <TextField label="Reason" fullWidth multiline minRows={2} {...fieldProps(form, 'reason')} />
      </Stack>
    </FormDialog>
  );
}
