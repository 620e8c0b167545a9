import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
} from '@mui/material';
import {
  type ApplicationKind,
  type ApplicationStatus,
  returnRequest,
  reviewCommentRequest,
  reviewMessages,
  statusChangeRequest,
} from '@portal/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useToast } from '../../shared/ui/toast';
import { reviewApi, useRefreshReview } from './api';
import { transitionLabel } from './kind';

export type ReviewAction = { kind: 'status'; to: ApplicationStatus } | { kind: 'return' } | { kind: 'comment' };

interface FormValues {
  status?: ApplicationStatus;
  comment: string;
  hiddenFromApplicant: boolean;
}

const RELEASE_TEXTS: Record<ApplicationKind, string> = {
  Registration: reviewMessages.releaseConfirm,
  Upgrade: reviewMessages.releaseUpgradeConfirm,
  Licence: reviewMessages.releaseLicenceConfirm,
};

function describe(action: ReviewAction, code: string, kind: ApplicationKind) {
  if (action.kind === 'return') {
    return { title: `Return ${code} to the applicant`, confirm: 'Return to applicant', text: reviewMessages.returnHelp, canHide: false };
  }
  if (action.kind === 'comment') return { title: `Comment on ${code}`, confirm: 'Add comment', text: null, canHide: true };
  const label = transitionLabel(action.to, kind);
  const text =
    action.to === 'Released'
      ? RELEASE_TEXTS[kind]
      : action.to === 'Rejected'
        ? reviewMessages.rejectConfirm
        : `The application moves to ${action.to}. The applicant is told by e-mail.`;
  return { title: `${label}: ${code}`, confirm: label, text, canHide: true };
}

/**
 * One dialog for every review action: a status move (optional comment; Reject needs one), the return to
 * the applicant (comment required, always visible) and a plain comment. The rules are the contract's.
 */
export function ReviewActionDialog({
  code,
  kind,
  action,
  onClose,
}: {
  code: string;
  kind: ApplicationKind;
  action: ReviewAction | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={Boolean(action)} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="review-action-title">
      {action && <ActionForm key={JSON.stringify(action)} code={code} kind={kind} action={action} onClose={onClose} />}
    </Dialog>
  );
}

function ActionForm({ code, kind, action, onClose }: { code: string; kind: ApplicationKind; action: ReviewAction; onClose: () => void }) {
  const toast = useToast();
  const refresh = useRefreshReview();
  const [serverError, setServerError] = useState<string | null>(null);
  const schema = action.kind === 'status' ? statusChangeRequest : action.kind === 'return' ? returnRequest : reviewCommentRequest;
  const form = useForm<FormValues>({
    resolver: zodResolver(schema) as never,
    defaultValues: { status: action.kind === 'status' ? action.to : undefined, comment: '', hiddenFromApplicant: false },
  });
  const { errors, isSubmitting } = form.formState;
  const info = describe(action, code, kind);
  const commentRequired = action.kind !== 'status' || action.to === 'Rejected';

  async function submit(values: FormValues) {
    setServerError(null);
    try {
      const result =
        action.kind === 'status'
          ? await reviewApi.move(code, { status: action.to, comment: values.comment, hiddenFromApplicant: values.hiddenFromApplicant })
          : action.kind === 'return'
            ? await reviewApi.giveBack(code, { comment: values.comment })
            : await reviewApi.comment(code, { comment: values.comment, hiddenFromApplicant: values.hiddenFromApplicant });
      await refresh();
      toast(result.message);
      onClose();
    } catch (error) {
      setServerError(error instanceof Error ? error.message : 'Something went wrong');
    }
  }

  const danger = action.kind === 'status' && action.to === 'Rejected';
  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit(submit)}>
      <DialogTitle id="review-action-title">{info.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {info.text && (
            <Alert severity={danger ? 'warning' : action.kind === 'status' && action.to === 'Released' ? 'success' : 'info'}>
              {info.text}
            </Alert>
          )}
          {serverError && (
            <Alert severity="error" role="alert">
              {serverError}
            </Alert>
          )}
          <TextField
            label={danger ? 'Reason for the rejection' : 'Comment'}
            required={commentRequired}
            multiline
            minRows={3}
            autoFocus
            {...form.register('comment')}
            error={Boolean(errors.comment)}
            helperText={errors.comment?.message ?? (commentRequired ? ' ' : 'Optional')}
          />
          {info.canHide && (
            <Controller
              control={form.control}
              name="hiddenFromApplicant"
              render={({ field }) => (
                <FormControlLabel
                  control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                  label={reviewMessages.hideFromApplicant}
                />
              )}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" color={danger ? 'error' : 'primary'} disabled={isSubmitting}>
          {info.confirm}
        </Button>
      </DialogActions>
    </Box>
  );
}
