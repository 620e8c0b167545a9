import { Alert, Box, Button, Card, CardContent, Checkbox, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { complaintMessages, nairobiDay } from '@portal/contract';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { lazyZodResolver } from '../../shared/forms/lazy-resolver';
import { BotCheck } from '../../shared/ui/bot-check';
import { DateField } from '../../shared/ui/date-field';
import { eachFieldError } from '../../shared/ui/field-errors';
import { PublicFrame } from '../../shared/ui/public-frame';
import { TextInput } from '../../shared/ui/text-input';
import { UploadProgress } from '../../shared/ui/upload-progress';
import { type ComplaintFormValues, complaintFormData, complaintsApi, useRespondent } from './api';
import { EvidencePicker } from './evidence-picker';

const resolver = lazyZodResolver<ComplaintFormValues>(() => import('@portal/contract').then(({ complaintRequest }) => complaintRequest));

/** The value after it has stopped changing for `ms`. */
function useSettled(value: string, ms = 400): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Who the member number names, under the field: the engineer's name, the server's refusal, or a hint. */
function useRespondentHint(memberNo: string): { text: string; unknown: boolean } {
  const settled = useSettled(memberNo.trim().toUpperCase());
  const respondent = useRespondent(settled);
  if (settled.length < 2) return { text: 'As on the register, e.g. ERB1001', unknown: false };
  if (respondent.data) return { text: respondent.data.name, unknown: false };
  if (respondent.error) {
    const message = respondent.error instanceof ApiError && respondent.error.status === 404 ? respondent.error.message : null;
    return { text: message || complaintMessages.respondentUnknown, unknown: true };
  }
  return { text: 'Looking up the member number…', unknown: false };
}

/**
 * /complaints/new (issue 30): anyone files a complaint against a registered engineer or firm, no sign-in. The
 * member number shows whom it names as it is typed; evidence files go with it (upload progress shown); on success
 * the reference, and the tracking link is e-mailed. `?memberNo=` prefills the number (the register's member card).
 */
export function ComplaintFormPage() {
  const [params] = useSearchParams();
  const [filed, setFiled] = useState<{ reference: string; message: string } | null>(null);
  return (
    <PublicFrame home="/" maxWidth="md" mainPaddingY={6}>
      {filed ? (
        <Filed reference={filed.reference} message={filed.message} />
      ) : (
        <ComplaintForm memberNo={params.get('memberNo') ?? ''} onFiled={setFiled} />
      )}
    </PublicFrame>
  );
}

function Filed({ reference, message }: { reference: string; message: string }) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
        <Stack spacing={2} role="status">
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            Complaint received
          </Typography>
          <Typography>
            Your reference is{' '}
            <Box component="strong" data-testid="complaint-reference">
              {reference}
            </Box>
            .
          </Typography>
          <Alert severity="success">{message}</Alert>
          <Typography color="text.secondary">
            Keep the e-mail: its link shows the complaint's stage and outcome. The board may contact you by e-mail or phone.
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}

function ComplaintForm({ memberNo, onFiled }: { memberNo: string; onFiled: (filed: { reference: string; message: string }) => void }) {
  const form = useForm<ComplaintFormValues>({
    resolver,
    defaultValues: {
      respondentMemberNo: memberNo,
      complainantName: '',
      complainantEmail: '',
      complainantPhone: '',
      description: '',
      incidentDate: '',
      incidentPlace: '',
      withholdIdentity: false,
    },
  });
  const { errors } = form.formState;
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string>();
  const [voterToken, setVoterToken] = useState<string>();
  const onToken = useCallback((t: string | undefined) => setVoterToken(t), []);
  // A solved check is spent by a refused try: the widget is drawn afresh for the next one.
  const [botRound, setBotRound] = useState(0);
  // undefined: not sending; a number: the share sent; null: the server is checking the files.
  const [progress, setProgress] = useState<number | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const sending = progress !== undefined;
  const hint = useRespondentHint(form.watch('respondentMemberNo'));

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    setFileError(undefined);
    setProgress(0);
    try {
      const result = await complaintsApi.file(complaintFormData(values, files, voterToken), setProgress);
      onFiled({ reference: result.data.reference, message: result.message ?? complaintMessages.filed(result.data.reference) });
    } catch (e) {
      setVoterToken(undefined);
      setBotRound((n) => n + 1);
      // Everything typed stays: the messages go on their fields, the rest above the button.
      let onFields = false;
      eachFieldError(e, (field, message) => {
        if (field === 'evidence') setFileError(message);
        else if (field in values) form.setError(field as keyof ComplaintFormValues, { message });
        else return;
        onFields = true;
      });
      setError(onFields ? 'Check the fields marked below.' : e instanceof Error ? e.message : 'Something went wrong');
    } finally {
      setProgress(undefined);
    }
  });

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
          File a complaint
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Tell the board about the conduct of a registered engineer or firm. We e-mail you a reference and a link to follow the complaint.
        </Typography>
        <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-label="Complaint">
          <TextInput
            label="Member number of the engineer or firm"
            {...form.register('respondentMemberNo')}
            autoComplete="off"
            error={Boolean(errors.respondentMemberNo) || hint.unknown}
            helperText={
              errors.respondentMemberNo?.message ?? (
                <span data-testid="respondent-name" aria-live="polite">
                  {hint.text}
                </span>
              )
            }
          />
          <TextInput
            label="Your name"
            autoComplete="name"
            {...form.register('complainantName')}
            error={Boolean(errors.complainantName)}
            helperText={errors.complainantName?.message}
          />
          <TextInput
            label="Your e-mail"
            type="email"
            autoComplete="email"
            {...form.register('complainantEmail')}
            error={Boolean(errors.complainantEmail)}
            helperText={errors.complainantEmail?.message}
          />
          <TextInput
            label="Your phone"
            type="tel"
            autoComplete="tel"
            placeholder="0712345678"
            {...form.register('complainantPhone')}
            error={Boolean(errors.complainantPhone)}
            helperText={errors.complainantPhone?.message}
          />
          <TextField
            label="What happened"
            multiline
            minRows={5}
            fullWidth
            {...form.register('description')}
            error={Boolean(errors.description)}
            helperText={errors.description?.message ?? 'What the engineer or firm did, and when you found out'}
          />
          <TextInput
            label="Where it happened"
            {...form.register('incidentPlace')}
            error={Boolean(errors.incidentPlace)}
            helperText={errors.incidentPlace?.message ?? 'The site, town or project (optional)'}
          />
          <DateField
            label="Date it happened"
            {...form.register('incidentDate')}
            max={nairobiDay()}
            fullWidth
            error={Boolean(errors.incidentDate)}
            helperText={errors.incidentDate?.message}
          />
          <FormControlLabel
            control={
              <Checkbox checked={form.watch('withholdIdentity')} onChange={(e) => form.setValue('withholdIdentity', e.target.checked)} />
            }
            label="Withhold my identity from the engineer"
          />
          <EvidencePicker label="Add evidence" files={files} onChange={setFiles} disabled={sending} error={fileError} />
          <BotCheck key={botRound} onToken={onToken} />
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <UploadProgress progress={progress} checking="Checking the files…" label="Upload progress" />
          <Button type="submit" variant="contained" size="large" disabled={sending || form.formState.isSubmitting}>
            Submit complaint
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
