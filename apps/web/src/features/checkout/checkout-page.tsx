import { Box, Button, Card, CardContent, CardHeader, Divider, Stack } from '@mui/material';
import { encodeJson, isAllDue, type Payment, type PaymentProvider, paymentMessages } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LiteAlert } from '../../shared/lite/surfaces';
import { useBillingDue } from '../../shared/member/money';
import { refreshAfterPayment, successText } from '../../shared/payments/after-payment';
import { type PaymentRequest, readPaymentRequest, safeReturnPath } from '../../shared/payments/payment-request';
import { unwatchPayment, watchPayment } from '../../shared/payments/payment-watch';
import { setFlash } from '../../shared/ui/flash';
import { LazyAlert } from '../../shared/ui/lazy-alert';
import { LoadingSpinner } from '../../shared/ui/loading';
import { checkoutApi, useCheckoutInvoice } from './api';
import { AllDueSummary, OtherDue, PaidDocument, Summary } from './checkout-summary';
import { type ChooseProps, ChooseProvider } from './choose-provider';
import { allDueRequest, failureText, leftToPayAfter, requestForAttempt } from './flow';
import { Waiting } from './waiting';

type ChoiceProps = Omit<ChooseProps, 'amount' | 'providers'>;

function LoadError({ message, onBack }: { message: string; onBack: () => void }) {
  return (
    <Stack spacing={2}>
      <LazyAlert severity="error" role="alert">
        {message}
      </LazyAlert>
      <Box>
        <Button variant="outlined" onClick={onBack}>
          Back
        </Button>
      </Box>
    </Stack>
  );
}

/** The choice of method for a document still owing; a paid one says so, an unknown one says it was not found. */
function ChooseForDocument({ invoice, ...props }: ChoiceProps & { invoice: ReturnType<typeof useCheckoutInvoice> }) {
  if (invoice.isLoading) return <LoadingSpinner label="Checking the document" />;
  if (invoice.error) return <LoadError message={invoice.error.message} onBack={props.onCancel} />;
  if (invoice.data?.remainingAmount === 0) {
    return (
      <Stack spacing={2}>
        {props.notice && <LazyAlert severity="info">{props.notice}</LazyAlert>}
        <PaidDocument message={paymentMessages.nothingToPay} receiptNo={invoice.data.receiptNo} onBack={props.onCancel} />
      </Stack>
    );
  }
  return <ChooseProvider {...props} amount={invoice.data?.remainingAmount ?? props.request.amount} />;
}

/** The choice for everything due: M-Pesa or card for the total after credit; credit alone when it covers it all. */
function ChooseForAllDue({ due, ...props }: ChoiceProps & { due: ReturnType<typeof useBillingDue> }) {
  if (due.isLoading) return <LoadingSpinner label="Checking what is due" />;
  if (due.error) return <LoadError message={due.error.message} onBack={props.onCancel} />;
  if (!due.data || due.data.documents.length === 0) {
    return (
      <Stack spacing={2}>
        {props.notice && <LazyAlert severity="info">{props.notice}</LazyAlert>}
        <PaidDocument message={paymentMessages.nothingDue} receiptNo={null} onBack={props.onCancel} />
      </Stack>
    );
  }
  const creditCoversAll = due.data.total === 0;
  return (
    <ChooseProvider
      {...props}
      amount={creditCoversAll ? due.data.owed : due.data.total}
      providers={creditCoversAll ? ['CREDIT'] : ['MPESA', 'CARD']}
    />
  );
}

/**
 * /checkout?request={base64}: the checkout page every Pay Now opens (part 2 §4, §7). It shows what is being paid and
 * what the amount is made of, offers MPESA (STK push, then a waiting screen that follows the payment), CARD (hosted
 * checkout) and CREDIT, and returns to success_url or fail_url. A request for ALL-DUE pays everything due at once;
 * a document's checkout offers that when other documents are unpaid. `&payment={id}` is the attempt being followed,
 * so a reload resumes it; the card page comes back to `/checkout?payment={id}` alone, and the attempt then stands
 * for the request.
 */
export function CheckoutPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
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
  const allDue = isAllDue(request?.sourceDocumentNo ?? attempt.data?.invoiceNo);
  const invoice = useCheckoutInvoice(allDue ? null : (request?.sourceDocumentNo ?? attempt.data?.invoiceNo));
  const due = useBillingDue();

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
      // Followed wherever the member goes next, until it settles (decision 046).
      if (started.status === 'pending') watchPayment(started.id);
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

  /** The same checkout, for everything due. */
  function payEverythingDue(current: PaymentRequest) {
    setNotice(null);
    setError(null);
    setParams(new URLSearchParams({ request: encodeJson(allDueRequest(current, due.data?.total ?? 0)) }), { replace: true });
  }

  // Success returns to success_url (part 2 §4) after a moment on the confirmation, with what happened as a flash
  // message: the receipt, or the credit applied. A credit that left something to pay stays, to pay the rest.
  function onSucceeded(done: Payment) {
    unwatchPayment(done.id);
    void refreshAfterPayment(queryClient);
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
          <Box sx={{ mb: 2 }}>
            <LiteAlert severity="error">This payment request is not valid. Start again from the document you want to pay.</LiteAlert>
          </Box>
          <Button variant="outlined" onClick={() => leave('/dashboard')}>
            Back
          </Button>
        </CardContent>
      </Card>
    );
  }

  const followed = paymentId ? attempt.data : undefined;
  const choice: ChoiceProps | null = request && {
    request,
    notice,
    busy,
    error,
    onPay: pay,
    onCancel: () => leave(failUrl),
    initialProvider: last?.provider,
    initialPhone: last?.phone,
  };
  return (
    <Card sx={{ maxWidth: 640, mx: 'auto' }}>
      <CardHeader title="Checkout" slotProps={{ title: { variant: 'h5', component: 'h1', sx: { fontWeight: 700 } } }} />
      <CardContent>
        {allDue ? (
          <AllDueSummary due={due.data} attempt={followed} />
        ) : (
          <Summary request={request} attempt={followed} invoice={invoice.data} />
        )}
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
          choice &&
          (allDue ? (
            <ChooseForAllDue due={due} {...choice} />
          ) : (
            <>
              {invoice.data && invoice.data.remainingAmount > 0 && (
                <OtherDue due={due.data} invoiceNo={invoice.data.invoiceNo} onPayAll={() => payEverythingDue(choice.request)} />
              )}
              <ChooseForDocument invoice={invoice} {...choice} />
            </>
          ))
        )}
      </CardContent>
    </Card>
  );
}
