import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { MFA_ENROL, mfaMessages } from '@portal/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, onSecondFactorNeeded } from '../../shared/api/client';
import { fieldMessage } from '../../shared/ui/field-errors';
import { SECURITY_PATH } from '../auth/landing';

/**
 * The web app's answer to a second-factor 403 (decision 047): staff without one go to the set-up page; an action
 * that needs a fresh check (log in as, settings, user management) asks for a code here, then goes on by itself.
 */
export function SecondFactorPrompt() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const answer = useRef<((done: boolean) => void) | null>(null);

  useEffect(
    () =>
      onSecondFactorNeeded((need) => {
        if (need === MFA_ENROL) {
          navigate(SECURITY_PATH);
          return Promise.resolve(false);
        }
        setCode('');
        setError(null);
        setOpen(true);
        return new Promise<boolean>((resolve) => {
          answer.current = resolve;
        });
      }),
    [navigate],
  );

  function close(done: boolean) {
    setOpen(false);
    answer.current?.(done);
    answer.current = null;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError(mfaMessages.codeRequired);
    setBusy(true);
    try {
      await api.post('auth/mfa/step-up', { code: code.trim() });
      close(true);
    } catch (e) {
      setError(fieldMessage(e, 'code'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={() => close(false)} maxWidth="xs" fullWidth aria-labelledby="step-up-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="step-up-title">Confirm it is you</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{mfaMessages.stepUpRequired}</Typography>
          <TextField
            label="Authentication code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={Boolean(error)}
            helperText={error ?? 'Or one of your recovery codes.'}
            autoComplete="one-time-code"
            autoFocus
            fullWidth
          />
          {busy && <Alert severity="info">Checking…</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => close(false)}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Confirm
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
