import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Stack, TextField, Typography } from '@mui/material';
import { MFA_ENROL, mfaMessages, passkeyMessages } from '@portal/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { mfaApi, passkeyApi, useMfaStatus } from '../../shared/account/mfa-api';
import { onSecondFactorNeeded } from '../../shared/api/client';
import { assertPasskey, passkeyErrorMessage, passkeysSupported } from '../../shared/passkeys/ceremony';
import { fieldMessage } from '../../shared/ui/field-errors';
import { SECURITY_PATH } from '../auth/landing';

/**
 * The web app's answer to a second-factor 403 (decisions 047, 048): staff without one go to the set-up page; an
 * action that needs a fresh check (log in as, settings, user management, removing a passkey) asks for one here, a
 * passkey or a code, then goes on by itself.
 */
export function SecondFactorPrompt() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const answer = useRef<((done: boolean) => void) | null>(null);
  const status = useMfaStatus(open);
  const withPasskey = Boolean(status.data?.passkeys.length) && passkeysSupported();
  const withCode = !status.data || Boolean(status.data.totp) || status.data.recoveryCodesLeft > 0;

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

  async function check(run: () => Promise<unknown>, message: (e: unknown) => string) {
    setBusy(true);
    setError(null);
    try {
      await run();
      close(true);
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError(mfaMessages.codeRequired);
    void check(
      () => mfaApi.stepUp(code.trim()),
      (e) => fieldMessage(e, 'code'),
    );
  }

  const withPasskeyCheck = () =>
    check(async () => passkeyApi.stepUp(await assertPasskey(await passkeyApi.stepUpOptions())), passkeyErrorMessage);

  return (
    <Dialog open={open} onClose={() => close(false)} maxWidth="xs" fullWidth aria-labelledby="step-up-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="step-up-title">Confirm it is you</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{mfaMessages.stepUpRequired}</Typography>
          <Stack spacing={2}>
            {withPasskey && (
              <>
                <Button variant="contained" onClick={withPasskeyCheck} disabled={busy}>
                  {passkeyMessages.stepUp}
                </Button>
                {withCode && <Divider>or enter a code</Divider>}
              </>
            )}
            {withCode && (
              <TextField
                label="Authentication code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                error={Boolean(error) && !withPasskey}
                helperText={(!withPasskey && error) || 'Or one of your recovery codes.'}
                autoComplete="one-time-code"
                autoFocus={!withPasskey}
                fullWidth
              />
            )}
            {error && withPasskey && <Alert severity="error">{error}</Alert>}
            {busy && <Alert severity="info">Checking…</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => close(false)}>Cancel</Button>
          {withCode && (
            <Button type="submit" variant={withPasskey ? 'outlined' : 'contained'} disabled={busy}>
              Confirm
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
