import { Box, Button, Stack, Typography } from '@mui/material';
import { LazyAlert } from '../ui/lazy-alert';
import { saveBlob } from '../ui/save-blob';

/** The recovery codes, shown once: to download or print before going on. */
export function ShowRecoveryCodes({ codes, message, onDone }: { codes: string[]; message: string; onDone: () => void }) {
  const text = ['Member portal recovery codes: each works once, in place of an authenticator code.', '', ...codes].join('\n');
  return (
    <Stack spacing={2}>
      <LazyAlert severity="success">{message}</LazyAlert>
      <Typography>
        If you lose your phone, sign in with one of these codes in place of your passkey or the app's code. Each works once. They are shown
        only now.
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
