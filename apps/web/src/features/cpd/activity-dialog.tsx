import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Dialog, Grid, MenuItem, TextField } from '@mui/material';
import {
  CPD_ACTIVITY_TYPE_LABELS,
  CPD_ACTIVITY_TYPES,
  type CpdActivity,
  type CpdActivityInput,
  cpdActivityInput,
  cpdMessages,
} from '@portal/contract';
import { useState } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import { nairobiToday } from '../../shared/payments/documents';
import { DateField } from '../../shared/ui/date-field';
import { eachFieldError } from '../../shared/ui/field-errors';
import { FormDialogFrame } from '../../shared/ui/form-dialog';
import { useToast } from '../../shared/ui/toast';
import { type ActivityFields, cpdApi, useRefreshCpd } from './api';
import { EvidenceField } from './evidence-field';
import { evidenceProblem } from './rules';

function defaults(activity: CpdActivity | null): ActivityFields {
  return {
    activityType: activity?.activityType ?? '',
    description: activity?.description ?? '',
    provider: activity?.provider ?? '',
    location: activity?.location ?? '',
    startDate: activity?.startDate.slice(0, 10) ?? '',
    endDate: activity?.endDate.slice(0, 10) ?? '',
    hours: activity ? String(activity.hours) : '',
  };
}

/**
 * Record an activity, or edit a pending one (the same form, prefilled; the evidence then optional). The rules
 * are the contract's, so every message shows on the first submit, the evidence's with them.
 */
export function ActivityDialog({ open, activity, onClose }: { open: boolean; activity: CpdActivity | null; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="cpd-activity-title">
      {open && <ActivityForm key={activity?.id ?? 'new'} activity={activity} onClose={onClose} />}
    </Dialog>
  );
}

function ActivityForm({ activity, onClose }: { activity: CpdActivity | null; onClose: () => void }) {
  const toast = useToast();
  const refresh = useRefreshCpd();
  const form = useForm<ActivityFields>({
    resolver: zodResolver(cpdActivityInput as never) as never,
    defaultValues: defaults(activity),
  });
  const [evidence, setEvidence] = useState<File | null>(null);
  const [evidenceError, setEvidenceError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const today = nairobiToday();

  const checkEvidence = () => {
    const problem = evidenceProblem(evidence, !activity);
    setEvidenceError(problem);
    return problem;
  };

  const submit = form.handleSubmit(async (parsed) => {
    if (checkEvidence()) return;
    setServerError(null);
    const value = parsed as unknown as CpdActivityInput;
    const fields: ActivityFields = {
      activityType: String(value.activityType),
      description: value.description,
      provider: value.provider,
      location: value.location ?? '',
      startDate: value.startDate,
      endDate: value.endDate,
      hours: String(value.hours),
    };
    try {
      if (activity) await cpdApi.update(activity.id, fields, evidence);
      else await cpdApi.record(fields, evidence as File);
      await refresh();
      toast(activity ? cpdMessages.activityUpdated : cpdMessages.activitySaved);
      onClose();
    } catch (error) {
      eachFieldError(error, (field, message) => {
        if (field === 'evidence') setEvidenceError(message);
        else if (field in fields) form.setError(field as Path<ActivityFields>, { message });
      });
      setServerError(error instanceof Error ? error.message : 'Something went wrong');
    }
  }, checkEvidence);

  const text = (name: keyof ActivityFields) => ({
    ...form.register(name),
    error: Boolean(errors[name]),
    helperText: errors[name]?.message ?? ' ',
    fullWidth: true,
  });

  return (
    <FormDialogFrame
      titleId="cpd-activity-title"
      title={activity ? 'Edit activity' : 'Record an activity'}
      dividers
      busy={isSubmitting}
      busyLabel={evidence ? 'Uploading the evidence' : 'Saving'}
      confirm={isSubmitting ? 'Saving…' : activity ? 'Save changes' : 'Record activity'}
      onClose={onClose}
      onSubmit={submit}
    >
      {serverError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {serverError}
        </Alert>
      )}
      <Grid container columnSpacing={2} rowSpacing={1}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={form.control}
            name="activityType"
            render={({ field, fieldState }) => (
              <TextField
                select
                label="Activity type"
                required
                fullWidth
                value={field.value}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? ' '}
              >
                {CPD_ACTIVITY_TYPES.map((t) => (
                  <MenuItem key={t} value={t}>
                    {CPD_ACTIVITY_TYPE_LABELS[t]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label="Hours"
            required
            type="number"
            {...text('hours')}
            slotProps={{ htmlInput: { min: 0, max: 200, step: 0.5, inputMode: 'decimal' } }}
          />
        </Grid>
        <Grid size={12}>
          <TextField label="Description" required multiline minRows={2} {...text('description')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="Provider" required {...text('provider')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="Location" {...text('location')} />
        </Grid>
        {(['startDate', 'endDate'] as const).map((name) => (
          <Grid key={name} size={{ xs: 12, sm: 6 }}>
            <DateField label={name === 'startDate' ? 'Start date' : 'End date'} required {...text(name)} max={today} />
          </Grid>
        ))}
        <Grid size={12}>
          <EvidenceField
            file={evidence}
            stored={activity?.evidenceUrl ? 'The evidence already sent (choose a file to replace it)' : null}
            error={evidenceError}
            required={!activity}
            onChange={(file) => {
              setEvidence(file);
              if (evidenceError) setEvidenceError(evidenceProblem(file, !activity));
            }}
          />
        </Grid>
      </Grid>
    </FormDialogFrame>
  );
}
