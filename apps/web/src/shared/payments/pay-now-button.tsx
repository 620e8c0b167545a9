import { LiteButton } from '../lite/button';
import { Icon } from '../lite/icon';
import { paymentDescription } from './payment-request';
import { type PayNowInput, usePayNow } from './use-pay-now';

/** An open invoice as the ledger lists it: enough to pay what is left of it. */
export interface OpenInvoice {
  documentNo: string;
  purpose?: string | null;
  remainingAmtLCY: number;
}

/** Pay Now for an open invoice: its number, the description of its purpose and what is left to pay. */
export function invoicePayment(invoice: OpenInvoice, successUrl: string): PayNowInput {
  return {
    sourceDocumentNo: invoice.documentNo,
    description: paymentDescription(invoice.purpose),
    amount: invoice.remainingAmtLCY,
    successUrl,
  };
}

/** The Pay Now button every page shows: opens the checkout with the payment request for `payment`. Drawn without MUI (decision 043). */
export function PayNowButton({ payment, size }: { payment: PayNowInput; size?: 'small' }) {
  const payNow = usePayNow();
  return (
    <LiteButton size={size} variant="contained" color="secondary" startIcon={<Icon name="Payment" />} onClick={() => payNow(payment)}>
      Pay Now
    </LiteButton>
  );
}
