import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTerms } from '../../../shared/settings/use-settings';

/** Removes script-capable markup from the configured terms HTML (the CSP blocks inline script too). */
function clean(html: string) {
  return html
    .replace(/<\s*(script|style|iframe|object|embed)[\s\S]*?<\s*\/\s*\1\s*>/gi, '')
    .replace(/\son\w+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
    .replace(/javascript:/gi, '');
}

export function TermsDialog({ open, onAccept, onClose }: { open: boolean; onAccept: () => void; onClose: () => void }) {
  const terms = useTerms();
  const html = terms.data?.[0]?.termsAndConditions ?? '';
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="terms-title">
      <DialogTitle id="terms-title">Terms and Conditions</DialogTitle>
      <DialogContent dividers>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: terms are administrator-configured HTML, cleaned above */}
        <Box sx={{ '& li': { mb: 1 } }} dangerouslySetInnerHTML={{ __html: clean(html) }} />
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
