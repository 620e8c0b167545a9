import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Stack, TextField, Typography } from '@mui/material';
import { mfaMessages, passkeyMessages } from '@portal/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { mfaApi, passkeyApi, useMfaStatus } from '../../shared/account/mfa-api';
import { assertPasskey, passkeyErrorMessage, passkeysSupported } from '../../shared/passkeys/ceremony';
import { fieldMessage } from '../../shared/ui/field-errors';

/**
 * The step-up dialog (decisions 047, 048): an action that needs a fresh check (log in as, settings, user management,
 * removing a passkey) asks for one here, a passkey or a code, then goes on by itself. Loaded when first needed
 * (second-factor-listener.tsx, decision 054).
 */
export function SecondFactorPrompt({ open, onClose }: { open: boolean; onClose: (done: boolean) => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const status = useMfaStatus(open);
  const withPasskey = Boolean(status.data?.passkeys.length) && passkeysSupported();
  const withCode = !status.data || Boolean(status.data.totp) || status.data.recoveryCodesLeft > 0;

  // Each time it opens: an empty code and no message.
  useEffect(() => {
    if (!open) return;
    setCode('');
    setError(null);
  }, [open]);

  function close(done: boolean) {
    onClose(done);
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
