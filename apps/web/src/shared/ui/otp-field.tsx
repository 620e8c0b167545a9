import { TextField } from '@mui/material';
import { messages, otpCodeError } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';

export type OtpEntry = ReturnType<typeof useOtpEntry>;

/**
 * A six-digit OTP being typed: digits only, checked before `onVerify` gets it. `ready` false (busy, nothing to verify
 * against) holds the code back.
 */
export function useOtpEntry({
  initial = '',
  ready,
  onVerify,
}: {
  initial?: string;
  ready: boolean;
  onVerify: (code: string) => Promise<void>;
}) {
  const [code, setCode] = useState(initial);
  const [fieldError, setFieldError] = useState<string>();
  const lastSubmitted = useRef('');

  function verify(value: string) {
    const error = otpCodeError(value);
    if (error) {
      setFieldError(error);
      return;
    }
    if (!ready) return;
    lastSubmitted.current = value;
    void onVerify(value.trim());
  }

  // Submits by itself once six digits are in (and not the same wrong code twice).
  // biome-ignore lint/correctness/useExhaustiveDependencies: verify is recreated each render; the code is the trigger
  useEffect(() => {
    if (code.length === 6 && code !== lastSubmitted.current) verify(code);
  }, [code]);

  return {
    code,
    fieldError,
    /** The form was sent (Enter, or the Verify button). */
    submit: () => verify(code),
    change(value: string) {
      const digits = value.replace(/\D/g, '').slice(0, 6);
      // Emptied: the spec's 'Field is required' (part 1 §5), not a silent '0/6 digits'.
      setFieldError(digits ? undefined : messages.fieldRequired);
      setCode(digits);
    },
    /** A new code was sent: the same digits may be tried again. */
    allowRetry() {
      lastSubmitted.current = '';
    },
    /** A new code was sent: the field starts empty. */
    clear() {
      lastSubmitted.current = '';
      setCode('');
    },
  };
}

/** The OTP field: large spaced digits, the count typed so far below it until there is an error. */
export function OtpField({ otp, fullWidth, ariaLabel }: { otp: OtpEntry; fullWidth?: boolean; ariaLabel?: string }) {
  return (
    <TextField
      label="OTP"
      value={otp.code}
      fullWidth={fullWidth}
      onChange={(e) => otp.change(e.target.value)}
      slotProps={{
        htmlInput: {
          inputMode: 'numeric',
          autoComplete: 'one-time-code',
          maxLength: 6,
          'aria-label': ariaLabel,
          style: { letterSpacing: '0.6em', fontSize: 24, textAlign: 'center' },
        },
      }}
      error={Boolean(otp.fieldError)}
      helperText={otp.fieldError ?? `${otp.code.length}/6 digits`}
      autoFocus
    />
  );
}
