import { CheckCircle, CreditCard, ErrorOutline, HourglassTop, PhoneAndroid } from '@mui/icons-material';
import { Box, Button, Stack, Typography } from '@mui/material';
import { formatKes, maskPhone, type Payment } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { followInCheckout } from '../../shared/payments/payment-watch';
import { LazyAlert } from '../../shared/ui/lazy-alert';
import { LinearProgress } from '../../shared/ui/linear-progress';
import { LoadingSpinner } from '../../shared/ui/loading';
import { STATUS_COLORS } from '../../shared/ui/status-colors';
import { checkoutApi } from './api';
import { failureText, leftToPayAfter, MPESA_WAIT_MS, POLL_MS, phaseOf } from './flow';

/** Follows one payment until it succeeds, fails or the wait runs out. */
export function Waiting({
  paymentId,
  phone,
  onRetry,
  onChangeMethod,
  onReturn,
  onSucceeded,
}: {
  paymentId: string;
  phone: string | null;
  onRetry: () => void;
  onChangeMethod: () => void;
  onReturn: (attempt: Payment | undefined) => void;
  onSucceeded: (attempt: Payment) => void;
}) {
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  const elapsed = now - startedAt;
  const payment = useQuery({
    queryKey: ['payment', paymentId],
    queryFn: () => checkoutApi.get(paymentId),
    refetchInterval: (query) => (query.state.data?.status === 'pending' && Date.now() - startedAt < MPESA_WAIT_MS ? POLL_MS : false),
    retry: 2,
  });
  const attempt = payment.data;
  const phase = phaseOf(attempt?.status, elapsed);
  const card = attempt?.provider === 'CARD';

  useEffect(() => {
    if (phase !== 'waiting') return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [phase]);

  // While this screen follows the attempt, the app's payment watcher leaves it alone (one message, not two).
  useEffect(() => followInCheckout(paymentId), [paymentId]);

  const handled = useRef(false);
  useEffect(() => {
    if (phase !== 'succeeded' || !attempt || handled.current) return;
    handled.current = true;
    onSucceeded(attempt);
  }, [phase, attempt, onSucceeded]);

  if (payment.isLoading) return <LoadingSpinner label="Checking the payment" />;
  if (payment.error && !attempt) {
    return (
      <Stack spacing={2}>
        <LazyAlert severity="error">{payment.error.message}</LazyAlert>
        <Box>
          <Button variant="outlined" onClick={() => onReturn(undefined)}>
            Back
          </Button>
        </Box>
      </Stack>
    );
  }

  if (phase === 'succeeded') {
    const credit = attempt?.provider === 'CREDIT';
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }} role="status">
        <CheckCircle sx={{ fontSize: 64, color: STATUS_COLORS.good }} />
        <Typography variant="h6" sx={{ fontWeight: 700 }}>
          {credit ? 'Credit applied' : 'Payment received'}
        </Typography>
        <Typography color="text.secondary">
          {credit ? `${attempt.message} ` : attempt?.receiptNo ? `Receipt ${attempt.receiptNo}. ` : ''}
          {attempt && leftToPayAfter(attempt) ? '' : 'Taking you back…'}
        </Typography>
        {attempt && attempt.settled.length > 1 && (
          <Box component="ul" aria-label="What the payment settled" sx={{ m: 0, pl: 0, listStyle: 'none', width: '100%' }}>
            {attempt.settled.map((line) => (
              <Stack component="li" key={line.invoiceNo} direction="row" sx={{ justifyContent: 'space-between' }}>
                <Typography variant="body2">
                  {line.invoiceNo} · {line.description}
                </Typography>
                <Typography variant="body2">{formatKes(line.amount)}</Typography>
              </Stack>
            ))}
          </Box>
        )}
        <LinearProgress sx={{ width: '100%' }} />
      </Stack>
    );
  }

  if (phase === 'failed') {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
        <ErrorOutline sx={{ fontSize: 64, color: STATUS_COLORS.bad }} />
        <Typography variant="h6" sx={{ fontWeight: 700 }}>
          Payment not completed
        </Typography>
        <LazyAlert severity="error" role="alert" sx={{ width: '100%', textAlign: 'left' }}>
          {failureText(attempt?.status, attempt?.message)}
        </LazyAlert>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="contained" onClick={onRetry}>
            Retry
          </Button>
          <Button variant="outlined" onClick={onChangeMethod}>
            Change payment method
          </Button>
          <Button onClick={() => onReturn(attempt)}>Back</Button>
        </Stack>
      </Stack>
    );
  }

  if (phase === 'timeout') {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
        <HourglassTop color="warning" sx={{ fontSize: 64 }} />
        <Typography variant="h6" sx={{ fontWeight: 700 }}>
          {card ? 'Still waiting for the card payment' : 'Still waiting for M-Pesa'}
        </Typography>
        <LazyAlert severity="warning" role="alert" sx={{ width: '100%', textAlign: 'left' }}>
          {card
            ? 'We have not heard back from the card payment page yet. If your card was charged, the payment will be posted as soon as the confirmation arrives: check again in a moment.'
            : 'We have not heard back from M-Pesa yet. If you approved the payment on your phone, it will be posted as soon as M-Pesa confirms it: check again in a moment. If you did not get the prompt, try again.'}
        </LazyAlert>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button
            variant="contained"
            onClick={() => {
              setStartedAt(Date.now());
              setNow(Date.now());
              void payment.refetch();
            }}
          >
            Check again
          </Button>
          <Button variant="outlined" onClick={onRetry}>
            Retry
          </Button>
          <Button onClick={() => onReturn(attempt)}>Back</Button>
        </Stack>
      </Stack>
    );
  }

  const seconds = Math.max(0, Math.ceil((MPESA_WAIT_MS - elapsed) / 1000));
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }} role="status" aria-live="polite">
      {card ? <CreditCard color="primary" sx={{ fontSize: 64 }} /> : <PhoneAndroid color="primary" sx={{ fontSize: 64 }} />}
      <Typography variant="h6" sx={{ fontWeight: 700 }}>
        {card ? 'Confirming your card payment' : 'Check your phone'}
      </Typography>
      <Typography color="text.secondary">
        {card
          ? `Waiting for the card payment page to confirm the payment${attempt ? ` of ${formatKes(attempt.amount)}` : ''}.`
          : `A payment prompt has been sent to ${phone ? maskPhone(phone) : 'your phone'}. Enter your M-Pesa PIN to approve the payment${attempt ? ` of ${formatKes(attempt.amount)}` : ''}.`}
      </Typography>
      <Box sx={{ width: '100%' }}>
        <LinearProgress variant="determinate" value={Math.min(100, (elapsed / MPESA_WAIT_MS) * 100)} aria-label="Waiting for the payment" />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Waiting for confirmation… {seconds}s
        </Typography>
      </Box>
      <Button onClick={() => onReturn(attempt)}>Cancel</Button>
    </Stack>
  );
}
