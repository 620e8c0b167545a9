import { Box, Stack, Typography } from '@mui/material';
import { formatKes, type Subscription } from '@portal/contract';
import { useNavigate } from 'react-router';
import { useRouteCode } from '../../shared/documents/routes';
import { useLedger, useMemberQuery } from '../../shared/member/money';
import { billingDownloadName } from '../../shared/payments/documents';
import { invoicePayment, PayNowButton } from '../../shared/payments/pay-now-button';
import { PdfViewer } from '../../shared/ui/pdf-viewer';
import { type BillingDocumentKind, useBillingDocument } from './api';
import { invoiceForCode } from './invoice-match';

/** An invoice or receipt viewer: the PDF page by page with Back and Download, and Pay Now while an invoice is unpaid. */
export function BillingDocumentPage({ kind }: { kind: BillingDocumentKind }) {
  const code = useRouteCode();
  const navigate = useNavigate();
  const document = useBillingDocument(kind, code);
  const ledger = useLedger();
  const direct = kind === 'proforma' ? invoiceForCode(ledger.data, undefined, code) : undefined;
  // A member number names the newest subscription (part 2 §2.5): the subscriptions are read only for such a code.
  const subscriptions = useMemberQuery<Subscription[]>('subs', 'subs', kind === 'proforma' && ledger.isSuccess && !direct);
  const invoice = kind === 'proforma' ? invoiceForCode(ledger.data, subscriptions.data, code) : undefined;
  // Pay Now only while the invoice is unpaid (part 2 §2.5, §4): its remaining amount is what is still owed.
  const unpaid = invoice && invoice.remainingAmtLCY > 0 ? invoice : null;
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate('/billing'));

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {kind === 'proforma' ? 'Invoice' : 'Receipt'}
          </Typography>
          {code && (
            <Typography variant="body2" color="text.secondary">
              {code}
              {invoice && ` · ${invoice.description}`}
            </Typography>
          )}
        </Box>
        {unpaid && !document.error && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Typography>
              Due: <strong>{formatKes(unpaid.remainingAmtLCY)}</strong>
            </Typography>
            <PayNowButton payment={invoicePayment(unpaid, '/dashboard')} />
          </Stack>
        )}
      </Stack>
      <PdfViewer
        data={code ? document.data : ''}
        loading={Boolean(code) && document.isLoading}
        error={document.error ? document.error.message : null}
        fileName={billingDownloadName(kind === 'proforma' ? 'INVOICE' : 'RECEIPT')}
        onBack={back}
      />
    </Box>
  );
}

/** /billing/invoice/{code}: the invoice PDF with Back, Download and Pay Now while unpaid. */
export function InvoicePage() {
  return <BillingDocumentPage kind="proforma" />;
}

/** /billing/receipt/{code}: the receipt PDF with Back and Download. */
export function ReceiptPage() {
  return <BillingDocumentPage kind="receipt" />;
}
