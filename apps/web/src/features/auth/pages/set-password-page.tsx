import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack } from '@mui/material';
import { resetPasswordForm } from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { setFlash } from '../../../shared/ui/flash';
import { type AlertState, errorAlert, FormAlert } from '../../../shared/ui/form-alert';
import { NewPasswordFields } from '../../../shared/ui/new-password-fields';
import { authApi } from '../api';
import { AuthCard } from '../components/auth-card';

export function SetPasswordPage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const [alert, setAlert] = useState<AlertState>(null);
  const form = useForm<{ password: string; confirmPassword: string }>({
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      const result = await authApi.resetPassword({ ...values, token: code });
      setFlash(result.message);
      navigate('/', { replace: true });
    } catch (error) {
      setAlert(errorAlert(error));
    }
  });

  return (
    <AuthCard
      title="Set a new password"
      subtitle="8 to 16 characters with an uppercase letter, a lowercase letter, a number and a special character."
    >
      <FormAlert alert={alert} />
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        <NewPasswordFields register={form.register} errors={errors} label="New password" />
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Saving…' : 'Reset'}
        </Button>
      </Stack>
    </AuthCard>
  );
}
