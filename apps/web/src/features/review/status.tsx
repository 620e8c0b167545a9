import { Chip, Stack } from '@mui/material';
import { applicationStatusLabel, formatDate, formatDateTime } from '@portal/contract';
import { Hint } from '../../shared/ui/hint';

/** The portal's one date display, '21 Jun 2018' and '21 Jun 2018, 14:05' (decision 040). */
export { formatDate, formatDateTime };

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
      <Hint title={`The applicant sees: ${applicantSees}`}>
        <Chip
          size="small"
          label={status}
          color={colors[status] ?? 'default'}
          variant={status === 'New' || status === 'Rejected' ? 'outlined' : 'filled'}
        />
      </Hint>
      {!submitted && returnedAt && <Chip size="small" label="Returned" color="warning" variant="outlined" />}
    </Stack>
  );
}
