import { CardMembership, ReceiptLong, RequestQuote } from '@mui/icons-material';
import { Box, Chip } from '@mui/material';
import { encodeBase64, type Subscription } from '@portal/contract';
import { PayNowButton } from '../../shared/payments/pay-now-button';
import { PAYMENT_DESCRIPTIONS } from '../../shared/payments/payment-request';
import { RowLinkButton } from '../../shared/ui/row-link-button';
import { STATUS_COLORS } from '../../shared/ui/status-colors';
import { subscriptionActions } from './rules';

export const subscriptionDocumentRoute = (kind: 'document' | 'receipt' | 'certificate', code: string) =>
  `/subscription/${kind}/${encodeURIComponent(encodeBase64(code))}`;

export function subscriptionStatusColor(sub: Subscription): string {
  if (sub.fullyPaid) return STATUS_COLORS.good;
  if (sub.paid) return STATUS_COLORS.pending;
  return STATUS_COLORS.bad;
}

export function SubscriptionStatusChip({ sub, size }: { sub: Subscription; size?: 'small' | 'medium' }) {
  return <Chip size={size} label={sub.status} sx={{ bgcolor: subscriptionStatusColor(sub), color: '#fff', fontWeight: 600 }} />;
}

/**
 * A subscription's actions (part 2 §2.3): Invoice, Certificate, Receipt and Pay Now as its state allows, on the list's
 * rows and cards and on the year's card page. `successUrl` is where a payment comes back to.
 */
export function SubscriptionActionButtons({
  sub,
  memberCategory,
  successUrl,
}: {
  sub: Subscription;
  memberCategory: string | null | undefined;
  successUrl: string;
}) {
  const actions = subscriptionActions(sub, { memberCategory });
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {actions.invoice && (
        <RowLinkButton to={subscriptionDocumentRoute('document', sub.documentNo)} icon={<RequestQuote />}>
          Invoice
        </RowLinkButton>
      )}
      {actions.certificate && (
        <RowLinkButton to={subscriptionDocumentRoute('certificate', sub.documentNo)} icon={<CardMembership />}>
          Certificate
        </RowLinkButton>
      )}
      {actions.receipt && sub.recieptNo && (
        <RowLinkButton to={subscriptionDocumentRoute('receipt', sub.recieptNo)} icon={<ReceiptLong />}>
          Receipt
        </RowLinkButton>
      )}
      {actions.payNow && (
        <PayNowButton
          size="small"
          payment={{
            sourceDocumentNo: sub.documentNo,
            description: PAYMENT_DESCRIPTIONS.subscription,
            amount: sub.remainingAmount,
            successUrl,
          }}
        />
      )}
    </Box>
  );
}
