import { Button } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** A table row's small outlined button that opens another page (a document viewer, an invoice…). */
export function RowLinkButton({ to, icon, color, children }: { to: string; icon?: ReactNode; color?: 'error'; children: ReactNode }) {
  return (
    <Button component={RouterLink} to={to} size="small" variant="outlined" color={color} startIcon={icon}>
      {children}
    </Button>
  );
}
