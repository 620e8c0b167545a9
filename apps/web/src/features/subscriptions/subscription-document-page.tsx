import { Box, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { useRouteCode } from '../../shared/documents/routes';
import { billingDownloadName } from '../../shared/payments/documents';
import { PdfViewer } from '../../shared/ui/pdf-viewer';
import { type SubscriptionDocumentKind, useSubscriptionDocument } from './api';

const TITLES: Record<SubscriptionDocumentKind, string> = {
  invoice: 'Subscription Invoice',
  receipt: 'Subscription Receipt',
  certificate: 'Subscription Certificate',
};

/** Download names: INVOICE-{date}.pdf, RECEIPT-{date}.pdf, and the certificate's code with .pdf (part 2 §2.3). */
function fileName(kind: SubscriptionDocumentKind, code: string): string {
  if (kind === 'certificate') return `${code.replace(/[^A-Za-z0-9_-]/g, '')}.pdf`;
  return billingDownloadName(kind === 'invoice' ? 'INVOICE' : 'RECEIPT');
}

/** /subscription/{document|receipt|certificate}/{code}: the subscription's PDF page by page, with Back and Download. */
export function SubscriptionDocumentPage({ kind }: { kind: SubscriptionDocumentKind }) {
  const navigate = useNavigate();
  const code = useRouteCode();
  const document = useSubscriptionDocument(kind, code);
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {TITLES[kind]}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {code}
      </Typography>
      <PdfViewer
        data={code ? document.data : ''}
        loading={Boolean(code) && document.isLoading}
        error={document.error ? document.error.message : null}
        fileName={fileName(kind, code ?? '')}
        onBack={() => navigate('/subscription')}
      />
    </Box>
  );
}
