import { Button, Card, CardContent, CardHeader, Stack } from '@mui/material';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { api } from '../../shared/api/client';
import { type AlertState, errorAlert, FormAlert } from '../../shared/ui/form-alert';
import { PasswordField } from '../../shared/ui/password-field';
import { NotificationPreferences } from './notification-preferences';

type PasswordPair = { password: string; confirmPassword: string };
type PairErrors = Partial<Record<keyof PasswordPair, string>>;
const FIELDS = ['password', 'confirmPassword'] as const;
const EMPTY: PasswordPair = { password: '', confirmPassword: '' };

/**
 * The contract's rules, fetched with zod at the first check (a Save), not with the page; the first message of each
 * field, as React Hook Form's zod resolver gave it. The page draws without React Hook Form (16 kB gzipped), decision 054.
 */
async function check(values: PasswordPair): Promise<PairErrors> {
  const schema = await import('@portal/contract').then(({ changePasswordRequest }) => changePasswordRequest);
  const result = schema.safeParse(values);
  const errors: PairErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = FIELDS.find((name) => name === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

export function AccountSettingsPage() {
  const [alert, setAlert] = useState<AlertState>(null);
  const [values, setValues] = useState<PasswordPair>(EMPTY);
  const [errors, setErrors] = useState<PairErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  // After the first Save a field is checked again as it changes, as React Hook Form did (its error alone updated).
  const submitted = useRef(false);
  const checks = useRef(0);
  const inputs = useRef<Partial<Record<keyof PasswordPair, HTMLInputElement | null>>>({});

  const change = (field: keyof PasswordPair) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (!submitted.current) return;
    const at = ++checks.current;
    check(next).then(
      (found) => {
        if (at === checks.current) setErrors((current) => ({ ...current, [field]: found[field] }));
      },
      () => undefined,
    );
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    checks.current += 1;
    setSubmitting(true);
    try {
      const found = await check(values);
      setErrors(found);
      const first = FIELDS.find((field) => found[field]);
      if (first) {
        inputs.current[first]?.focus();
        return;
      }
      setAlert(null);
      try {
        const result = await api.post<{ message: string }>('auth/set-password', values);
        setAlert({ severity: 'success', message: result.message });
        setValues(EMPTY);
        setErrors({});
        submitted.current = false;
      } catch (error) {
        setAlert(errorAlert(error));
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Stack spacing={3}>
      <Card sx={{ maxWidth: 560 }}>
        <CardHeader title="Change password" subheader="Your other signed-in devices are signed out when you change it." />
        <CardContent>
          <FormAlert alert={alert} />
          <Stack component="form" noValidate onSubmit={submit} spacing={2}>
            {FIELDS.map((field) => (
              <PasswordField
                key={field}
                label={field === 'password' ? 'New password' : 'Confirm password'}
                autoComplete="new-password"
                name={field}
                value={values[field]}
                onChange={change(field)}
                ref={(input) => {
                  inputs.current[field] = input;
                }}
                error={Boolean(errors[field])}
                helperText={errors[field]}
              />
            ))}
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
