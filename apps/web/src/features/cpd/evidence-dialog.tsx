import { Close } from '@mui/icons-material';
import { Alert, Dialog, DialogContent, DialogTitle, IconButton } from '@mui/material';
import type { CpdActivity } from '@portal/contract';
import { LoadingSpinner } from '../../shared/ui/loading';
import { PdfViewer } from '../../shared/ui/pdf-viewer';
import { useEvidence } from './api';

/** An activity's evidence PDF, page by page with Download, in a dialog. */
export function EvidenceDialog({ activity, onClose }: { activity: CpdActivity | null; onClose: () => void }) {
  const evidence = useEvidence(activity);
  return (
    <Dialog open={Boolean(activity)} onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="evidence-title">
      <DialogTitle id="evidence-title" sx={{ pr: 6 }}>
        Evidence: {activity?.description}
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {evidence.isLoading && <LoadingSpinner label="Loading the evidence" />}
        {evidence.error && (
          <Alert severity="error" role="alert">
            {evidence.error.message}
          </Alert>
        )}
        {evidence.data && <PdfViewer data={evidence.data} fileName={`CPD-EVIDENCE-${activity?.id ?? ''}.pdf`} />}
      </DialogContent>
    </Dialog>
  );
}
