import { ALL_DUE, ALL_DUE_DESCRIPTION } from '@portal/contract';
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

/** Everything due at once (decision 046): the checkout lists the documents, uses credit first and asks for the rest. */
export function allDuePayment(total: number, successUrl: string): PayNowInput {
  return { sourceDocumentNo: ALL_DUE, description: ALL_DUE_DESCRIPTION, amount: total, successUrl };
}

/** The Pay Now button every page shows: opens the checkout with the payment request for `payment`. Drawn without MUI (decision 043). */
export function PayNowButton({ payment, size, label = 'Pay Now' }: { payment: PayNowInput; size?: 'small'; label?: string }) {
  const payNow = usePayNow();
  return (
    <LiteButton size={size} variant="contained" color="secondary" startIcon={<Icon name="Payment" />} onClick={() => payNow(payment)}>
      {label}
    </LiteButton>
  );
}
