import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Link, Stack, TextField } from '@mui/material';
import { passwordResetRequest } from '@portal/contract';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { BotCheck } from '../../../shared/ui/bot-check';
import { type AlertState, errorAlert, FormAlert } from '../../../shared/ui/form-alert';
import { authApi } from '../api';
import { AuthCard } from '../components/auth-card';

type Values = z.input<typeof passwordResetRequest>;

export function ForgotPasswordPage() {
  const [alert, setAlert] = useState<AlertState>(null);
  const [voterToken, setVoterToken] = useState<string>();
  const onToken = useCallback((t: string | undefined) => setVoterToken(t), []);
  const form = useForm<Values>({ resolver: zodResolver(passwordResetRequest), defaultValues: { email: '' } });

  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      const result = await authApi.requestReset(String(values.email), voterToken);
      setAlert({ severity: 'success', message: result.message });
    } catch (error) {
      setAlert(errorAlert(error));
    }
  });

  return (
    <AuthCard title="Forgot password" subtitle="Enter the email you sign in with. We will send you a link to choose a new password.">
      <FormAlert alert={alert} />
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          {...form.register('email')}
          error={Boolean(form.formState.errors.email)}
          helperText={form.formState.errors.email?.message}
        />
        <BotCheck onToken={onToken} />
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Sending…' : 'Reset'}
        </Button>
        <Link component={RouterLink} to="/" sx={{ textAlign: 'center' }}>
          Back to login
        </Link>
      </Stack>
    </AuthCard>
  );
}
