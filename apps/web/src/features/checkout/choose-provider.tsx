import { CreditCard, PhoneAndroid, Savings } from '@mui/icons-material';
import { Box, Button, FormControlLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { formatKes, formatPhone, type PaymentProvider, PHONE_EXAMPLE } from '@portal/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useBalance } from '../../shared/member/money';
import type { PaymentRequest } from '../../shared/payments/payment-request';
import { LazyAlert } from '../../shared/ui/lazy-alert';
import { LinearProgress } from '../../shared/ui/linear-progress';
import { TextInput } from '../../shared/ui/text-input';
import { checkMpesaPhone, payButtonLabel } from './flow';

const PROVIDER_LABELS: Record<PaymentProvider, { title: string; hint: string; icon: ReactNode }> = {
  MPESA: { title: 'MPESA', hint: 'A payment prompt is sent to your phone; enter your M-Pesa PIN to approve it.', icon: <PhoneAndroid /> },
  CARD: { title: 'CARD', hint: 'Pay with a debit or credit card on the secure card payment page.', icon: <CreditCard /> },
  CREDIT: { title: 'CREDIT', hint: 'Use the unapplied credit on your account.', icon: <Savings /> },
};

export interface ChooseProps {
  request: PaymentRequest;
  /** What the server says will be charged (the request's amount until it answers). */
  amount: number | undefined;
  /** The methods on offer; all three by default. */
  providers?: PaymentProvider[];
  /** What happened just before (a credit that covered part of the invoice). */
  notice: string | null;
  busy: boolean;
  error: string | null;
  onPay: (provider: PaymentProvider, phone?: string) => void;
  onCancel: () => void;
  initialProvider?: PaymentProvider;
  initialPhone?: string;
}

export function ChooseProvider({
  request,
  amount,
  providers = ['MPESA', 'CARD', 'CREDIT'],
  notice,
  busy,
  error,
  onPay,
  onCancel,
  initialProvider,
  initialPhone,
}: ChooseProps) {
  const balance = useBalance();
  const [provider, setProvider] = useState<PaymentProvider>(
    initialProvider && providers.includes(initialProvider) ? initialProvider : providers[0],
  );
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
        <LazyAlert severity="info" role="status" sx={{ mb: 2 }}>
          {notice}
        </LazyAlert>
      )}
      <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        Payment method
      </Typography>
      <RadioGroup value={provider} onChange={(e) => setProvider(e.target.value as PaymentProvider)} aria-label="Payment method">
        {providers.map((p) => (
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
              <TextInput
                label="M-Pesa phone number"
                value={phone}
                onChange={(e) => setPhone(e.target.value)}
                onBlur={() => phone && setPhone(formatPhone(phone))}
                error={Boolean(phoneError)}
                helperText={phoneError ?? `The number that receives the payment prompt, e.g. ${PHONE_EXAMPLE}`}
                autoComplete="tel"
                disabled={busy}
                fullWidth
                size="small"
                sx={{ mt: 1, mb: 1 }}
                htmlInput={{ 'aria-label': 'M-Pesa phone number' }}
              />
            )}
          </Box>
        ))}
      </RadioGroup>
      {error && (
        <LazyAlert severity="error" sx={{ my: 2 }} role="alert">
          {error}
        </LazyAlert>
      )}
      {busy && <LinearProgress sx={{ my: 2 }} aria-label="Sending the payment request" />}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={busy || (provider === 'CREDIT' && credit !== undefined && credit <= 0)}>
          {payButtonLabel(provider, amount, phone, credit)}
        </Button>
        <Button variant="outlined" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </Stack>
    </Box>
  );
}
