import { CardMembership, Description, MailOutline, ReceiptLong, Replay, RequestQuote } from '@mui/icons-material';
import { Box } from '@mui/material';
import { PAYMENT_DESCRIPTIONS, type Upgrade } from '@portal/contract';
import { applicationDocumentRoute } from '../../shared/documents/routes';
import { PayNowButton } from '../../shared/payments/pay-now-button';
import { invoiceRoute, receiptRoute } from '../../shared/payments/routes';
import { RowLinkButton } from '../../shared/ui/row-link-button';
import { acceptanceLetterRoute, type UpgradeActions, upgradeChecklistRoute, upgradeDocumentRoute } from './rules';

/** An upgrade's row actions (part 2 §2.2) as `upgradeActions` allows them. */
export function UpgradeActionButtons({ upgrade: u, actions }: { upgrade: Upgrade; actions: UpgradeActions }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {actions.resubmit && (
        <RowLinkButton to={upgradeChecklistRoute(u.toCategory)} icon={<Replay />}>
          re-Submit
        </RowLinkButton>
      )}
      {actions.receipt && u.postedReceiptNo && (
        <RowLinkButton to={receiptRoute(u.postedReceiptNo)} icon={<ReceiptLong />}>
          Receipt
        </RowLinkButton>
      )}
      {actions.invoice && u.proFormaRef && (
        <RowLinkButton to={invoiceRoute(u.proFormaRef)} icon={<RequestQuote />}>
          Proforma Invoice
        </RowLinkButton>
      )}
      {actions.payNow && (
        <PayNowButton
          size="small"
          payment={{ sourceDocumentNo: u.code, description: PAYMENT_DESCRIPTIONS.upgrade, amount: u.amount, successUrl: '/upgrade' }}
        />
      )}
      <RowLinkButton to={upgradeDocumentRoute(u.code)} icon={<Description />}>
        Upgrade Report
      </RowLinkButton>
      {actions.acceptanceLetter && (
        <RowLinkButton to={acceptanceLetterRoute(u.code)} icon={<MailOutline />}>
          Acceptance letter
        </RowLinkButton>
      )}
      {actions.certificate && (
        <RowLinkButton to={applicationDocumentRoute('certificate', u.code)} icon={<CardMembership />}>
          Certificate
        </RowLinkButton>
      )}
    </Box>
  );
}
