import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { messages } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { saveSession } from '../../../shared/session/session-store';
import { authApi } from '../api';
import { AuthCard } from '../components/auth-card';

type State = { status: 'pending' } | { status: 'success' } | { status: 'failed'; message: string };

export function VerifyPage() {
  const { code = '' } = useParams();
  const [state, setState] = useState<State>({ status: 'pending' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    authApi
      .verify(code)
      .then((session) => {
        saveSession(session);
        setState({ status: 'success' });
      })
      .catch((error: Error) => setState({ status: 'failed', message: error.message }));
  }, [code]);

  return (
    <AuthCard title="Account activation">
      {state.status === 'pending' && (
        <Stack direction="row" spacing={2} alignItems="center">
          <CircularProgress size={24} aria-label="Activating the account" />
          <Typography>Activating you account</Typography>
        </Stack>
      )}
      {state.status === 'success' && (
        <Stack spacing={2}>
          <Alert severity="success">{messages.accountActivated}</Alert>
          <Button component={RouterLink} to="/" variant="contained">
            Login
          </Button>
        </Stack>
      )}
      {state.status === 'failed' && (
        <Stack spacing={2}>
          <Alert severity="error">{messages.activationFailed}</Alert>
          <Typography variant="body2" color="text.secondary">
            {state.message}
          </Typography>
          <Button component={RouterLink} to="/" variant="outlined">
            Back to login
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}
