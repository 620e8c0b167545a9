import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Dialog, Stack, TextField, Typography } from '@mui/material';
import { type AdminLicense, type LicenseStatusRequest, licenseMessages, licenseStatusRequest } from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { eachFieldError } from '../../shared/ui/field-errors';
import { FormDialogFrame } from '../../shared/ui/form-dialog';
import { useToast } from '../../shared/ui/toast';
import { licenseApi, useRefreshAdminLicenses } from './api';
import { MOVE_LABELS } from './rules';

export interface StatusChange {
  license: AdminLicense;
  status: keyof typeof MOVE_LABELS;
}

const EFFECTS: Record<StatusChange['status'], string> = {
  Suspended: 'The holder may not practise while it is suspended; it can be reinstated later.',
  Revoked: 'Revoking is final: the licence cannot be reinstated.',
  Active: 'The licence is valid again until the end of its year.',
};

function StatusForm({ change, onClose }: { change: StatusChange; onClose: () => void }) {
  const toast = useToast();
  const refresh = useRefreshAdminLicenses();
  const [error, setError] = useState<string | null>(null);
  const { license, status } = change;
  const form = useForm<LicenseStatusRequest>({ resolver: zodResolver(licenseStatusRequest), defaultValues: { status, reason: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const changed = await licenseApi.setStatus(license.licenseNo, values);
      await refresh();
      toast(licenseMessages.statusChanged(changed.status));
      onClose();
    } catch (e) {
      eachFieldError(e, (field, message) => {
        if (field === 'reason') form.setError('reason', { message });
      });
      setError(e instanceof Error ? e.message : 'Something went wrong');
    }
  });

  return (
    <FormDialogFrame
      titleId="license-status-title"
      title={`${MOVE_LABELS[status]} licence ${license.licenseNo}`}
      busy={isSubmitting}
      busyLabel="Saving"
      confirm={MOVE_LABELS[status]}
      danger={status !== 'Active'}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{license.holderName}</Typography>
          <Typography variant="body2" color="text.secondary">
            {[license.memberNo, license.year, license.status].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
        <Alert severity={status === 'Active' ? 'info' : 'warning'}>{EFFECTS[status]}</Alert>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <TextField
          label="Reason"
          required
          multiline
          minRows={3}
          autoFocus
          {...form.register('reason')}
          error={Boolean(errors.reason)}
          helperText={errors.reason?.message ?? 'Kept with the licence in the register.'}
        />
      </Stack>
    </FormDialogFrame>
  );
}

/** Suspend, revoke or reinstate a licence, always with a reason (licenseStatusRequest). */
export function LicenseStatusDialog({ change, onClose }: { change: StatusChange | null; onClose: () => void }) {
  return (
    <Dialog open={Boolean(change)} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="license-status-title">
      {change && <StatusForm key={`${change.license.licenseNo}-${change.status}`} change={change} onClose={onClose} />}
    </Dialog>
  );
}
