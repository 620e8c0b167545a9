import { RequestQuote } from '@mui/icons-material';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useRouteCode } from '../../shared/documents/routes';
import { useFlash } from '../../shared/ui/flash';
import { PdfViewer } from '../../shared/ui/pdf-viewer';
import { useLicenseApplication, useLicensePdf } from './api';
import { useLicenseCaption } from './components';
import { LICENSE_LIST, licensePath } from './paths';
import { awaitsSignedUpload, pdfName } from './rules';
import { UploadPanel } from './upload-panel';

/**
 * /license/document/{code}: the application form to download, sign or stamp and upload (part 2 §2.4). Until the
 * signed scan is uploaded the upload panel shows; after it, the Invoice button.
 */
export function LicenseDocumentPage() {
  const caption = useLicenseCaption();
  const navigate = useNavigate();
  const code = useRouteCode();
  const flash = useFlash();
  const application = useLicenseApplication(code);
  const pdf = useLicensePdf('application', code);
  const app = application.data;

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {caption} Application
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {code}
            {app && ` · ${app.description}`}
          </Typography>
        </Box>
        {app?.hasSignedDocument && code && (
          <Box>
            <Button component={RouterLink} to={licensePath('invoice', code)} variant="contained" startIcon={<RequestQuote />}>
              Invoice
            </Button>
          </Box>
        )}
      </Stack>
      {/* The wizard's 'saved' note belongs to the step before the upload, not after it. */}
      {flash && !app?.hasSignedDocument && (
        <Alert severity={flash.severity} role="status">
          {flash.message}
        </Alert>
      )}
      {application.error && <Alert severity="error">{application.error.message}</Alert>}
      {app && awaitsSignedUpload(app) && <UploadPanel licenseApplicationNo={app.licenseApplicationNo} />}
      <PdfViewer
        data={code ? pdf.data : ''}
        loading={Boolean(code) && pdf.isLoading}
        error={pdf.error ? pdf.error.message : null}
        fileName={pdfName('LICENSE-APPLICATION', code ?? '')}
        onBack={() => navigate(LICENSE_LIST)}
      />
    </Stack>
  );
}
