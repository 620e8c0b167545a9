import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { decodeBase64, decodeJson, maskPhone, messages, type OtpTicket } from '@portal/contract';
import { useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { saveSession } from '../../../shared/session/session-store';
import { useFlash } from '../../../shared/ui/flash';
import { type AlertState, errorAlert, FormAlert } from '../../../shared/ui/form-alert';
import { OtpField, useOtpEntry } from '../../../shared/ui/otp-field';
import { authApi } from '../api';
import { AuthCard } from '../components/auth-card';
import { landingPath } from '../landing';

export function OtpPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const ticket = decodeJson<OtpTicket>(id);
  const prefill = decodeBase64(search.get('verify') ?? '') ?? '';
  // The sign-in page (server-rendered, decision 042) hands its message over as a flash; in-app steps as route state.
  const flashed = useFlash();
  const flash = (location.state as { message?: string } | null)?.message ?? flashed?.message;
  const [alert, setAlert] = useState<AlertState>(flash ? { severity: 'info', message: flash } : null);
  const [busy, setBusy] = useState(false);
  const otp = useOtpEntry({
    initial: /^\d{6}$/.test(prefill) ? prefill : '',
    ready: Boolean(ticket) && !busy,
    onVerify: async (code) => {
      if (!ticket) return;
      setBusy(true);
      setAlert(null);
      try {
        const session = await authApi.verifyOtp(ticket.id, code);
        saveSession(session);
        setAlert({ severity: 'success', message: messages.otpVerified });
        setTimeout(() => navigate(landingPath(session.user), { replace: true }), 800);
      } catch (error) {
        setAlert(errorAlert(error));
      } finally {
        setBusy(false);
      }
    },
  });

  async function resend() {
    if (!ticket) return;
    setAlert(null);
    try {
      const result = await authApi.sendOtp(ticket.id);
      setAlert({ severity: 'success', message: `${result.message}. Check your phone.` });
      otp.allowRetry();
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
          otp.submit();
        }}
      >
        <OtpField otp={otp} />
        <Box sx={{ display: 'flex', gap: 2 }}>
          <Button onClick={resend} variant="outlined" fullWidth>
            Resend OTP
          </Button>
          <Button type="submit" variant="contained" fullWidth disabled={otp.code.length < 6 || busy}>
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
