import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { complaintMessages } from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { lazyZodResolver } from '../../shared/forms/lazy-resolver';
import { eachFieldError } from '../../shared/ui/field-errors';
import { LinearProgress } from '../../shared/ui/linear-progress';
import { useToast } from '../../shared/ui/toast';
import { complaintsApi, useRefreshMyComplaints } from './api';
import { EvidencePicker } from './evidence-picker';

const resolver = lazyZodResolver<{ statement: string }>(() =>
  import('@portal/contract').then(({ complaintResponseRequest }) => complaintResponseRequest),
);

/** The engineer's answer to a notice: a statement and documents, sent once (issue 30). */
export function AnswerForm({ reference }: { reference: string }) {
  const toast = useToast();
  const refresh = useRefreshMyComplaints();
  const form = useForm<{ statement: string }>({ resolver, defaultValues: { statement: '' } });
  const [documents, setDocuments] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const statementError = form.formState.errors.statement?.message;

  const submit = form.handleSubmit(async ({ statement }) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await complaintsApi.answer(reference, statement, documents);
      toast(answer.message ?? complaintMessages.answered);
      await refresh();
    } catch (e) {
      let onField = false;
      eachFieldError(e, (field, message) => {
        if (field !== 'statement') return;
        form.setError('statement', { message });
        onField = true;
      });
      if (!onField) setError(e instanceof Error ? e.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={`Answer to ${reference}`} sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Your answer
      </Typography>
      <TextField
        label="Your statement"
        multiline
        minRows={5}
        fullWidth
        {...form.register('statement')}
        error={Boolean(statementError)}
        helperText={statementError ?? 'Your side of what happened; the board reads it before deciding'}
      />
      <EvidencePicker label="Add documents" files={documents} onChange={setDocuments} disabled={busy} />
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {busy && <LinearProgress aria-label="Sending the answer" />}
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          Send answer
        </Button>
      </Box>
    </Box>
  );
}
