import { Box, Typography } from '@mui/material';
import { type BillingRun, billingAdminMessages, formatKes, isRunOpen } from '@portal/contract';
import { Icon } from '../../shared/lite/icon';
import { LiteAlert } from '../../shared/lite/surfaces';
import { shortDate } from '../../shared/payments/documents';
import { LinearProgress } from '../../shared/ui/linear-progress';

/** The last run that ended: when, by whom, what it billed. */
export function LastRun({ run }: { run: BillingRun | undefined }) {
  if (!run) return <Typography color="text.secondary">No billing run yet.</Typography>;
  return (
    <Typography variant="body2" color="text.secondary">
      Last run: {run.period} on {shortDate(run.startedAt)}
      {run.runBy ? ` by ${run.runBy}` : ''} — {run.billedCount} billed, {run.skippedCount} skipped, {formatKes(run.totalAmount)}
    </Typography>
  );
}

const count = (n: number) => n.toLocaleString('en-KE');

function CloseButton({ onClose }: { onClose: () => void }) {
  return (
    <button type="button" className="lt-icon-btn" aria-label="Close" title="Close" onClick={onClose}>
      <Icon name="Close" small />
    </button>
  );
}

/**
 * A billing run in the background (issue 26): while it is open, how many of the members to bill are billed so far
 * (the page asks again every second); once over, its outcome, until closed.
 */
export function RunProgress({ run, onClose }: { run: BillingRun; onClose: () => void }) {
  if (isRunOpen(run)) {
    const percent = run.toBillCount ? Math.min(100, Math.round((run.billedCount / run.toBillCount) * 100)) : 0;
    return (
      <Box sx={{ mt: 2, '& .lt-alert-message': { width: '100%' } }}>
        <LiteAlert severity="info" role="status">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {run.status === 'queued'
              ? `Billing ${run.period}: waiting for the billing job to start…`
              : `Billing ${run.period}: ${count(run.billedCount)} of ${count(run.toBillCount)} members billed (${percent} %), ${formatKes(run.totalAmount)} invoiced`}
          </Typography>
          <LinearProgress
            variant={run.status === 'queued' ? 'indeterminate' : 'determinate'}
            value={percent}
            aria-label={`Billing ${run.period}`}
          />
        </LiteAlert>
      </Box>
    );
  }
  if (run.status === 'failed') {
    return (
      <Box sx={{ mt: 2 }}>
        <LiteAlert severity="error" role="status" action={<CloseButton onClose={onClose} />}>
          {billingAdminMessages.runFailed(run.period, run.error ?? 'unknown error')}
        </LiteAlert>
      </Box>
    );
  }
  return (
    <Box sx={{ mt: 2 }}>
      <LiteAlert severity="success" role="status" action={<CloseButton onClose={onClose} />}>
        {billingAdminMessages.runFinished(run.billedCount, run.skippedCount)}
      </LiteAlert>
    </Box>
  );
}
