import { Box, Stack, Typography } from '@mui/material';
import { formatKes, PAYMENT_DESCRIPTIONS } from '@portal/contract';
import { useNavigate } from 'react-router';
import { useRouteCode } from '../../shared/documents/routes';
import { billingDownloadName } from '../../shared/payments/documents';
import { PayNowButton } from '../../shared/payments/pay-now-button';
import { PdfViewer } from '../../shared/ui/pdf-viewer';
import { useLicenseApplication, useLicensePdf } from './api';
import { useLicenseCaption } from './components';
import { LICENSE_LIST } from './paths';
import { pdfName } from './rules';

/**
 * /license/invoice/{code}: the proforma invoice with Download and Pay Now until a receipt exists (part 2 §2.4);
 * /license/certificate/{code}: the issued licence's certificate, with Back and Download.
 */
export function LicensePdfPage({ kind }: { kind: 'proforma' | 'certificate' }) {
  const caption = useLicenseCaption();
  const navigate = useNavigate();
  const code = useRouteCode();
  const application = useLicenseApplication(code);
  const pdf = useLicensePdf(kind, code);
  const app = application.data;
  const unpaid = kind === 'proforma' && app && !app.receiptNo && !pdf.error ? app : null;
  const licenseNo = app?.license?.licenseNo;

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {kind === 'proforma' ? `${caption} Invoice` : `${caption} Certificate`}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {kind === 'certificate' && licenseNo ? licenseNo : code}
            {app && ` · ${app.description}`}
          </Typography>
        </Box>
        {unpaid && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Typography>
              Due: <strong>{formatKes(unpaid.amount)}</strong>
            </Typography>
            <PayNowButton
              payment={{
                sourceDocumentNo: unpaid.licenseApplicationNo,
                description: PAYMENT_DESCRIPTIONS.license,
                amount: unpaid.amount,
                successUrl: LICENSE_LIST,
              }}
            />
          </Stack>
        )}
      </Stack>
      <PdfViewer
        data={code ? pdf.data : ''}
        loading={Boolean(code) && pdf.isLoading}
        error={pdf.error ? pdf.error.message : null}
        fileName={kind === 'proforma' ? billingDownloadName('INVOICE') : pdfName('LICENSE', licenseNo ?? code ?? '')}
        onBack={() => navigate(LICENSE_LIST)}
      />
    </Box>
  );
}
