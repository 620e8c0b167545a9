import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { formatDate, formatDateTime, type Passkey, passkeyMessages } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { LiteChip } from '../lite/surfaces';
import { createPasskey, passkeyErrorMessage, passkeysSupported } from '../passkeys/ceremony';
import { LazyAlert } from '../ui/lazy-alert';
import { passkeyApi } from './mfa-api';

/** The password, asked before a passkey is added or removed, with the server's message under the field. */
function PasswordStep({
  action,
  color = 'primary',
  run,
  onCancel,
}: {
  action: string;
  color?: 'primary' | 'error';
  run: (password: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await run(password);
    } catch (e) {
      setError(passkeyErrorMessage(e));
      setBusy(false);
    }
  }
  return (
    <Stack component="form" noValidate spacing={1.5} onSubmit={submit} sx={{ maxWidth: 360 }}>
      <TextField
        label="Password"
        type="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={Boolean(error)}
        helperText={error ?? 'Your portal password, to confirm it is you.'}
        autoComplete="current-password"
        autoFocus
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" color={color} disabled={busy}>
          {busy ? 'Waiting…' : action}
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}

function PasskeyRow({ passkey, onRemoved }: { passkey: Passkey; onRemoved: (mfaEnabled: boolean) => void }) {
  const [removing, setRemoving] = useState(false);
  return (
    <Box component="li" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', listStyle: 'none' }} aria-label={passkey.name}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography sx={{ fontWeight: 600 }}>{passkey.name}</Typography>
        {passkey.backedUp && <LiteChip label="Synced" />}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Added {formatDate(passkey.createdAt)} · {passkey.lastUsedAt ? `Last used ${formatDateTime(passkey.lastUsedAt)}` : 'Not used yet'}
      </Typography>
      <Box sx={{ mt: 1 }}>
        {removing ? (
          <PasswordStep
            action="Remove passkey"
            color="error"
            onCancel={() => setRemoving(false)}
            run={async (password) => onRemoved((await passkeyApi.remove(passkey.id, password)).mfaEnabled)}
          />
        ) : (
          <Button size="small" color="error" onClick={() => setRemoving(true)}>
            Remove
          </Button>
        )}
      </Box>
    </Box>
  );
}

/**
 * Passkeys (decision 048): sign in with a fingerprint, face or screen lock instead of the e-mail and password; each
 * also counts as a second factor. Listed with when each was last used; adding or removing one asks for the password.
 */
export function PasskeySettings({
  passkeys,
  onAdded,
  onRemoved,
}: {
  passkeys: Passkey[];
  onAdded: (recoveryCodes: string[] | null) => void;
  onRemoved: (mfaEnabled: boolean) => void;
}) {
  const [adding, setAdding] = useState(false);
  const supported = passkeysSupported();
  async function add(password: string) {
    const options = await passkeyApi.registerOptions(password);
    const response = await createPasskey(options);
    const added = await passkeyApi.register(response);
    setAdding(false);
    onAdded(added.recoveryCodes);
  }
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="passkeys-title">
      <Typography id="passkeys-title" variant="h6" component="h2">
        Passkeys
      </Typography>
      <Typography>
        Sign in with your phone's fingerprint, face or screen lock instead of typing your e-mail and password. A passkey also counts as your
        second factor.
      </Typography>
      {passkeys.length > 0 && (
        <Box component="ul" aria-label="Your passkeys" sx={{ m: 0, p: 0 }}>
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} onRemoved={onRemoved} />
          ))}
        </Box>
      )}
      {!supported ? (
        <LazyAlert severity="info">{passkeyMessages.unsupported}</LazyAlert>
      ) : adding ? (
        <PasswordStep action="Continue" run={add} onCancel={() => setAdding(false)} />
      ) : (
        <Box>
          <Button variant={passkeys.length ? 'outlined' : 'contained'} onClick={() => setAdding(true)}>
            Add a passkey
          </Button>
        </Box>
      )}
    </Stack>
  );
}
