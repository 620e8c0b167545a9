import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, TextField } from '@mui/material';
import { encodeJson, FIRM_REGISTRATION_CODE, type MemberType, registerFormSchema } from '@portal/contract';
import { useCallback, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { useDisclaimers } from '../../../shared/settings/use-settings';
import { BotCheck } from '../../../shared/ui/bot-check';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { type AlertState, errorAlert, FormAlert } from '../../../shared/ui/form-alert';
import { NewPasswordFields } from '../../../shared/ui/new-password-fields';
import { authApi } from '../api';
import { AuthCard } from '../components/auth-card';

interface Values {
  email: string;
  phone: string;
  id_number: string;
  password: string;
  confirmPassword: string;
}

export function RegisterPage() {
  const { type = 'Individual', code = '' } = useParams();
  const navigate = useNavigate();
  const firm = code === FIRM_REGISTRATION_CODE;
  const schema = useMemo(() => registerFormSchema(code), [code]);
  const form = useForm<Values>({
    resolver: zodResolver(schema) as never,
    defaultValues: { email: '', phone: '', id_number: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const disclaimers = useDisclaimers();
  const disclaimer = disclaimers.data?.find((d) => d.disclaimerType === 'Application');
  const [pending, setPending] = useState<Values | null>(null);
  const [alert, setAlert] = useState<AlertState>(null);
  const [voterToken, setVoterToken] = useState<string>();
  const onToken = useCallback((t: string | undefined) => setVoterToken(t), []);
  const [busy, setBusy] = useState(false);

  async function register(values: Values) {
    setBusy(true);
    setAlert(null);
    try {
      const ticket = await authApi.register({ ...values, category: code, type: type as MemberType, voterToken });
      navigate(`/otp/${encodeJson(ticket)}`, { state: { message: 'Your account was created. Enter the OTP we sent to your phone.' } });
    } catch (error) {
      if (error instanceof ApiError && error.errors) {
        for (const [field, list] of Object.entries(error.errors)) {
          if (field in values) form.setError(field as keyof Values, { message: list[0] });
        }
      }
      setAlert(errorAlert(error));
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  const submit = form.handleSubmit(async (values) => {
    if (disclaimer) setPending(values);
    else await register(values);
  });

  return (
    <AuthCard title="Create your account" subtitle="We will send a one-time code to your phone and an activation link to your email.">
      <FormAlert alert={alert} />
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          {...form.register('email')}
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          placeholder="0712345678"
          {...form.register('phone')}
          error={Boolean(errors.phone)}
          helperText={errors.phone?.message}
        />
        <TextField
          label={firm ? 'Firm KRA PIN' : 'ID/Passport No.'}
          {...form.register('id_number')}
          error={Boolean(errors.id_number)}
          helperText={errors.id_number?.message}
        />
        <NewPasswordFields register={form.register} errors={errors} />
        <BotCheck onToken={onToken} />
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting || busy}>
          {busy ? 'Creating your account…' : 'Create my account'}
        </Button>
      </Stack>
      <ConfirmDialog
        open={Boolean(pending)}
        title="Disclaimer"
        confirmLabel="Agree"
        cancelLabel="Disagree"
        busy={busy}
        onConfirm={() => pending && register(pending)}
        onCancel={() => navigate('/')}
      >
        {disclaimer?.description ?? ''}
      </ConfirmDialog>
    </AuthCard>
  );
}
