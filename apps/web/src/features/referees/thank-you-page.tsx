import { CheckCircle } from '@mui/icons-material';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import type { RefereeResponse } from '@portal/contract';
import { useLocation } from 'react-router';
import { RefereeLayout } from './components/referee-layout';

/** What the referee pages hand this page when they go to it. */
export interface RefereeThanks {
  response: RefereeResponse;
  applicant: string;
}

/** Where the referee screens go once an answer is recorded. */
export const REFEREE_THANK_YOU_ROUTE = '/referee-response/thank-you';

/**
 * The referee's last screen (issue 16): a referee has no account, so the sign-in page the spec's "home" would be says
 * nothing to them; this one says the answer was recorded and that nothing more is needed.
 */
export function RefereeThankYouPage() {
  const thanks = useLocation().state as RefereeThanks | null;
  return (
    <RefereeLayout>
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
            <CheckCircle color="success" sx={{ fontSize: 48 }} aria-hidden />
            <Typography variant="h5" component="h1">
              Thank you
            </Typography>
          </Stack>
          <Typography sx={{ mb: 1 }} data-testid="referee-thanks">
            {thanks
              ? // The toast already said 'Referee Confirmed Successfully': the page does not repeat it.
                `Your ${thanks.response === 'Accept' ? 'acceptance' : 'answer'} of the referee request from ${thanks.applicant} has been recorded, and ${thanks.applicant} has been told.`
              : 'Your response to the referee request has been recorded.'}
          </Typography>
          <Typography color="text.secondary">There is nothing more to do. You can close this page.</Typography>
        </CardContent>
      </Card>
    </RefereeLayout>
  );
}
