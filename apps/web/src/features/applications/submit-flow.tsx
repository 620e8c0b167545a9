import { type Application, applicationMessages } from '@portal/contract';
import { lazy, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { applicationDocumentRoute } from '../../shared/documents/routes';
import { type AlertState, errorAlert } from '../../shared/ui/form-alert';
import { useToast } from '../../shared/ui/toast';
import { WhenOpened } from '../../shared/ui/when-opened';
import { applicationsApi, useRefreshAfterSubmit } from './api';

const ConfirmSubmitDialog = lazy(() => import('./submit-dialogs').then((m) => ({ default: m.ConfirmSubmitDialog })));
const OtpDialog = lazy(() => import('./submit-dialogs').then((m) => ({ default: m.OtpDialog })));

/**
 * The submit flow (part 1 §4): confirm the terms, an OTP is texted, the OTP dialog verifies it and submits,
 * then the application document opens. Re-Submit of a returned application is the same flow.
 */
export function useSubmitFlow(onError: (alert: AlertState) => void) {
  const navigate = useNavigate();
  const toast = useToast();
  const refresh = useRefreshAfterSubmit();
  const [confirming, setConfirming] = useState<Application | null>(null);
  const [sending, setSending] = useState(false);
  const [otpFor, setOtpFor] = useState<{ application: Application; intro: AlertState } | null>(null);

  async function sendOtp() {
    const application = confirming;
    if (!application) return;
    setSending(true);
    onError(null);
    try {
      const sent = await applicationsApi.requestSubmitOtp(application.Code);
      setOtpFor({ application, intro: { severity: 'info', message: `${sent.message} (${sent.maskedPhone}). Enter it below.` } });
    } catch (error) {
      // A code sent less than a minute ago is still good: open the dialog with the server's words.
      if (error instanceof ApiError && error.status === 429)
        setOtpFor({ application, intro: { severity: 'warning', message: error.message } });
      else onError(errorAlert(error));
    } finally {
      setSending(false);
      setConfirming(null);
    }
  }

  async function submitted(application: Application) {
    setOtpFor(null);
    toast(applicationMessages.submitted);
    await refresh();
    navigate(applicationDocumentRoute('document', application.Code));
  }

  const dialogs = (
    <>
      <WhenOpened open={Boolean(confirming)}>
        <ConfirmSubmitDialog application={confirming} busy={sending} onConfirm={sendOtp} onCancel={() => setConfirming(null)} />
      </WhenOpened>
      <WhenOpened open={Boolean(otpFor)}>
        {otpFor && (
          <OtpDialog
            key={otpFor.application.Code}
            application={otpFor.application}
            intro={otpFor.intro}
            onClose={() => setOtpFor(null)}
            onSubmitted={submitted}
          />
        )}
      </WhenOpened>
    </>
  );
  return { start: (application: Application) => setConfirming(application), dialogs };
}
