import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import {
  COMPLAINT_OUTCOME_LABELS,
  COMPLAINT_OUTCOMES,
  type ComplaintDecisionRequest,
  type ComplaintDetail,
  type ComplaintOutcome,
  complaintMessages,
} from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { lazyZodResolver } from '../../shared/forms/lazy-resolver';
import { DateField } from '../../shared/ui/date-field';
import { NativeSelectField } from '../../shared/ui/select-filter';
import { TextInput } from '../../shared/ui/text-input';
import { complaintsApi } from './api';
import { useCaseAction } from './case-action';
import { EvidencePicker } from './evidence-picker';
import { isoToLocal, localToIso } from './rules';

/** What a case form needs: the case's reference and what to do once the server took the change. */
interface CaseFormProps {
  complaint: ComplaintDetail;
  onSaved: () => Promise<unknown>;
}

function FormError({ error }: { error: string | null }) {
  return error ? (
    <Alert severity="error" role="alert">
      {error}
    </Alert>
  ) : null;
}

/** Staff's documents for the investigation (inspection reports, correspondence): seen by staff only. */
export function StaffDocumentsForm({ complaint, onSaved }: CaseFormProps) {
  const action = useCaseAction();
  const [documents, setDocuments] = useState<File[]>([]);
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!documents.length) return;
    const done = await action.run(() => complaintsApi.documents(complaint.reference, documents), complaintMessages.documentsAdded);
    if (done) {
      setDocuments([]);
      await onSaved();
    }
  }
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1.5} aria-label="Add documents">
      <EvidencePicker label="Choose documents" files={documents} onChange={setDocuments} disabled={action.busy} />
      <FormError error={action.error} />
      {documents.length > 0 && (
        <Box>
          <Button type="submit" variant="outlined" disabled={action.busy}>
            Add to the case
          </Button>
        </Box>
      )}
    </Stack>
  );
}

/** An internal note: staff only, never shown to the parties. */
export function NoteForm({ complaint, onSaved }: CaseFormProps) {
  const [body, setBody] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const action = useCaseAction();
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!body.trim()) return setFieldError(complaintMessages.noteRequired);
    setFieldError(null);
    const ok = await action.run(
      () => complaintsApi.note(complaint.reference, body.trim()),
      complaintMessages.noteAdded,
      (field, message) => {
        if (field !== 'body') return false;
        setFieldError(message);
        return true;
      },
    );
    if (ok) {
      setBody('');
      await onSaved();
    }
  }
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1.5} aria-label="Add a note">
      <TextField
        label="Note"
        multiline
        minRows={2}
        fullWidth
        value={body}
        onChange={(e) => setBody(e.target.value)}
        error={Boolean(fieldError)}
        helperText={fieldError ?? 'Seen by administrators and approvers only'}
      />
      <FormError error={action.error} />
      <Box>
        <Button type="submit" variant="outlined" disabled={action.busy}>
          Add note
        </Button>
      </Box>
    </Stack>
  );
}

interface HearingValues {
  hearingAt: string;
  panel: string;
  minutes: string;
}

/** The hearing's date and time, panel and minutes (at investigation, before the case moves to the hearing, and at it). */
export function HearingForm({ complaint, onSaved }: CaseFormProps) {
  const form = useForm<HearingValues>({
    defaultValues: {
      hearingAt: isoToLocal(complaint.hearingAt),
      panel: complaint.hearingPanel ?? '',
      minutes: complaint.hearingMinutes ?? '',
    },
  });
  const { errors } = form.formState;
  const action = useCaseAction();
  const submit = form.handleSubmit(async (values) => {
    if (!values.hearingAt || !values.panel.trim()) {
      if (!values.hearingAt) form.setError('hearingAt', { message: complaintMessages.hearingDetailsRequired });
      if (!values.panel.trim()) form.setError('panel', { message: complaintMessages.hearingDetailsRequired });
      return;
    }
    const ok = await action.run(
      () => complaintsApi.hearing(complaint.reference, { ...values, hearingAt: localToIso(values.hearingAt) }),
      complaintMessages.hearingSaved,
      (field, message) => {
        if (!(field in values)) return false;
        form.setError(field as keyof HearingValues, { message });
        return true;
      },
    );
    if (ok) await onSaved();
  });
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label="Hearing">
      <TextInput
        label="Hearing date and time"
        type="datetime-local"
        {...form.register('hearingAt')}
        error={Boolean(errors.hearingAt)}
        helperText={errors.hearingAt?.message ?? 'Nairobi time'}
        htmlInput={{ 'aria-label': 'Hearing date and time' }}
      />
      <TextInput
        label="Panel"
        {...form.register('panel')}
        error={Boolean(errors.panel)}
        helperText={errors.panel?.message ?? 'Who sits on the panel'}
      />
      <TextField
        label="Minutes"
        multiline
        minRows={3}
        fullWidth
        {...form.register('minutes')}
        error={Boolean(errors.minutes)}
        helperText={errors.minutes?.message}
      />
      <FormError error={action.error} />
      <Box>
        <Button type="submit" variant="outlined" disabled={action.busy}>
          Save hearing
        </Button>
      </Box>
    </Stack>
  );
}

