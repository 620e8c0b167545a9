import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { billingDocumentKind } from './document-types';
import { BillingDocumentPage } from './invoice-page';

/**
 * /billing/document/{type}/{code} (part 2 §2.5): a billing document viewer with Back and Download, showing the live
 * document the type and code name (an invoice, with Pay Now while unpaid, or a receipt) instead of a fixed sample.
 * The code is raw or base64. A type with no document says so (decision 035).
 */
export function BillingDocumentByTypePage() {
  const { type } = useParams();
  const kind = billingDocumentKind(type);
  if (kind) return <BillingDocumentPage kind={kind} />;
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        Billing Document
      </Typography>
      <Alert severity="warning">There is no billing document of the type “{type}”: invoices and receipts have one.</Alert>
      <Box>
        <Button component={RouterLink} to="/billing" variant="outlined">
          Back to Billing
        </Button>
      </Box>
    </Stack>
  );
}
