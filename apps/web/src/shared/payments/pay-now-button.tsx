import { Payment } from '@mui/icons-material';
import { Button } from '@mui/material';
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

/** The Pay Now button every page shows: opens the checkout with the payment request for `payment`. */
export function PayNowButton({ payment, size }: { payment: PayNowInput; size?: 'small' }) {
  const payNow = usePayNow();
  return (
    <Button size={size} variant="contained" color="secondary" startIcon={<Payment />} onClick={() => payNow(payment)}>
      Pay Now
    </Button>
  );
}