interface DecisionValues {
  outcome: ComplaintOutcome;
  from: string;
  to: string;
  amount: string;
  reason: string;
}

const decisionResolver = lazyZodResolver<DecisionValues>(() =>
  import('@portal/contract').then(({ complaintDecisionRequest }) => complaintDecisionRequest),
);

/** The request of the decision form: the dates only for a suspension, the amount only for a fine. */
export function decisionRequest(values: DecisionValues): ComplaintDecisionRequest {
  return {
    outcome: values.outcome,
    reason: values.reason,
    ...(values.outcome === 'suspension' ? { from: values.from || undefined, to: values.to || undefined } : {}),
    ...(values.outcome === 'fine' ? { amount: values.amount.trim() ? Number(values.amount) : undefined } : {}),
  };
}

/** The decision after the hearing: its outcome, a suspension's dates or a fine's amount, and the reason. */
export function DecisionForm({ complaint, onSaved }: CaseFormProps) {
  const form = useForm<DecisionValues>({
    defaultValues: { outcome: 'caution', from: '', to: '', amount: '', reason: '' },
    resolver: (values, context, options) => decisionResolver(decisionRequest(values) as never, context, options),
  });
  const { errors } = form.formState;
  const outcome = form.watch('outcome');
  const action = useCaseAction();
  const blocked = complaint.decisionBlockedBy;
  // The resolver checks the request the form makes; what is sent is made again from the fields as typed.
  const submit = form.handleSubmit(async () => {
    const values = form.getValues();
    const ok = await action.run(
      () => complaintsApi.decide(complaint.reference, decisionRequest(values)),
      complaintMessages.decided,
      (field, message) => {
        if (!(field in values)) return false;
        form.setError(field as keyof DecisionValues, { message });
        return true;
      },
    );
    if (ok) await onSaved();
  });
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label="Decision">
      {blocked && (
        <Alert severity="info" role="status">
          {blocked}
        </Alert>
      )}
      <NativeSelectField
        label="Outcome"
        value={outcome}
        onChange={(e) => form.setValue('outcome', e.target.value as ComplaintOutcome)}
        fullWidth
      >
        {COMPLAINT_OUTCOMES.map((o) => (
          <option key={o} value={o}>
            {COMPLAINT_OUTCOME_LABELS[o]}
          </option>
        ))}
      </NativeSelectField>
      {outcome === 'suspension' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <DateField
            label="Suspended from"
            fullWidth
            {...form.register('from')}
            error={Boolean(errors.from)}
            helperText={errors.from?.message}
          />
          <DateField label="Suspended to" fullWidth {...form.register('to')} error={Boolean(errors.to)} helperText={errors.to?.message} />
        </Stack>
      )}
      {outcome === 'fine' && (
        <TextInput
          label="Amount (KES)"
          type="number"
          {...form.register('amount')}
          htmlInput={{ min: 1, step: 'any', inputMode: 'decimal' }}
          error={Boolean(errors.amount)}
          helperText={errors.amount?.message ?? 'An invoice for the fine is raised to the engineer'}
        />
      )}
      <TextField
        label="Reason for the decision"
        multiline
        minRows={3}
        fullWidth
        {...form.register('reason')}
        error={Boolean(errors.reason)}
        helperText={errors.reason?.message}
      />
      <FormError error={action.error} />
      <Box>
        <Button type="submit" variant="contained" disabled={action.busy || Boolean(blocked)}>
          Record decision
        </Button>
      </Box>
    </Stack>
  );
}
