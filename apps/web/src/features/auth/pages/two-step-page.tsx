import { Alert, Button, Divider, Link, Stack, TextField } from '@mui/material';
import { mfaMessages, type SessionResponse } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { passkeyErrorMessage, passkeysSupported } from '../../../shared/passkeys/ceremony';
import { clearPendingSignIn, readPendingSignIn } from '../../../shared/session/mfa-challenge';
import { saveSession } from '../../../shared/session/session-store';
import { fieldMessage } from '../../../shared/ui/field-errors';
import { authApi } from '../api';
import { AuthCard } from '../components/auth-card';
import { landingPath } from '../landing';
import { signInWithPasskey } from '../passkey-sign-in';

/**
 * `/sign-in/code`: the second step of signing in (decisions 047, 048), after the password on the server-rendered
 * sign-in page: a passkey, or the code from the authenticator app or one of the recovery codes, in the same box.
 */
export function TwoStepPage() {
  const navigate = useNavigate();
  const [pending] = useState(readPendingSignIn);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);
  const [busy, setBusy] = useState(false);

  function signedIn(session: SessionResponse) {
    clearPendingSignIn();
    saveSession(session);
    navigate(landingPath(session.user), { replace: true });
  }

  async function answerWithPasskey() {
    if (!pending || busy) return;
    setBusy(true);
    setError(null);
    try {
      signedIn(await signInWithPasskey(pending.mfaToken));
    } catch (e) {
      if (e instanceof ApiError && e.errors?.mfaToken) {
        clearPendingSignIn();
        setEnded(true);
      }
      setError(passkeyErrorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!pending || busy) return;
    if (!code.trim()) return setError(mfaMessages.codeRequired);
    setBusy(true);
    setError(null);
    try {
      signedIn(await authApi.verifyMfa({ mfaToken: pending.mfaToken, code: code.trim() }));
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

  const withPasskey = pending.methods.includes('passkey') && passkeysSupported();
  const withApp = pending.methods.includes('totp');
  const subtitle = withApp
    ? `Open your authenticator app and enter the code it shows for ${pending.email}.`
    : `Confirm it is you, ${pending.email}: use your passkey, or enter one of your recovery codes.`;
  return (
    <AuthCard title="Two-step sign-in" subtitle={subtitle}>
      <Stack component="form" noValidate spacing={2} onSubmit={submit}>
        {withPasskey && (
          <>
            <Button variant="contained" onClick={answerWithPasskey} disabled={busy}>
              Use your passkey
            </Button>
            <Divider>or enter a code</Divider>
          </>
        )}
        <TextField
          label={withApp ? 'Authentication code' : 'Recovery code'}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={Boolean(error)}
          helperText={error ?? (withApp ? 'Lost your phone? Enter one of your recovery codes instead.' : 'Each recovery code works once.')}
          autoComplete="one-time-code"
          autoFocus={!withPasskey}
          slotProps={{ htmlInput: { inputMode: 'text', maxLength: 20, spellCheck: false } }}
        />
        <Button type="submit" variant={withPasskey ? 'outlined' : 'contained'} disabled={busy}>
          {busy ? 'Checking…' : 'Verify'}
        </Button>
        <Link component={RouterLink} to="/" onClick={() => clearPendingSignIn()}>
          Cancel and sign in as someone else
        </Link>
      </Stack>
    </AuthCard>
  );
}
