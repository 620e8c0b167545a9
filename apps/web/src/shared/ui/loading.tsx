import { Box, CircularProgress } from '@mui/material';

export function LoadingSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box role="progressbar" aria-label={label} sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', py: 6 }}>
      <CircularProgress />
    </Box>
  );
}
