import { zodResolver } from '@hookform/resolvers/zod';
import { Search } from '@mui/icons-material';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { type ActivateRequest, activateRequest, decodeBase64, decodeJson, type MemberSearchResult, messages } from '@portal/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { saveSession } from '../../../shared/session/session-store';
import { useDisclaimers } from '../../../shared/settings/use-settings';
import { BotCheck } from '../../../shared/ui/bot-check';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { setFlash } from '../../../shared/ui/flash';
import { type AlertState, errorAlert, FormAlert } from '../../../shared/ui/form-alert';
import { NewPasswordFields } from '../../../shared/ui/new-password-fields';
import { authApi } from '../api';
import { AuthCard } from '../components/auth-card';
import { landingPath } from '../landing';

function CodeDialog({ open, initial, onClose }: { open: boolean; initial: Partial<ActivateRequest>; onClose: () => void }) {
  const navigate = useNavigate();
  const [alert, setAlert] = useState<AlertState>(null);
  const form = useForm<ActivateRequest>({
    resolver: zodResolver(activateRequest) as never,
    defaultValues: { email: '', otp_code: '', password: '', confirmPassword: '', ...initial },
  });
  const { errors, isSubmitting } = form.formState;
  useEffect(() => {
    if (open) form.reset({ email: '', otp_code: '', password: '', confirmPassword: '', ...initial });
  }, [open, initial, form]);

  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      const session = await authApi.activate(values);
      saveSession(session);
      setFlash(messages.accountActivated);
      navigate(landingPath(session.user), { replace: true });
    } catch (error) {
      setAlert(errorAlert(error));
    }
  });

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="activation-code-title">
      <DialogTitle id="activation-code-title">Activate your account</DialogTitle>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent>
          <FormAlert alert={alert} />
          <Stack spacing={2}>
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              {...form.register('email')}
              error={Boolean(errors.email)}
              helperText={errors.email?.message ?? 'The email address we sent the code to'}
            />
            <TextField
              label="Activation code"
              autoComplete="one-time-code"
              {...form.register('otp_code')}
              error={Boolean(errors.otp_code)}
              helperText={errors.otp_code?.message}
            />
            <NewPasswordFields register={form.register} errors={errors} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? 'Activating…' : 'activate account'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

