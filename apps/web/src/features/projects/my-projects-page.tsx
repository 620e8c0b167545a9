import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { LoadingSpinner } from '../../shared/ui/loading';
import { goToProjects, requestProjectAccess } from './api';

/**
 * /my-projects, opened in a new tab by the drawer's My Projects link (part 1 §2): asks for a fresh access token and
 * goes on to the projects system with it. The server decides who may (decision 035); a refusal shows its reason.
 */
export function MyProjectsPage() {
  const navigate = useNavigate();
  const access = useMutation({ mutationFn: requestProjectAccess, onSuccess: (data) => goToProjects(data.url) });
  const asked = useRef(false);
  const { mutate } = access;

  useEffect(() => {
    // One token per visit, even when React runs effects twice in development.
    if (asked.current) return;
    asked.current = true;
    mutate();
  }, [mutate]);

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        My Projects
      </Typography>
      {access.error ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="warning" sx={{ width: '100%' }}>
            {access.error.message}
          </Alert>
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" onClick={() => navigate('/dashboard')}>
              Back to Dashboard
            </Button>
            <Button variant="contained" onClick={() => mutate()}>
              Try again
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Box>
          <LoadingSpinner label="Opening My Projects" />
          <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
            Opening the projects system…
          </Typography>
        </Box>
      )}
    </Box>
  );
}
