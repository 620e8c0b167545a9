import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { decodeBase64, decodeJson, maskPhone, messages, type OtpTicket, otpCode } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { saveSession } from '../../../shared/session/session-store';
import { type AlertState, errorAlert, FormAlert } from '../../../shared/ui/form-alert';
import { authApi } from '../api';
import { AuthCard } from '../components/auth-card';

export function OtpPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const ticket = decodeJson<OtpTicket>(id);
  const prefill = decodeBase64(search.get('verify') ?? '') ?? '';
  const flash = (location.state as { message?: string } | null)?.message;
  const [code, setCode] = useState(/^\d{6}$/.test(prefill) ? prefill : '');
  const [fieldError, setFieldError] = useState<string>();
  const [alert, setAlert] = useState<AlertState>(flash ? { severity: 'info', message: flash } : null);
  const [busy, setBusy] = useState(false);
  const lastSubmitted = useRef<string>('');

  async function verify(value: string) {
    const parsed = otpCode.safeParse(value);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0].message);
      return;
    }
    if (!ticket || busy) return;
    lastSubmitted.current = value;
    setBusy(true);
    setAlert(null);
    try {
      const session = await authApi.verifyOtp(ticket.id, value);
      saveSession(session);
      setAlert({ severity: 'success', message: messages.otpVerified });
      setTimeout(() => navigate('/', { replace: true }), 800);
    } catch (error) {
      setAlert(errorAlert(error));
    } finally {
      setBusy(false);
    }
  }

  // Submits by itself once six digits are in (and not the same wrong code twice).
  // biome-ignore lint/correctness/useExhaustiveDependencies: verify is recreated each render; the code is the trigger
  useEffect(() => {
    if (code.length === 6 && code !== lastSubmitted.current) void verify(code);
  }, [code]);

  async function resend() {
    if (!ticket) return;
    setAlert(null);
    try {
      const result = await authApi.sendOtp(ticket.id);
      setAlert({ severity: 'success', message: `${result.message}. Check your phone.` });
      lastSubmitted.current = '';
    } catch (error) {
      setAlert(errorAlert(error));
    }
  }

  if (!ticket) {
    return (
      <AuthCard title="Verify your phone">
        <Alert severity="error">This verification link is not valid. Sign in again to get a new code.</Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Verify your phone" subtitle={`Enter the 6-digit code we sent by SMS to ${maskPhone(ticket.phone_no)}.`}>
      <FormAlert alert={alert} />
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={(e) => {
          e.preventDefault();
          void verify(code);
        }}
      >
        <TextField
          label="OTP"
          value={code}
          onChange={(e) => {
            setFieldError(undefined);
            setCode(e.target.value.replace(/\D/g, '').slice(0, 6));
          }}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              autoComplete: 'one-time-code',
              maxLength: 6,
              style: { letterSpacing: '0.6em', fontSize: 24, textAlign: 'center' },
            },
          }}
          error={Boolean(fieldError)}
          helperText={fieldError ?? `${code.length}/6 digits`}
          autoFocus
        />
        <Box sx={{ display: 'flex', gap: 2 }}>
          <Button onClick={resend} variant="outlined" fullWidth>
            Resend OTP
          </Button>
          <Button type="submit" variant="contained" fullWidth disabled={code.length < 6 || busy}>
            {busy ? 'Verifying…' : 'Verify OTP'}
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary">
          The code expires after 10 minutes. You can also activate with the link in your email.
        </Typography>
      </Stack>
    </AuthCard>
  );
}