export function ActivatePage() {
  const { code } = useParams();
  const [search] = useSearchParams();
  const disclaimers = useDisclaimers();
  const consentText = disclaimers.data?.find((d) => d.disclaimerType === 'Activation')?.description;
  const fromLink = code ? decodeJson<{ email?: string; otp_code?: string }>(code) : null;

  const [memberNo, setMemberNo] = useState('');
  const [memberNoError, setMemberNoError] = useState<string>();
  const [member, setMember] = useState<MemberSearchResult | null>(null);
  const [idNumber, setIdNumber] = useState('');
  const [idError, setIdError] = useState<string>();
  const [alert, setAlert] = useState<AlertState>(null);
  const [searching, setSearching] = useState(false);
  const [requesting, setRequesting] = useState(false);
  const [consentOpen, setConsentOpen] = useState(false);
  const [dialog, setDialog] = useState<{ open: boolean; initial: Partial<ActivateRequest> }>({
    open: Boolean(fromLink),
    initial: { email: fromLink?.email ?? '', otp_code: fromLink?.otp_code ?? '' },
  });
  const [voterToken, setVoterToken] = useState<string>();
  const onToken = useCallback((t: string | undefined) => setVoterToken(t), []);

  const runSearch = useCallback(async (value: string) => {
    const trimmed = value.trim();
    if (!trimmed) {
      setMemberNoError(messages.fieldRequired);
      return;
    }
    setSearching(true);
    setAlert(null);
    setMember(null);
    try {
      const found = await authApi.searchMember(trimmed);
      setMember(found);
      if (found.activated) setAlert({ severity: 'info', message: messages.memberAlreadyActivated });
    } catch (error) {
      setAlert(errorAlert(error));
    } finally {
      setSearching(false);
    }
  }, []);

  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current) return;
    prefilled.current = true;
    const fromQuery = decodeBase64(search.get('memberNo') ?? '');
    if (fromQuery) {
      setMemberNo(fromQuery);
      void runSearch(fromQuery);
    }
  }, [search, runSearch]);

  async function requestActivation() {
    setConsentOpen(false);
    if (!member) return;
    setRequesting(true);
    setAlert(null);
    try {
      const result = await authApi.requestActivation({
        memberNo: member.MemberNo,
        memberNameFirst: member.FirstName,
        memberNameLast: member.LastName,
        IdentificationDocumentNo: idNumber.trim(),
        phoneNo: member.maskedPhone,
        eMailAddress: member.maskedEmail,
        voterToken,
      });
      setAlert({ severity: 'success', message: `${result.message} (${[result.email, result.phone].filter(Boolean).join(', ')}).` });
      setDialog({ open: true, initial: {} });
    } catch (error) {
      setAlert(errorAlert(error));
    } finally {
      setRequesting(false);
    }
  }

  function onRequest() {
    if (!idNumber.trim()) {
      setIdError(messages.idRequired);
      return;
    }
    if (consentText) setConsentOpen(true);
    else void requestActivation();
  }

  return (
    <AuthCard
      title="Activate your account"
      subtitle="For registered members using the portal for the first time. Search with your membership number."
      width={560}
    >
      <FormAlert alert={alert} />
      <Stack spacing={2}>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void runSearch(memberNo);
          }}
        >
          <Stack direction="row" spacing={1} alignItems="flex-start">
            <TextField
              label="Membership No"
              value={memberNo}
              onChange={(e) => {
                setMemberNo(e.target.value);
                setMemberNoError(undefined);
              }}
              error={Boolean(memberNoError)}
              helperText={memberNoError}
            />
            <Button type="submit" variant="outlined" startIcon={<Search />} disabled={searching} sx={{ flexShrink: 0, height: 40 }}>
              {searching ? 'Searching…' : 'Search'}
            </Button>
          </Stack>
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label="First Name" value={member?.FirstName ?? ''} slotProps={{ input: { readOnly: true } }} />
          <TextField label="Last Name" value={member?.LastName ?? ''} slotProps={{ input: { readOnly: true } }} />
        </Stack>
        <TextField
          label="ID/Passport No."
          value={idNumber}
          onChange={(e) => {
            setIdNumber(e.target.value);
            setIdError(undefined);
          }}
          disabled={!member || member.activated}
          error={Boolean(idError)}
          helperText={idError ?? 'As it appears in the register'}
        />
        <TextField
          label="Mobile No."
          value={member?.maskedPhone ?? ''}
          slotProps={{ input: { readOnly: true } }}
          helperText="On record; the code is sent here"
        />
        <TextField
          label="Email Address"
          value={member?.maskedEmail ?? ''}
          slotProps={{ input: { readOnly: true } }}
          helperText="On record; the code is sent here"
        />
        {member && !member.activated && <BotCheck onToken={onToken} />}
        {member && !member.maskedEmail && (
          <Alert severity="warning">We have no email address on record for you. Please contact the secretariat.</Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button variant="contained" onClick={onRequest} disabled={!member || member.activated || requesting} fullWidth>
            {requesting ? 'Sending code…' : 'Request activation'}
          </Button>
          <Button variant="outlined" onClick={() => setDialog({ open: true, initial: {} })} fullWidth>
            I have an activation code
          </Button>
        </Stack>
      </Stack>
      <ConfirmDialog
        open={consentOpen}
        title="Consent to Share Information"
        confirmLabel="Agree"
        cancelLabel="Disagree"
        onConfirm={() => void requestActivation()}
        onCancel={() => setConsentOpen(false)}
      >
        {consentText ?? ''}
      </ConfirmDialog>
      <CodeDialog open={dialog.open} initial={dialog.initial} onClose={() => setDialog({ open: false, initial: {} })} />
      {member?.activated && (
        <Alert severity="info" sx={{ mt: 2 }}>
          Already activated? <a href="/forgot-password">Reset your password</a> if you have forgotten it.
        </Alert>
      )}
    </AuthCard>
  );
}
