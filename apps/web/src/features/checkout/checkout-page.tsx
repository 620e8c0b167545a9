import { CheckCircle, CreditCard, ErrorOutline, HourglassTop, PhoneAndroid, ReceiptLong, Savings } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Divider,
  FormControlLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  type CheckoutInvoice,
  encodeJson,
  formatKes,
  formatPhone,
  maskPhone,
  type Payment,
  type PaymentProvider,
  PHONE_EXAMPLE,
  paymentMessages,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useBalance, useRefreshMoney } from '../../shared/member/money';
import { type PaymentRequest, readPaymentRequest, safeReturnPath } from '../../shared/payments/payment-request';
import { receiptRoute } from '../../shared/payments/routes';
import { setFlash } from '../../shared/ui/flash';
import { LoadingSpinner } from '../../shared/ui/loading';
import { RowLinkButton } from '../../shared/ui/row-link-button';
import { STATUS_COLORS } from '../../shared/ui/status-colors';
import { checkoutApi, useCheckoutInvoice } from './api';
import { checkMpesaPhone, failureText, leftToPayAfter, MPESA_WAIT_MS, POLL_MS, phaseOf, requestForAttempt, successText } from './flow';

const PROVIDER_LABELS: Record<PaymentProvider, { title: string; hint: string; icon: ReactNode }> = {
  MPESA: { title: 'MPESA', hint: 'A payment prompt is sent to your phone; enter your M-Pesa PIN to approve it.', icon: <PhoneAndroid /> },
  CARD: { title: 'CARD', hint: 'Pay with a debit or credit card on the secure card payment page.', icon: <CreditCard /> },
  CREDIT: { title: 'CREDIT', hint: 'Use the unapplied credit on your account.', icon: <Savings /> },
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', py: 0.75 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography sx={{ fontWeight: 500, textAlign: 'right' }}>{children}</Typography>
    </Stack>
  );
}

/**
 * What is being paid: the document, what it is for and the amount the server holds for it (the request's amount
 * only as a fallback). A document with nothing left to pay shows what it billed and that it is paid, not an amount
 * to pay.
 */
function Summary({
  request,
  attempt,
  invoice,
}: {
  request: PaymentRequest | null;
  attempt: Payment | undefined;
  invoice: CheckoutInvoice | undefined;
}) {
  const forWhat = attempt?.description ?? invoice?.description;
  const paidInFull = invoice?.remainingAmount === 0 && !attempt;
  const amount = attempt?.amount ?? invoice?.remainingAmount ?? request?.amount;
  return (
    <Box>
      {request?.description && <Row label="Payment">{request.description}</Row>}
      <Row label="Document">{invoice?.invoiceNo ?? attempt?.invoiceNo ?? request?.sourceDocumentNo ?? '—'}</Row>
      {forWhat && <Row label="For">{forWhat}</Row>}
      {request?.name && <Row label="Payer">{request.name}</Row>}
      <Divider sx={{ my: 1 }} />
      {paidInFull ? (
        <>
          <Row label="Amount">{formatKes(invoice.amount)}</Row>
          <Row label="Status">
            <Chip size="small" label="Paid" sx={{ bgcolor: STATUS_COLORS.good, color: '#fff' }} />
          </Row>
        </>
      ) : (
        <Row label={attempt?.status === 'succeeded' ? 'Amount paid' : 'Amount to pay'}>
          <Box component="span" sx={{ fontSize: '1.25rem', fontWeight: 700 }} data-testid="checkout-amount">
            {amount === undefined ? '—' : formatKes(amount)}
          </Box>
        </Row>
      )}
    </Box>
  );
}

/** A document already paid: said so, with its receipt when a payment settled it, and the way back. */
function PaidDocument({ invoice, onBack }: { invoice: CheckoutInvoice; onBack: () => void }) {
  return (
    <Stack spacing={2}>
      <Alert severity="success" role="status">
        {paymentMessages.nothingToPay}
      </Alert>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {invoice.receiptNo && (
          <RowLinkButton to={receiptRoute(invoice.receiptNo)} icon={<ReceiptLong />}>
            Receipt {invoice.receiptNo}
          </RowLinkButton>
        )}
        <Button variant="outlined" size="small" onClick={onBack}>
          Back
        </Button>
      </Stack>
    </Stack>
  );
}

interface ChooseProps {
  request: PaymentRequest;
  /** What happened just before (a credit that covered part of the invoice). */
  notice: string | null;
  busy: boolean;
  error: string | null;
  onPay: (provider: PaymentProvider, phone?: string) => void;
  onCancel: () => void;
  initialProvider?: PaymentProvider;
  initialPhone?: string;
}

