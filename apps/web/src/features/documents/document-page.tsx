import { Alert, Box, Button, Typography } from '@mui/material';
import { APPLICATION_DOCUMENT_ROUTES, DOCUMENT_TITLES, documentFileName, isApplicationDocumentRoute } from '@portal/contract';
import { useNavigate, useParams } from 'react-router';
import { useRouteCode } from '../../shared/documents/routes';
import { useSettings } from '../../shared/settings/use-settings';
import { PdfViewer } from '../../shared/ui/pdf-viewer';
import { useApplicationDocument } from './api';

/**
 * /application/{document|certificate|rejectionLetter|acceptanceLetter}/{code}: the application's PDF, page by page,
 * with Download and Back to the application list. The code in the route is base64-encoded (part 1 §2).
 */
export function DocumentPage() {
  const { kind } = useParams();
  const navigate = useNavigate();
  const { minor } = useSettings();
  const route = isApplicationDocumentRoute(kind) ? kind : null;
  const code = useRouteCode();
  const document = useApplicationDocument(route, code);
  const back = () => navigate('/application');

  if (!route || !code) {
    return (
      <Box>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Nothing here
        </Alert>
        <Button variant="outlined" onClick={back}>
          Back
        </Button>
      </Box>
    );
  }
  const title = route === 'acceptanceLetter' ? minor.acceptance_letter_caption : DOCUMENT_TITLES[APPLICATION_DOCUMENT_ROUTES[route]];
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Application {code}
      </Typography>
      <PdfViewer
        data={document.data}
        loading={document.isLoading}
        error={document.error ? document.error.message : null}
        fileName={documentFileName(route, code)}
        onBack={back}
      />
    </Box>
  );
}
