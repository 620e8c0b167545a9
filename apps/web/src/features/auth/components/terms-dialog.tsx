import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTerms } from '../../../shared/settings/use-settings';
import { cleanHtml } from '../../../shared/ui/clean-html';

export function TermsDialog({ open, onAccept, onClose }: { open: boolean; onAccept: () => void; onClose: () => void }) {
  const terms = useTerms();
  const html = terms.data?.[0]?.termsAndConditions ?? '';
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="terms-title">
      <DialogTitle id="terms-title">Terms and Conditions</DialogTitle>
      <DialogContent dividers>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: terms are administrator-configured HTML, cleaned above */}
        <Box sx={{ '& li': { mb: 1 } }} dangerouslySetInnerHTML={{ __html: cleanHtml(html) }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" onClick={onAccept}>
          I accept
        </Button>
      </DialogActions>
    </Dialog>
  );
}
