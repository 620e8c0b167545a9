import { Chip, Stack, Tooltip } from '@mui/material';
import { applicationStatusLabel } from '@portal/contract';

const dateFormat = new Intl.DateTimeFormat('en-KE', { day: '2-digit', month: 'short', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-KE', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

const colors: Record<string, 'default' | 'info' | 'primary' | 'secondary' | 'success' | 'error' | 'warning'> = {
  New: 'default',
  Open: 'info',
  Verified: 'secondary',
  'Committee Review': 'secondary',
  'Board Review': 'secondary',
  Released: 'success',
  Rejected: 'error',
};

/**
 * The review stage as reviewers name it, with the applicant's wording (part 1 §4: Accepted, In Review)
 * in the tooltip, and a Returned mark while the application is back with the applicant.
 */
export function StatusChip({ status, submitted, returnedAt }: { status: string; submitted: boolean; returnedAt: string | null }) {
  const applicantSees = applicationStatusLabel(status);
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Tooltip title={`The applicant sees: ${applicantSees}`}>
        <Chip
          size="small"
          label={status}
          color={colors[status] ?? 'default'}
          variant={status === 'New' || status === 'Rejected' ? 'outlined' : 'filled'}
        />
      </Tooltip>
      {!submitted && returnedAt && <Chip size="small" label="Returned" color="warning" variant="outlined" />}
    </Stack>
  );
}
