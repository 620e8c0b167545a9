import { type SxProps, type Theme, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A grey second line under a table cell's value. */
export function Caption({ sx, children }: { sx?: SxProps<Theme>; children: ReactNode }) {
  return (
    <Typography variant="caption" color="text.secondary" sx={[{ display: 'block' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {children}
    </Typography>
  );
}
