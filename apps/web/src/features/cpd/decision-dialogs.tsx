import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Checkbox, Dialog, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { CPD_ACTIVITY_TYPE_LABELS, type CpdActivity, cpdAcceptRequest, cpdMessages, cpdRejectRequest } from '@portal/contract';
import { type ReactNode, useState } from 'react';
import { Controller, type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import { eachFieldError } from '../../shared/ui/field-errors';
import { FormDialogFrame } from '../../shared/ui/form-dialog';
import { useToast } from '../../shared/ui/toast';
import { cpdApi, useRefreshCpd } from './api';
import { activitySpan } from './components';
import { structuredByDefault } from './rules';

export type Decision = { kind: 'accept' | 'reject'; activity: CpdActivity };

/** What is being decided: the member, the activity and its hours. */
function ActivitySummary({ activity }: { activity: CpdActivity }) {
  return (
    <Box sx={{ bgcolor: 'grey.50', border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Typography sx={{ fontWeight: 600 }}>{activity.description}</Typography>
      <Typography variant="body2" color="text.secondary">
        {activity.name} ({activity.memberNo ?? '—'}) · {CPD_ACTIVITY_TYPE_LABELS[activity.activityType]} · {activity.provider}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {activitySpan(activity)}
      </Typography>
    </Box>
  );
}

/** Sends the decision: busy while it goes, then refresh and a toast; a failure's messages on the fields and in the alert. */
async function send<T extends FieldValues>(
  form: UseFormReturn<T>,
  request: () => Promise<unknown>,
  done: { refresh: () => Promise<unknown>; toast: (m: string) => void; message: string; onClose: () => void },
  setError: (m: string | null) => void,
) {
  setError(null);
  try {
    await request();
    await done.refresh();
    done.toast(done.message);
    done.onClose();
  } catch (error) {
    const values = form.getValues();
    eachFieldError(error, (field, message) => {
      if (field in values) form.setError(field as Path<T>, { message });
    });
    setError(error instanceof Error ? error.message : 'Something went wrong');
  }
}

/** The decision's form in the dialog, the request's error above the fields. */
function DialogFrame({
  title,
  error,
  busy,
  confirm,
  danger,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  error: string | null;
  busy: boolean;
  confirm: string;
  danger?: boolean;
  onClose: () => void;
  onSubmit: (e?: React.BaseSyntheticEvent) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <FormDialogFrame
      titleId="cpd-decision-title"
      title={title}
      busy={busy}
      busyLabel="Saving the decision"
      confirm={confirm}
      danger={danger}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        {children}
      </Stack>
    </FormDialogFrame>
  );
}

function AcceptForm({ activity, onClose }: { activity: CpdActivity; onClose: () => void }) {
  const toast = useToast();
  const refresh = useRefreshCpd();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{ points: number; structured: boolean }>({
    resolver: zodResolver(cpdAcceptRequest),
    defaultValues: { points: activity.hours, structured: structuredByDefault(activity.activityType) },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit((values) =>
    send(form, () => cpdApi.accept(activity.id, values), { refresh, toast, message: cpdMessages.accepted, onClose }, setError),
  );
  return (
    <DialogFrame title="Accept the activity" error={error} busy={isSubmitting} confirm="Accept" onClose={onClose} onSubmit={submit}>
      <ActivitySummary activity={activity} />
      <TextField
        label="CPD points"
        type="number"
        required
        autoFocus
        {...form.register('points', { valueAsNumber: true })}
        error={Boolean(errors.points)}
        helperText={errors.points?.message ?? 'Prefilled with the hours; change it if the points differ.'}
        slotProps={{ htmlInput: { min: 0, max: 1000, step: 0.5, inputMode: 'decimal' } }}
      />
      <Controller
        control={form.control}
        name="structured"
        render={({ field }) => (
          <FormControlLabel
            control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
            label="Counts as structured"
          />
        )}
      />
    </DialogFrame>
  );
}

function RejectForm({ activity, onClose }: { activity: CpdActivity; onClose: () => void }) {
  const toast = useToast();
  const refresh = useRefreshCpd();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{ reason: string }>({ resolver: zodResolver(cpdRejectRequest), defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit((values) =>
    send(form, () => cpdApi.reject(activity.id, values), { refresh, toast, message: cpdMessages.rejected, onClose }, setError),
  );
  return (
    <DialogFrame title="Reject the activity" error={error} busy={isSubmitting} confirm="Reject" danger onClose={onClose} onSubmit={submit}>
      <ActivitySummary activity={activity} />
      <TextField
        label="Reason"
        required
        multiline
        minRows={3}
        autoFocus
        {...form.register('reason')}
        error={Boolean(errors.reason)}
        helperText={errors.reason?.message ?? 'The member sees this reason.'}
      />
    </DialogFrame>
  );
}

/** Accept (points prefilled with the hours, structured per the activity type) or Reject (with a required reason). */
export function DecisionDialog({ decision, onClose }: { decision: Decision | null; onClose: () => void }) {
  return (
    <Dialog open={Boolean(decision)} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="cpd-decision-title">
      {decision?.kind === 'accept' && <AcceptForm key={decision.activity.id} activity={decision.activity} onClose={onClose} />}
      {decision?.kind === 'reject' && <RejectForm key={decision.activity.id} activity={decision.activity} onClose={onClose} />}
    </Dialog>
  );
}
