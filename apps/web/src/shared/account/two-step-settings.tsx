import { Box, Button, Card, CardContent, CardHeader, Divider, Stack, TextField, Typography } from '@mui/material';
import {
  formatDate,
  formatDateTime,
  type MfaStatus,
  mfaMessages,
  passkeyMessages,
  type RecoveryCodes,
  type TotpSetup,
} from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../api/client';
import { updateSessionUser } from '../session/session-storage';
import { useSession } from '../session/session-store';
import { fieldMessage } from '../ui/field-errors';
import { LazyAlert } from '../ui/lazy-alert';
import { useToast } from '../ui/toast';
import { mfaApi, useMfaStatus, useRefreshMfa } from './mfa-api';
import { PasskeySettings } from './passkey-settings';
import { ShowRecoveryCodes } from './recovery-codes';

/** The key as people copy it: groups of four. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** Scan or type the key, then the first code turns two-step sign-in on. */
function SetUp({ onEnabled }: { onEnabled: (codes: RecoveryCodes) => void }) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    setError(null);
    try {
      setSetup(await mfaApi.setup());
    } catch (e) {
      setError(fieldMessage(e, 'code'));
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError(mfaMessages.codeRequired);
    setBusy(true);
    setError(null);
    try {
      onEnabled(await mfaApi.enable(code.trim()));
    } catch (e) {
      setError(fieldMessage(e, 'code'));
    } finally {
      setBusy(false);
    }
  }

  if (!setup) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>
          An authenticator app on your phone (Google Authenticator, Microsoft Authenticator, or any other) shows a new 6-digit code every 30
          seconds. Signing in then asks for that code as well as your password.
        </Typography>
        {error && <LazyAlert severity="error">{error}</LazyAlert>}
        <Button variant="contained" onClick={start} disabled={busy}>
          Set up an authenticator app
        </Button>
      </Stack>
    );
  }
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={confirm}>
      <Typography>1. Scan this code with the authenticator app, or type the key into it.</Typography>
      <Box component="img" src={setup.qrCode} alt="QR code to scan with the authenticator app" sx={{ width: 200, height: 200 }} />
      <Typography component="p" sx={{ fontFamily: 'monospace', fontSize: '1.1rem', wordBreak: 'break-all' }}>
        Key: <span data-testid="totp-secret">{grouped(setup.secret)}</span>
      </Typography>
      <Typography>2. Enter the 6-digit code the app shows.</Typography>
      <TextField
        label="Code from the app"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={Boolean(error)}
        helperText={error ?? ' '}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }}
        sx={{ maxWidth: 280 }}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          Turn on two-step sign-in
        </Button>
      </Box>
    </Stack>
  );
}

/** Turning it off asks for the password and a current code. */
function TurnOff({ onDone }: { onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await mfaApi.remove({ password, code: code.trim() });
      onDone();
    } catch (e) {
      setErrors(
        e instanceof ApiError ? { password: e.errors?.password?.[0] ?? '', code: e.errors?.code?.[0] ?? (e.errors ? '' : e.message) } : {},
      );
    }
  }
  if (!open) {
    return (
      <Box>
        <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
          Remove the authenticator app
        </Button>
      </Box>
    );
  }
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} sx={{ maxWidth: 360 }}>
      <TextField
        label="Password"
        type="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={Boolean(errors.password)}
        helperText={errors.password}
        autoComplete="current-password"
      />
      <TextField
        label="Code from the app"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={Boolean(errors.code)}
        helperText={errors.code}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" color="error" variant="contained">
          Remove
        </Button>
        <Button onClick={() => setOpen(false)}>Cancel</Button>
      </Stack>
    </Stack>
  );
}

/** The authenticator app: when it was set up and last used, or how to set one up. */
function AuthenticatorApp({
  totp,
  onEnabled,
  onRemoved,
}: {
  totp: MfaStatus['totp'];
  onEnabled: (codes: RecoveryCodes) => void;
  onRemoved: () => void;
}) {
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="authenticator-title">
      <Typography id="authenticator-title" variant="h6" component="h2">
        Authenticator app
      </Typography>
      {totp ? (
        <>
          <Typography>
            Set up {formatDate(totp.enabledAt)}
            {totp.lastUsedAt && `, last used ${formatDateTime(totp.lastUsedAt)}`}. Signing in with your password asks for its code.
          </Typography>
          <TurnOff onDone={onRemoved} />
        </>
      ) : (
        <SetUp onEnabled={onEnabled} />
      )}
    </Stack>
  );
}

/**
 * Second factors (decisions 047, 048), on `/security` and the profile's Security tab: passkeys and an authenticator
 * app. Staff must have one: without it `/security` is the only page they reach. Members may add either. The first
 * factor shows the ten recovery codes once; `onEnrolled` runs when they are put away.
 */
export function TwoStepSettings({ onEnrolled }: { onEnrolled?: () => void }) {
  const session = useSession();
  const toast = useToast();
  const status = useMfaStatus();
  const refresh = useRefreshMfa();
  const [codes, setCodes] = useState<{ codes: string[]; message: string } | null>(null);
  const user = session?.user;
  const data = status.data;
  const enrolled = Boolean(data && (data.totp || data.passkeys.length > 0));

  function changed(mfaEnabled: boolean, message?: string) {
    if (user) updateSessionUser({ ...user, mfa_enabled: mfaEnabled });
    if (message) toast(message, 'success');
    void refresh();
  }

  function added(recoveryCodes: string[] | null, message: string) {
    changed(true);
    if (recoveryCodes) setCodes({ codes: recoveryCodes, message });
    else toast(message, 'success');
  }

  function finished() {
    setCodes(null);
    onEnrolled?.();
  }

  return (
    <Card sx={{ maxWidth: 720 }}>
      <CardHeader title="Two-step sign-in" slotProps={{ title: { variant: 'h5', component: 'h1', sx: { fontWeight: 700 } } }} />
      <CardContent>
        {status.isLoading && <Typography>Loading…</Typography>}
        {status.error && <LazyAlert severity="error">{status.error.message}</LazyAlert>}
        {codes ? (
          <ShowRecoveryCodes codes={codes.codes} message={codes.message} onDone={finished} />
        ) : (
          data && (
            <Stack spacing={3}>
              {enrolled ? (
                <LazyAlert severity="success">Two-step sign-in is on. Recovery codes left: {data.recoveryCodesLeft}</LazyAlert>
              ) : (
                data.required && <LazyAlert severity="warning">{mfaMessages.enrolRequired}</LazyAlert>
              )}
              <PasskeySettings
                passkeys={data.passkeys}
                onAdded={(recoveryCodes) => added(recoveryCodes, passkeyMessages.added)}
                onRemoved={(mfaEnabled) => changed(mfaEnabled, passkeyMessages.removed)}
              />
              <Divider />
              <AuthenticatorApp
                totp={data.totp}
                onEnabled={(result) => added(result.recoveryCodes, mfaMessages.enabled)}
                onRemoved={() => changed(data.passkeys.length > 0, mfaMessages.removed)}
              />
            </Stack>
          )
        )}
      </CardContent>
    </Card>
  );
}
