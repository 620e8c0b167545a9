import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, CardContent, CardHeader, Stack } from '@mui/material';
import { changePasswordRequest } from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { api } from '../../shared/api/client';
import { type AlertState, errorAlert, FormAlert } from '../../shared/ui/form-alert';
import { NewPasswordFields } from '../../shared/ui/new-password-fields';
import { NotificationPreferences } from './notification-preferences';

export function AccountSettingsPage() {
  const [alert, setAlert] = useState<AlertState>(null);
  const form = useForm<{ password: string; confirmPassword: string }>({
    resolver: zodResolver(changePasswordRequest),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      const result = await api.post<{ message: string }>('auth/set-password', values);
      setAlert({ severity: 'success', message: result.message });
      form.reset();
    } catch (error) {
      setAlert(errorAlert(error));
    }
  });

  return (
    <Stack spacing={3}>
      <Card sx={{ maxWidth: 560 }}>
        <CardHeader title="Change password" subheader="Your other signed-in devices are signed out when you change it." />
        <CardContent>
          <FormAlert alert={alert} />
          <Stack component="form" noValidate onSubmit={submit} spacing={2}>
            <NewPasswordFields register={form.register} errors={errors} label="New password" />
            <Button type="submit" variant="contained" disabled={isSubmitting} sx={{ alignSelf: 'flex-start' }}>
              {isSubmitting ? 'Saving…' : 'Change password'}
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <NotificationPreferences />
    </Stack>
  );
}
