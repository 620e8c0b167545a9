import { ArrowBack } from '@mui/icons-material';
import { Alert, Button, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadingSpinner } from '../../shared/ui/loading';

/**
 * A page under /upgrade: Back to My Upgrades and the `title`, then the spinner while `query` loads, its error in an
 * alert (part 2 §8), else `children` of what it loaded.
 */
export function UpgradePage<T>({
  title,
  query,
  loadingLabel,
  children,
}: {
  title: string;
  query: { isLoading: boolean; error: Error | null; data: T | undefined };
  loadingLabel: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <Stack spacing={2}>
      <Button component={RouterLink} to="/upgrade" startIcon={<ArrowBack />} sx={{ alignSelf: 'flex-start' }}>
        My Upgrades
      </Button>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {query.isLoading && <LoadingSpinner label={loadingLabel} />}
      {query.error && (
        <Alert severity="error" role="alert">
          {query.error.message}
        </Alert>
      )}
      {query.data !== undefined && children(query.data)}
    </Stack>
  );
}
