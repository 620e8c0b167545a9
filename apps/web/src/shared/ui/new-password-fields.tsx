import type { FieldErrors, Path, UseFormRegister } from 'react-hook-form';
import { PasswordField } from './password-field';

interface PasswordPair {
  password: string;
  confirmPassword: string;
}

/** The new-password and confirm-password pair every password form uses. */
export function NewPasswordFields<T extends PasswordPair>({
  register,
  errors,
  label = 'Password',
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<PasswordPair>;
  label?: string;
}) {
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        {...register('password' as Path<T>)}
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        {...register('confirmPassword' as Path<T>)}
        error={Boolean(errors.confirmPassword)}
        helperText={errors.confirmPassword?.message}
      />
    </>
  );
}
