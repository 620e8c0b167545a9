/** The submit flow's dialogs, loaded when the flow first opens one (decision 054). */
import { Box, Button, Collapse, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Link, Stack } from '@mui/material';
import { type Application, applicationMessages } from '@portal/contract';
import { useState } from 'react';
import { useTerms } from '../../shared/settings/use-settings';
import { cleanHtml } from '../../shared/ui/clean-html';
import { type AlertState, errorAlert, FormAlert } from '../../shared/ui/form-alert';
import { OtpField, useOtpEntry } from '../../shared/ui/otp-field';
import { applicationsApi } from './api';

export function ConfirmSubmitDialog({
  application,
  busy,
  onConfirm,
  onCancel,
}: {
  application: Application | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const terms = useTerms();
  const [showTerms, setShowTerms] = useState(false);
  const html = terms.data?.[0]?.termsAndConditions ?? '';
  return (
    <Dialog open={Boolean(application)} onClose={onCancel} maxWidth="md" fullWidth aria-labelledby="submit-confirm-title">
      <DialogTitle id="submit-confirm-title">
        {applicationMessages.confirmTitle} {application?.Code}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{applicationMessages.confirmText}</DialogContentText>
        {html && (
          <>
            <Link component="button" type="button" variant="body2" sx={{ mt: 1 }} onClick={() => setShowTerms((v) => !v)}>
              {showTerms ? 'Hide the terms and conditions' : 'Read the terms and conditions'}
            </Link>
            <Collapse in={showTerms}>
              <Box
                sx={{
                  mt: 1,
                  p: 2,
                  maxHeight: 320,
                  overflow: 'auto',
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  '& li': { mb: 1 },
                }}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: terms are administrator-configured HTML, cleaned above
                dangerouslySetInnerHTML={{ __html: cleanHtml(html) }}
              />
            </Collapse>
          </>
        )}
        <DialogContentText variant="body2" sx={{ mt: 2 }}>
          A one-time code will be sent by SMS to your phone to confirm the submission.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={onConfirm} disabled={busy}>
          {busy ? 'Sending OTP…' : 'I agree, send OTP'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function OtpDialog({
  application,
  intro,
  onClose,
  onSubmitted,
}: {
  application: Application;
  intro: AlertState;
  onClose: () => void;
  onSubmitted: (submitted: Application) => void;
}) {
  const [alert, setAlert] = useState<AlertState>(intro);
  const [busy, setBusy] = useState(false);
  const otp = useOtpEntry({
    ready: !busy,
    onVerify: async (code) => {
      setBusy(true);
      setAlert(null);
      try {
        onSubmitted(await applicationsApi.submit(application, code));
      } catch (error) {
        setAlert(errorAlert(error));
        setBusy(false);
      }
    },
  });

  async function resend() {
    setAlert(null);
    try {
      const sent = await applicationsApi.requestSubmitOtp(application.Code);
      setAlert({ severity: 'success', message: `${sent.message} (${sent.maskedPhone}).` });
      otp.clear();
    } catch (error) {
      setAlert(errorAlert(error));
    }
  }

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="submit-otp-title">
      <DialogTitle id="submit-otp-title">Enter OTP</DialogTitle>
      <Stack
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          otp.submit();
        }}
      >
        <DialogContent sx={{ pt: 0 }}>
          <FormAlert alert={alert} />
          <OtpField otp={otp} fullWidth ariaLabel="OTP" />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={resend} variant="outlined" disabled={busy}>
            Resend OTP
          </Button>
          <Button type="submit" variant="contained" disabled={otp.code.length < 6 || busy}>
            {busy ? 'Submitting…' : 'Verify OTP'}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
