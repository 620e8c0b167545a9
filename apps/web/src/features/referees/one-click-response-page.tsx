import { Alert, Backdrop, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { type RefereeResponse, refereeMessages } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useToast } from '../../shared/ui/toast';
import { answerReferee, thanksOf, useRefereeForm, useRefereeLink } from './api';
import { RefereeLayout } from './components/referee-layout';
import { REFEREE_THANK_YOU_ROUTE } from './thank-you-page';

/**
 * /referee-response/response?user=&code=&action=: the one-click links of the request email (part 1 §2). Under a
 * loading overlay it reads the referee form, then accepts or rejects as the action says and returns home. A
 * rejection carries a fixed remark, since the link has no remark field (docs/decisions/018).
 */
export function OneClickResponsePage() {
  const { user, code, action } = useRefereeLink();
  const navigate = useNavigate();
  const toast = useToast();
  const form = useRefereeForm(user, code);
  const response: RefereeResponse | null = action === 'accept' ? 'Accept' : action === 'reject' ? 'Reject' : null;
  const [error, setError] = useState<string | null>(null);
  const sent = useRef(false);
  const valid = Boolean(user && code && response);

  useEffect(() => {
    if (!form.data || !response || sent.current) return;
    sent.current = true;
    answerReferee({
      memberNo: user,
      code,
      response,
      Remarks: response === 'Reject' ? refereeMessages.oneClickRejectRemarks : undefined,
    })
      .then((result) => {
        toast(result.message);
        navigate(REFEREE_THANK_YOU_ROUTE, { replace: true, state: thanksOf(result) });
      })
      .catch((e: Error) => setError(e.message));
  }, [form.data, response, user, code, navigate, toast]);

  const message = !valid ? refereeMessages.linkInvalid : (form.error?.message ?? error);
  const waiting = valid && !message;
  return (
    <RefereeLayout>
      <Backdrop open={waiting} sx={{ color: '#fff', zIndex: (theme) => theme.zIndex.modal + 1, flexDirection: 'column', gap: 2 }}>
        <CircularProgress color="inherit" aria-label={refereeMessages.recording} />
        <Typography>{refereeMessages.recording}</Typography>
      </Backdrop>
      {message && (
        <Box>
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {message}
          </Alert>
          <Stack direction="row" spacing={1}>
            {valid && !form.error && (
              <Button variant="contained" component={RouterLink} to={`/profile/response/${user}/${code}`}>
                Open the referee form
              </Button>
            )}
            <Button variant="outlined" component={RouterLink} to="/">
              Home
            </Button>
          </Stack>
        </Box>
      )}
    </RefereeLayout>
  );
}
