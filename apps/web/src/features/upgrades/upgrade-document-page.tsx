import { Box, Typography } from '@mui/material';
import { DOCUMENT_TITLES, upgradeFileName } from '@portal/contract';
import { useNavigate, useParams } from 'react-router';
import { PdfViewer } from '../../shared/ui/pdf-viewer';
import { type UpgradeDocumentKind, useUpgradeDocument } from './api';

const TITLES: Record<UpgradeDocumentKind, string> = {
  report: DOCUMENT_TITLES.upgrade_report,
  letter: DOCUMENT_TITLES.acceptance_letter,
};

/** /upgrade/document/:code and /upgrade/acceptance-letter/:code: the PDF page by page, with Back and Download (part 2 §2.2). */
export function UpgradeDocumentPage({ kind }: { kind: UpgradeDocumentKind }) {
  const { code } = useParams();
  const navigate = useNavigate();
  const document = useUpgradeDocument(kind, code);
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {TITLES[kind]}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Upgrade {code}
      </Typography>
      <PdfViewer
        data={document.data}
        loading={document.isLoading}
        error={document.error ? document.error.message : null}
        fileName={upgradeFileName(kind)}
        onBack={() => navigate('/upgrade')}
      />
    </Box>
  );
}
