import { Box, CircularProgress } from '@mui/material';

/** A centred spinner; the spinner itself is the named progress bar (an unnamed one inside a named box fails axe). */
export function LoadingSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', py: 6 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
