import { Alert, Button, Link, Stack, TextField } from '@mui/material';
import { mfaMessages } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { clearPendingSignIn, readPendingSignIn } from '../../../shared/session/mfa-challenge';
import { saveSession } from '../../../shared/session/session-store';
import { fieldMessage } from '../../../shared/ui/field-errors';
import { authApi } from '../api';
import { AuthCard } from '../components/auth-card';
import { landingPath } from '../landing';

/**
 * `/sign-in/code`: the second step of signing in (decision 047), after the password on the server-rendered
 * sign-in page. The code from the authenticator app, or one of the recovery codes, in the same box.
 */
export function TwoStepPage() {
  const navigate = useNavigate();
  const [pending] = useState(readPendingSignIn);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!pending || busy) return;
    if (!code.trim()) return setError(mfaMessages.codeRequired);
    setBusy(true);
    setError(null);
    try {
      const session = await authApi.verifyMfa({ mfaToken: pending.mfaToken, code: code.trim() });
      clearPendingSignIn();
      saveSession(session);
      navigate(landingPath(session.user), { replace: true });
    } catch (e) {
      const expired = e instanceof ApiError && (e.status === 429 || Boolean(e.errors?.mfaToken));
      if (expired) {
        clearPendingSignIn();
        setEnded(true);
      }
      setError(fieldMessage(e, 'code'));
      setCode('');
    } finally {
      setBusy(false);
    }
  }

  if (!pending || ended) {
    return (
      <AuthCard title="Two-step sign-in">
        <Stack spacing={2}>
          <Alert severity="warning">{error ?? mfaMessages.signInExpired}</Alert>
          <Button variant="contained" href="/">
            Sign in again
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Two-step sign-in" subtitle={`Open your authenticator app and enter the code it shows for ${pending.email}.`}>
      <Stack component="form" noValidate spacing={2} onSubmit={submit}>
        <TextField
          label="Authentication code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={Boolean(error)}
          helperText={error ?? 'Lost your phone? Enter one of your recovery codes instead.'}
          autoComplete="one-time-code"
          autoFocus
          slotProps={{ htmlInput: { inputMode: 'text', maxLength: 20, spellCheck: false } }}
        />
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? 'Checking…' : 'Verify'}
        </Button>
        <Link component={RouterLink} to="/" onClick={() => clearPendingSignIn()}>
          Cancel and sign in as someone else
        </Link>
      </Stack>
    </AuthCard>
  );
}
