import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { refereeMessages, refereeRejectSchema } from '@portal/contract';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';

/** 'Rejection Remarks': the remark a rejection needs, with submit and cancel (part 1 §2). */
export function RejectDialog({
  open,
  busy,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  busy: boolean;
  onSubmit: (remarks: string) => void;
  onCancel: () => void;
}) {
  const form = useForm<{ Remarks: string }>({ resolver: zodResolver(refereeRejectSchema), defaultValues: { Remarks: '' } });
  useEffect(() => {
    if (open) form.reset({ Remarks: '' });
  }, [open, form]);
  const error = form.formState.errors.Remarks?.message;
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} maxWidth="sm" fullWidth aria-labelledby="reject-title">
      <DialogTitle id="reject-title">{refereeMessages.rejectionRemarks}</DialogTitle>
      <Box component="form" noValidate onSubmit={form.handleSubmit((v) => onSubmit(v.Remarks.trim()))}>
        <DialogContent>
          <TextField
            {...form.register('Remarks')}
            label="Remarks"
            placeholder="Why are you rejecting this request?"
            multiline
            minRows={3}
            fullWidth
            autoFocus
            required
            error={Boolean(error)}
            helperText={error ?? ' '}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={busy}>
            {busy ? 'Submitting…' : 'Submit'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
