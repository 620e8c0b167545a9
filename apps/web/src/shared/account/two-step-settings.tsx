import { Alert, Box, Button, Card, CardContent, CardHeader, Stack, TextField, Typography } from '@mui/material';
import { mfaMessages, type RecoveryCodes, type TotpSetup } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../api/client';
import { updateSessionUser } from '../session/session-storage';
import { useSession } from '../session/session-store';
import { fieldMessage } from '../ui/field-errors';
import { saveBlob } from '../ui/save-blob';
import { useToast } from '../ui/toast';
import { mfaApi, useMfaStatus, useRefreshMfa } from './mfa-api';

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
        {error && <Alert severity="error">{error}</Alert>}
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

/** The recovery codes, shown once: to download or print before going on. */
function ShowRecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = ['Member portal recovery codes: each works once, in place of an authenticator code.', '', ...codes].join('\n');
  return (
    <Stack spacing={2}>
      <Alert severity="success">{mfaMessages.enabled}</Alert>
      <Typography>
        If you lose your phone, sign in with one of these codes in place of the app's code. Each works once. They are shown only now.
      </Typography>
      <Box component="ol" aria-label="Recovery codes" sx={{ fontFamily: 'monospace', fontSize: '1.05rem', columns: 2, m: 0 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => saveBlob(new Blob([text], { type: 'text/plain' }), 'recovery-codes.txt')}>
          Download
        </Button>
        <Button variant="outlined" onClick={() => window.print()}>
          Print
        </Button>
        <Button variant="contained" onClick={onDone}>
          I have saved them
        </Button>
      </Stack>
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
          Turn off two-step sign-in
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
          Turn off
        </Button>
        <Button onClick={() => setOpen(false)}>Cancel</Button>
      </Stack>
    </Stack>
  );
}

/**
 * Two-step sign-in (decision 047), on `/security` and the profile's Security tab. Staff must have it: without it
 * `/security` is the only page they reach. Members may turn it on. Set-up shows the QR code and the key, takes the
 * first code, then the recovery codes once; `onEnrolled` runs when they are put away.
 */
export function TwoStepSettings({ onEnrolled }: { onEnrolled?: () => void }) {
  const session = useSession();
  const toast = useToast();
  const status = useMfaStatus();
  const refresh = useRefreshMfa();
  const [codes, setCodes] = useState<string[] | null>(null);
  const user = session?.user;

  function enabled(result: RecoveryCodes) {
    setCodes(result.recoveryCodes);
    if (user) updateSessionUser({ ...user, mfa_enabled: true });
    void refresh();
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
        {status.error && <Alert severity="error">{status.error.message}</Alert>}
        {codes ? (
          <ShowRecoveryCodes codes={codes} onDone={finished} />
        ) : (
          status.data &&
          (status.data.totp ? (
            <Stack spacing={2}>
              <Alert severity="success">Two-step sign-in is on: signing in asks for the code from your authenticator app.</Alert>
              <Typography>
                Authenticator app set up {new Date(status.data.totp.enabledAt).toLocaleDateString('en-GB', { dateStyle: 'medium' })}
                {status.data.totp.lastUsedAt &&
                  `, last used ${new Date(status.data.totp.lastUsedAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}`}
                . Recovery codes left: {status.data.recoveryCodesLeft}
              </Typography>
              <TurnOff
                onDone={() => {
                  toast(mfaMessages.removed, 'success');
                  if (user) updateSessionUser({ ...user, mfa_enabled: false });
                  void refresh();
                }}
              />
            </Stack>
          ) : (
            <Stack spacing={2}>
              {status.data.required && <Alert severity="warning">{mfaMessages.enrolRequired}</Alert>}
              <SetUp onEnabled={enabled} />
            </Stack>
          ))
        )}
      </CardContent>
    </Card>
  );
}
