import { Alert, Dialog, TextField } from '@mui/material';
import { complaintMessages } from '@portal/contract';
import { type BaseSyntheticEvent, useId, useState } from 'react';
import { FormDialogFrame } from '../../shared/ui/form-dialog';

/** Asks the reason for a dismissal or a reversal; `onSubmit` sends it (the dialog stays open on a refusal). */
export function ReasonDialog({
  open,
  title,
  confirm,
  busy,
  failure,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  confirm: string;
  busy: boolean;
  /** The server's refusal of the last try, shown in the dialog. */
  failure: string | null;
  onClose: () => void;
  onSubmit: (reason: string) => Promise<void>;
}) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function submit(e?: BaseSyntheticEvent) {
    e?.preventDefault();
    if (!reason.trim()) return setError(complaintMessages.reasonRequired);
    setError(null);
    await onSubmit(reason.trim());
  }
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <FormDialogFrame
        titleId={titleId}
        title={title}
        busy={busy}
        busyLabel="Saving"
        confirm={confirm}
        danger
        onClose={onClose}
        onSubmit={submit}
      >
        <TextField
          label="Reason"
          multiline
          minRows={3}
          fullWidth
          autoFocus
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={Boolean(error)}
          helperText={error ?? ' '}
          sx={{ mt: 1 }}
        />
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
      </FormDialogFrame>
    </Dialog>
  );
}
