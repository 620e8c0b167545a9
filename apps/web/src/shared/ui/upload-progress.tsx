import { Box, Typography } from '@mui/material';
import { LinearProgress } from './linear-progress';

/**
 * An upload's progress as `uploadWithProgress` reports it: the share sent (0–100), then null while the server works
 * on the file (`checking`); nothing while no upload runs (undefined). `label` names the bar.
 */
export function UploadProgress({ progress, checking, label }: { progress: number | null | undefined; checking: string; label: string }) {
  if (progress === undefined) return null;
  return (
    <Box aria-live="polite">
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {progress === null ? checking : `Uploading… ${progress}%`}
      </Typography>
      <LinearProgress variant={progress === null ? 'indeterminate' : 'determinate'} value={progress ?? 0} aria-label={label} />
    </Box>
  );
}
