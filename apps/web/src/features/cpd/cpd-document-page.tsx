import { Box, Typography } from '@mui/material';
import { useNavigate, useParams } from 'react-router';
import { PdfViewer } from '../../shared/ui/pdf-viewer';
import { useCpdDocument } from './api';
import { certificateFileName } from './rules';

/**
 * /cpd/certificate/{certificateNo} (opened in a new tab from the list) and /cpd/statement/{year}: the PDF page by
 * page with Back and Download; the server's message (e.g. the requirement not met yet) in an alert.
 */
export function CpdDocumentPage({ kind }: { kind: 'certificate' | 'statement' }) {
  const navigate = useNavigate();
  const params = useParams();
  const code = (kind === 'certificate' ? params.certificateNo : params.year) ?? null;
  const document = useCpdDocument(kind, code);
  const back = () => {
    if (kind === 'statement' && window.history.length > 1) navigate(-1);
    else navigate(kind === 'statement' && code ? `/cpd?year=${encodeURIComponent(code)}` : '/cpd');
  };
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {kind === 'certificate' ? 'CPD Certificate' : `CPD Statement ${code ?? ''}`}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {kind === 'certificate' ? code : 'Compliance with the annual CPD requirement'}
      </Typography>
      <PdfViewer
        data={code ? document.data : ''}
        loading={Boolean(code) && document.isLoading}
        error={document.error ? document.error.message : null}
        fileName={kind === 'certificate' ? certificateFileName(code ?? '') : `CPD-STATEMENT-${code ?? ''}.pdf`}
        onBack={back}
        backLabel={kind === 'certificate' ? 'My Cpd' : 'Back'}
      />
    </Box>
  );
}
