import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { formatKes } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../shared/api/client';
import { useRouteCode } from '../../shared/documents/routes';
import { MONEY_KEY, usePendingPayments } from '../../shared/member/money';
import { invoicePayment, PayNowButton } from '../../shared/payments/pay-now-button';
import { useSession } from '../../shared/session/session-store';
import { useSettings } from '../../shared/settings/use-settings';
import { LoadingSpinner } from '../../shared/ui/loading';
import { PdfViewer } from '../../shared/ui/pdf-viewer';

/** `GET license/good_standing_certificate/{memberNo}`: [good standing, certificate PDF when it may be issued]. */
function useGoodStanding(memberNo: string | null) {
  const session = useSession();
  return useQuery({
    queryKey: [MONEY_KEY, 'good-standing', session?.user.id, memberNo],
    queryFn: () => api.get<[boolean] | [boolean, string]>(`license/good_standing_certificate/${encodeURIComponent(memberNo ?? '')}`),
    enabled: Boolean(memberNo),
    retry: false,
  });
}

/** The placeholder when no certificate is returned: what is owed and a Pay Now for the oldest pending invoice. */
function Placeholder({ settingOn }: { settingOn: boolean }) {
  const pending = usePendingPayments();
  const navigate = useNavigate();
  const oldest = [...(pending.data ?? [])].sort((a, b) => (a.dueDate ?? a.documentDate).localeCompare(b.dueDate ?? b.documentDate))[0];
  const owed = (pending.data ?? []).reduce((sum, e) => sum + e.remainingAmtLCY, 0);
  return (
    <Card>
      <CardContent>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          {settingOn ? (
            <Alert severity="warning" sx={{ width: '100%' }}>
              The certificate is issued to members in good standing: an Active membership with nothing overdue.
              {owed > 0 && ` You have ${formatKes(owed)} to pay.`}
            </Alert>
          ) : (
            <Alert severity="info" sx={{ width: '100%' }}>
              The certificate of good standing is not issued through the portal.
            </Alert>
          )}
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" onClick={() => navigate('/dashboard')}>
              Back
            </Button>
            {settingOn && oldest && <PayNowButton payment={invoicePayment(oldest, '/dashboard')} />}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * /dashboard/goodStanding/{code} (part 1 §2): the code is the base64 member number. Shows the certificate of good
 * standing when the setting is on and the member is in good standing, otherwise a placeholder with a payment button.
 */
export function GoodStandingPage() {
  const navigate = useNavigate();
  const { minor, loaded } = useSettings();
  const memberNo = useRouteCode();
  const result = useGoodStanding(memberNo);
  const pdf = result.data?.[1];
  const caption = minor.certificate_of_good_standing_caption;

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {caption}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {memberNo}
      </Typography>
      {(result.isLoading || !loaded) && <LoadingSpinner label="Loading the certificate" />}
      {result.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {result.error.message}
        </Alert>
      )}
      {result.data && loaded && minor.certificate_of_good_standing && pdf ? (
        <PdfViewer
          data={pdf}
          fileName={`GOOD-STANDING-${(memberNo ?? '').replace(/[^A-Za-z0-9_-]/g, '')}.pdf`}
          onBack={() => navigate('/dashboard')}
        />
      ) : (
        (result.data || result.error) && loaded && <Placeholder settingOn={minor.certificate_of_good_standing} />
      )}
    </Box>
  );
}
