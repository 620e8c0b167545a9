import { Alert, CircularProgress, DialogContentText, Stack } from '@mui/material';
import { type UpgradePlan, upgradeMessages } from '@portal/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMyProfile } from '../../shared/member/queries';
import { useSession } from '../../shared/session/session-store';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { useToast } from '../../shared/ui/toast';
import { upgradesApi, useRefreshUpgrades } from './api';

/**
 * 'Submit Application ?' (part 2 §4, §5): Submit sends the application for `plan` (a returned upgrade to the same
 * category is submitted again by the same call); on success the member goes back to the upgrade list.
 */
export function SubmitDialog({
  plan,
  resubmit,
  open,
  onClose,
}: {
  plan: UpgradePlan;
  resubmit: boolean;
  open: boolean;
  onClose: () => void;
}) {
  const session = useSession();
  const profile = useMyProfile();
  const refresh = useRefreshUpgrades();
  const toast = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      await upgradesApi.submit({
        toCategory: plan.ToCategory,
        amount: plan.Amount,
        memberNo: profile.data?.MemberNo ?? '',
        ProfileID: profile.data?.ProfileID ?? session?.user.profile_id ?? '',
        requestedDate: '',
      });
      await refresh();
      toast(resubmit ? upgradeMessages.resubmitted : upgradeMessages.submitted);
      navigate('/upgrade');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Something went wrong');
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      title={upgradeMessages.submitTitle}
      confirmLabel="Submit"
      busy={busy}
      onConfirm={submit}
      onCancel={() => {
        if (busy) return;
        setError(null);
        onClose();
      }}
    >
      <Stack spacing={2}>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <DialogContentText>{upgradeMessages.submitText}</DialogContentText>
        {busy && <CircularProgress size={24} aria-label="Submitting the application" />}
      </Stack>
    </ConfirmDialog>
  );
}