function ChooseProvider({ request, notice, busy, error, onPay, onCancel, initialProvider = 'MPESA', initialPhone }: ChooseProps) {
  const balance = useBalance();
  const [provider, setProvider] = useState<PaymentProvider>(initialProvider);
  const [phone, setPhone] = useState(formatPhone(initialPhone ?? request.accountNo));
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const credit = balance.data?.creditLCY;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (provider !== 'MPESA') return onPay(provider);
    const checked = checkMpesaPhone(phone);
    if ('error' in checked) return setPhoneError(checked.error);
    setPhoneError(null);
    setPhone(checked.phone);
    onPay('MPESA', checked.phone);
  }

  return (
    <Box component="form" noValidate onSubmit={submit}>
      {notice && (
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        Payment method
      </Typography>
      <RadioGroup value={provider} onChange={(e) => setProvider(e.target.value as PaymentProvider)} aria-label="Payment method">
        {(Object.keys(PROVIDER_LABELS) as PaymentProvider[]).map((p) => (
          <Box
            key={p}
            sx={{
              border: 1,
              borderColor: provider === p ? 'primary.main' : 'divider',
              borderRadius: 1,
              px: 2,
              py: 1,
              mb: 1,
            }}
          >
            <FormControlLabel
              value={p}
              control={<Radio />}
              disabled={busy}
              label={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  {PROVIDER_LABELS[p].icon}
                  <Box>
                    <Typography sx={{ fontWeight: 700 }}>{PROVIDER_LABELS[p].title}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {PROVIDER_LABELS[p].hint}
                      {p === 'CREDIT' && credit !== undefined && ` Available: ${formatKes(credit)}.`}
                    </Typography>
                  </Box>
                </Stack>
              }
            />
            {p === 'MPESA' && provider === 'MPESA' && (
              <TextField
                label="M-Pesa phone number"
                value={phone}
                onChange={(e) => setPhone(e.target.value)}
                onBlur={() => phone && setPhone(formatPhone(phone))}
                error={Boolean(phoneError)}
                helperText={phoneError ?? `The number that receives the payment prompt, e.g. ${PHONE_EXAMPLE}`}
                inputMode="tel"
                autoComplete="tel"
                disabled={busy}
                fullWidth
                size="small"
                sx={{ mt: 1, mb: 1 }}
                slotProps={{ htmlInput: { 'aria-label': 'M-Pesa phone number' } }}
              />
            )}
          </Box>
        ))}
      </RadioGroup>
      {error && (
        <Alert severity="error" sx={{ my: 2 }} role="alert">
          {error}
        </Alert>
      )}
      {busy && <LinearProgress sx={{ my: 2 }} aria-label="Sending the payment request" />}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={busy || (provider === 'CREDIT' && credit !== undefined && credit <= 0)}>
          Pay
        </Button>
        <Button variant="outlined" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </Stack>
    </Box>
  );
}

/** The choice of method for a document still owing; a paid one says so, an unknown one says it was not found. */
function ChoosePayment({ invoice, ...props }: ChooseProps & { invoice: ReturnType<typeof useCheckoutInvoice> }) {
  if (invoice.isLoading) return <LoadingSpinner label="Checking the document" />;
  if (invoice.error) {
    return (
      <Stack spacing={2}>
        <Alert severity="error" role="alert">
          {invoice.error.message}
        </Alert>
        <Box>
          <Button variant="outlined" onClick={props.onCancel}>
            Back
          </Button>
        </Box>
      </Stack>
    );
  }
  if (invoice.data?.remainingAmount === 0) {
    return (
      <Stack spacing={2}>
        {props.notice && <Alert severity="info">{props.notice}</Alert>}
        <PaidDocument invoice={invoice.data} onBack={props.onCancel} />
      </Stack>
    );
  }
  return <ChooseProvider {...props} />;
}

/** Follows one payment until it succeeds, fails or the wait runs out. */
function Waiting({
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
        <Alert severity="error">{payment.error.message}</Alert>
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
        <Alert severity="error" role="alert" sx={{ width: '100%', textAlign: 'left' }}>
          {failureText(attempt?.status, attempt?.message)}
        </Alert>
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
        <Alert severity="warning" role="alert" sx={{ width: '100%', textAlign: 'left' }}>
          {card
            ? 'We have not heard back from the card payment page yet. If your card was charged, the payment will be posted as soon as the confirmation arrives: check again in a moment.'
            : 'We have not heard back from M-Pesa yet. If you approved the payment on your phone, it will be posted as soon as M-Pesa confirms it: check again in a moment. If you did not get the prompt, try again.'}
        </Alert>
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

/**
 * /checkout?request={base64}: the checkout page every Pay Now opens (part 2 §4, §7). It shows what is being paid,
 * offers MPESA (STK push, then a waiting screen that follows the payment), CARD (hosted checkout) and CREDIT, and
 * returns to success_url or fail_url. `&payment={id}` is the attempt being followed, so a reload resumes it; the card
 * page comes back to `/checkout?payment={id}` alone, and the attempt then stands for the request.
 */
export function CheckoutPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const refreshMoney = useRefreshMoney();
  const encoded = params.get('request');
  const paymentId = params.get('payment');
  const fromAddress = useMemo(() => readPaymentRequest(encoded), [encoded]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [last, setLast] = useState<{ provider: PaymentProvider; phone?: string } | null>(null);
  const attempt = useQuery({
    queryKey: ['payment', paymentId],
    queryFn: () => checkoutApi.get(paymentId ?? ''),
    enabled: Boolean(paymentId),
    retry: 2,
  });
  const request = fromAddress ?? (attempt.data ? requestForAttempt(attempt.data) : null);
  const requestParam = encoded ?? (request ? encodeJson(request) : null);
  const invoice = useCheckoutInvoice(request?.sourceDocumentNo ?? attempt.data?.invoiceNo);

  const successUrl = safeReturnPath(attempt.data?.successUrl ?? request?.success_url, '/dashboard');
  const failUrl = safeReturnPath(attempt.data?.failUrl ?? request?.fail_url, '/dashboard');

  async function pay(provider: PaymentProvider, phone?: string) {
    if (!requestParam) return;
    setBusy(true);
    setError(null);
    setNotice(null);
    setLast({ provider, phone });
    try {
      const started = await checkoutApi.start({ request: requestParam, provider, ...(phone ? { phone } : {}) });
      if (provider === 'CARD' && started.checkoutUrl) {
        window.location.assign(started.checkoutUrl);
        return;
      }
      const next = new URLSearchParams(params);
      next.set('payment', started.id);
      setParams(next, { replace: true });
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The payment could not be started');
    } finally {
      setBusy(false);
    }
  }

  function leave(to: string) {
    navigate(to);
  }

  /** Back to the choice of method; a checkout reached from the card page keeps the attempt's request in its address. */
  function clearPayment() {
    const next = new URLSearchParams(params);
    next.delete('payment');
    if (!next.get('request') && requestParam) next.set('request', requestParam);
    setParams(next, { replace: true });
  }

  // Success returns to success_url (part 2 §4) after a moment on the confirmation, with what happened as a flash
  // message: the receipt, or the credit applied. A credit that left something to pay stays, to pay the rest.
  function onSucceeded(done: Payment) {
    void refreshMoney();
    if (leftToPayAfter(done)) {
      setNotice(done.message);
      setLast(null);
      clearPayment();
      return;
    }
    setFlash(successText(done), 'success');
    const to = safeReturnPath(done.successUrl, successUrl);
    setTimeout(() => navigate(to), 1500);
  }

  if (!request && !paymentId) {
    return (
      <Card sx={{ maxWidth: 640, mx: 'auto' }}>
        <CardContent>
          <Alert severity="error" sx={{ mb: 2 }}>
            This payment request is not valid. Start again from the document you want to pay.
          </Alert>
          <Button variant="outlined" onClick={() => leave('/dashboard')}>
            Back
          </Button>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card sx={{ maxWidth: 640, mx: 'auto' }}>
      <CardHeader title="Checkout" slotProps={{ title: { variant: 'h5', component: 'h1', sx: { fontWeight: 700 } } }} />
      <CardContent>
        <Summary request={request} attempt={paymentId ? attempt.data : undefined} invoice={invoice.data} />
        <Divider sx={{ my: 2 }} />
        {paymentId ? (
          <Waiting
            key={paymentId}
            paymentId={paymentId}
            phone={last?.phone ?? null}
            onSucceeded={onSucceeded}
            onRetry={() => {
              if (!request) return leave(failUrl);
              clearPayment();
              if (last) void pay(last.provider, last.phone);
            }}
            onChangeMethod={() => (request ? clearPayment() : leave(failUrl))}
            onReturn={(a) => {
              if (a && a.status !== 'pending' && a.status !== 'succeeded') setFlash(failureText(a.status, a.message), 'warning');
              leave(failUrl);
            }}
          />
        ) : (
          request && (
            <ChoosePayment
              invoice={invoice}
              request={request}
              notice={notice}
              busy={busy}
              error={error}
              onPay={pay}
              onCancel={() => leave(failUrl)}
              initialProvider={last?.provider}
              initialPhone={last?.phone}
            />
          )
        )}
      </CardContent>
    </Card>
  );
}
