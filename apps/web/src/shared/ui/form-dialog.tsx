import { Box, Button, DialogActions, DialogContent, DialogTitle, LinearProgress } from '@mui/material';
import type { BaseSyntheticEvent, ReactNode } from 'react';

/**
 * A form inside a dialog: the title (named by `titleId` for the dialog's aria-labelledby), the fields, a progress
 * bar named `busyLabel` while it is sent, and Cancel and the submit button `confirm` (red when `danger`), both
 * disabled while busy.
 */
export function FormDialogFrame({
  titleId,
  title,
  busy,
  busyLabel,
  confirm,
  danger,
  dividers,
  onClose,
  onSubmit,
  children,
}: {
  titleId: string;
  title: string;
  busy: boolean;
  busyLabel: string;
  confirm: string;
  danger?: boolean;
  dividers?: boolean;
  onClose: () => void;
  onSubmit: (e?: BaseSyntheticEvent) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers={dividers}>{children}</DialogContent>
      {busy && <LinearProgress aria-label={busyLabel} />}
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" color={danger ? 'error' : 'primary'} disabled={busy}>
          {confirm}
        </Button>
      </DialogActions>
    </Box>
  );
}
