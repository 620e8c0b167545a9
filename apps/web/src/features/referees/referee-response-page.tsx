import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Card, CardContent, Stack, Step, StepLabel, Stepper, TextField, Typography } from '@mui/material';
import {
  REFEREE_ANSWER_MAX,
  type RefereeForm,
  type RefereeResponse,
  refereeAnswerField,
  refereeMessages,
  refereeStepsSchema,
} from '@portal/contract';
import { lazy, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { LoadingSpinner } from '../../shared/ui/loading';
import { useToast } from '../../shared/ui/toast';
import { WhenOpened } from '../../shared/ui/when-opened';
import { answerReferee, thanksOf, useRefereeForm, useRefereeLink } from './api';
import { ConfirmationStatement } from './components/confirmation-statement';
import { RefereeLayout } from './components/referee-layout';
import { REFEREE_THANK_YOU_ROUTE } from './thank-you-page';

const RejectDialog = lazy(() => import('./components/reject-dialog').then((m) => ({ default: m.RejectDialog })));

/**
 * /profile/response/{user}/{code}: the referee's answer to a request (part 1 §2 Referee flow): a greeting, the
 * confirmation statement, one question per step, Previous / Next, reject on the first step, accept on the last.
 */
export function RefereeResponsePage() {
  const { user, code } = useRefereeLink();
  const form = useRefereeForm(user, code);
  return (
    <RefereeLayout>
      {!user || !code ? (
        <Alert severity="warning">{refereeMessages.linkInvalid}</Alert>
      ) : form.isLoading ? (
        <LoadingSpinner label="Loading the referee form" />
      ) : form.error ? (
        <Alert severity={form.error instanceof ApiError && form.error.status === 409 ? 'info' : 'error'} role="alert">
          {form.error.message}
        </Alert>
      ) : form.data ? (
        <QuestionForm data={form.data} user={user} code={code} />
      ) : null}
    </RefereeLayout>
  );
}

function QuestionForm({ data, user, code }: { data: RefereeForm; user: string; code: string }) {
  const navigate = useNavigate();
  const toast = useToast();
  const questions = data.Questions;
  const last = Math.max(questions.length - 1, 0);
  const [step, setStep] = useState(0);
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{ answers: string[] }>({
    resolver: zodResolver(refereeStepsSchema),
    defaultValues: { answers: questions.map((q) => q.answer ?? '') },
  });
  const answers = form.watch('answers');
  const current = questions[step];
  const fieldError = form.formState.errors.answers?.[step]?.message;

  const currentValid = () => (questions.length ? form.trigger(`answers.${step}`) : Promise.resolve(true));

  async function submit(response: RefereeResponse, remarks?: string) {
    setBusy(true);
    setError(null);
    try {
      const values = form.getValues('answers');
      const result = await answerReferee({
        memberNo: user,
        code,
        response,
        Remarks: remarks,
        Questions: questions.map((q, i) => ({ questionNo: q.questionNo, answer: (values[i] ?? '').trim() })),
      });
      toast(result.message);
      // Not the sign-in page (a referee has no account): the thank-you page (issue 16).
      navigate(REFEREE_THANK_YOU_ROUTE, { replace: true, state: thanksOf(result) });
    } catch (e) {
      setError((e as Error).message);
      setRejecting(false);
    } finally {
      setBusy(false);
    }
  }

  async function next() {
    if (await currentValid()) setStep((s) => Math.min(s + 1, last));
  }

  async function accept() {
    if (!(await currentValid())) return;
    // Every answer is needed; Next already checked the earlier ones, so this only catches edits made since.
    const invalid = questions.findIndex((_, i) => !refereeAnswerField.safeParse(answers[i] ?? '').success);
    if (invalid !== -1) {
      setStep(invalid);
      await form.trigger(`answers.${invalid}`);
      return;
    }
    await submit('Accept');
  }

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
          Dear {data.referee},
        </Typography>
        <Typography sx={{ mb: 2 }}>
          <strong>{data.applicant}</strong> has named you as a referee. Please read the confirmation statement, then answer each question
          and accept the request, or reject it if you cannot recommend the applicant.
        </Typography>
        <ConfirmationStatement text={data.ConfirmationStatement} />

        {questions.length > 0 && (
          <Box sx={{ mt: 3 }}>
            <Stepper activeStep={step} sx={{ mb: 3, display: { xs: 'none', sm: 'flex' } }}>
              {questions.map((q) => (
                <Step key={q.questionNo}>
                  <StepLabel />
                </Step>
              ))}
            </Stepper>
            <Typography variant="overline" color="text.secondary">
              Question {step + 1} of {questions.length}
            </Typography>
            <Typography variant="subtitle1" component="h2" id="question-text" sx={{ mb: 1.5, fontWeight: 600 }}>
              {current?.question}
            </Typography>
            <TextField
              key={step}
              {...form.register(`answers.${step}`)}
              multiline
              minRows={4}
              fullWidth
              autoFocus
              label="Your answer"
              slotProps={{ htmlInput: { 'aria-describedby': 'question-text answer-help' } }}
              error={Boolean(fieldError)}
              helperText={
                <Box component="span" id="answer-help" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                  <span>{fieldError ?? refereeMessages.answerHint}</span>
                  <span>
                    {(answers[step] ?? '').length}/{REFEREE_ANSWER_MAX}
                  </span>
                </Box>
              }
            />
          </Box>
        )}

        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}

        <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
          <Box sx={{ display: 'flex', gap: 1 }}>
            {step > 0 && (
              <Button variant="outlined" onClick={() => setStep(step - 1)} disabled={busy}>
                Previous
              </Button>
            )}
            {step === 0 && (
              <Button variant="outlined" color="error" onClick={() => setRejecting(true)} disabled={busy}>
                Reject
              </Button>
            )}
          </Box>
          {step < last ? (
            <Button variant="contained" onClick={next} disabled={busy}>
              Next
            </Button>
          ) : (
            <Button variant="contained" color="success" onClick={accept} disabled={busy}>
              {busy ? 'Submitting…' : 'Accept'}
            </Button>
          )}
        </Stack>
      </CardContent>
      <WhenOpened open={rejecting}>
        <RejectDialog open={rejecting} busy={busy} onCancel={() => setRejecting(false)} onSubmit={(remarks) => submit('Reject', remarks)} />
      </WhenOpened>
    </Card>
  );
}
