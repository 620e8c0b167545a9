import CancelIcon from '@mui/icons-material/Cancel';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import VerifiedIcon from '@mui/icons-material/Verified';
import { Alert, Box, Card, CardContent, Chip, Divider, Stack, Typography } from '@mui/material';
import { type DocumentVerification, documentMessages, formatDate } from '@portal/contract';
import { useParams } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { LoadingSpinner } from '../../shared/ui/loading';
import { STATUS_COLORS } from '../../shared/ui/status-colors';
import { useDocumentVerification } from './api';

/** 'Membership Certificate' → 'membership certificate', keeping acronyms: 'CPD Certificate' → 'CPD certificate'. */
export function inSentence(title: string): string {
  return title
    .split(' ')
    .map((word) => (/^[A-Z0-9]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(' ');
}

function Row({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ py: 0.75 }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 160 }}>
        {label}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 500, wordBreak: 'break-word' }}>
        {value}
      </Typography>
    </Stack>
  );
}

function VerificationCard({ doc }: { doc: DocumentVerification }) {
  const color = doc.valid ? STATUS_COLORS.good : STATUS_COLORS.bad;
  return (
    <Card variant="outlined" sx={{ borderColor: color, borderWidth: 2 }}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          {doc.valid ? <VerifiedIcon sx={{ fontSize: 48, color }} aria-hidden /> : <CancelIcon sx={{ fontSize: 48, color }} aria-hidden />}
          <Box>
            <Typography variant="h5" component="h1">
              {documentMessages.genuine}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Issued by {doc.organisation}
            </Typography>
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <Chip label={doc.status} sx={{ fontWeight: 600, bgcolor: color, color: '#fff' }} />
        </Stack>
        {doc.valid ? (
          <Alert severity="success" sx={{ mb: 2, bgcolor: '#edf7ed', color: '#1e4620', '& .MuiAlert-icon': { color: STATUS_COLORS.good } }}>
            This {inSentence(doc.title)} was issued by {doc.organisation} and is still valid.
          </Alert>
        ) : (
          <Alert severity="error" sx={{ mb: 2, bgcolor: '#fdeded', color: '#5f2120', '& .MuiAlert-icon': { color: STATUS_COLORS.bad } }}>
            {/* The chip says 'No longer valid' (or 'Revoked'): the alert says why, once (issue 16). */}
            This {inSentence(doc.title)} was issued by {doc.organisation}. {doc.reason ?? documentMessages.noLongerValidWhy}
          </Alert>
        )}
        <Typography variant="body1" sx={{ mb: 2 }}>
          {doc.statement}
        </Typography>
        <Divider sx={{ mb: 1 }} />
        <Row label="Document" value={doc.title} />
        <Row label="Document No." value={doc.documentNo} />
        <Row label="Issued to" value={doc.holderName} />
        <Row label="Member No." value={doc.memberNo} />
        <Row label="Category" value={doc.category} />
        <Row label="Issued on" value={formatDate(doc.issuedAt)} />
      </CardContent>
    </Card>
  );
}

/** /search/verify/{documentNo}: the public check a document's QR code opens (decisions.md §6). */
export function VerifyDocumentPage() {
  const { documentNo } = useParams();
  const query = useDocumentVerification(documentNo);
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', py: 2 }}>
      <Typography variant="overline" color="text.secondary">
        Document verification
      </Typography>
      {query.isLoading && <LoadingSpinner label="Checking the document" />}
      {query.data && <VerificationCard doc={query.data} />}
      {query.error && (
        <Card variant="outlined">
          <CardContent>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <SearchOffIcon color="warning" sx={{ fontSize: 48 }} aria-hidden />
              <Box>
                <Typography variant="h6" component="h1">
                  {query.error instanceof ApiError && query.error.status === 404 ? documentMessages.documentNotFound : query.error.message}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Check the number {documentNo ? `(${documentNo}) ` : ''}against the document, or scan its QR code again.
                </Typography>
              </Box>
            </Stack>
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
