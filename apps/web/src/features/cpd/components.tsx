import { Close } from '@mui/icons-material';
import { Alert, Box, Chip, Dialog, DialogContent, DialogTitle, IconButton, Stack, Typography } from '@mui/material';
import type { CpdActivity, CpdActivityStatus, CpdComplianceStatus } from '@portal/contract';
import { CPD_COMPLIANCE_LABELS } from '@portal/contract';
import type { ReactNode } from 'react';
import { shortDate } from '../../shared/payments/documents';
import { Caption } from '../../shared/ui/caption';
import { LoadingSpinner } from '../../shared/ui/loading';
import { PdfViewer } from '../../shared/ui/pdf-viewer';
import { STATUS_COLORS } from '../../shared/ui/status-colors';
import { useEvidence } from './api';
import { formatPoints } from './rules';

/** Colours of the compliance states: on target green, below target amber, nothing grey. */
export const COMPLIANCE_COLORS: Record<CpdComplianceStatus, string> = {
  on_target: STATUS_COLORS.good,
  below: '#f0a202',
  nothing: '#9e9e9e',
};

const ACTIVITY_COLORS: Record<CpdActivityStatus, string> = {
  Pending: STATUS_COLORS.pending,
  Accepted: STATUS_COLORS.good,
  Rejected: STATUS_COLORS.bad,
};

export function ActivityStatusChip({ status }: { status: CpdActivityStatus }) {
  return <Chip size="small" label={status} sx={{ bgcolor: ACTIVITY_COLORS[status], color: '#fff' }} />;
}

export function ComplianceChip({ status }: { status: CpdComplianceStatus }) {
  return (
    <Chip
      size="small"
      label={CPD_COMPLIANCE_LABELS[status]}
      sx={{ bgcolor: COMPLIANCE_COLORS[status], color: status === 'below' ? 'rgba(0,0,0,0.87)' : '#fff' }}
    />
  );
}

/** An activity's dates and hours in one line: '1 Mar 2026 to 2 Mar 2026 · 8 hours'. */
export function activitySpan(a: CpdActivity) {
  return `${shortDate(a.startDate)} to ${shortDate(a.endDate)} · ${formatPoints(a.hours)} hours`;
}

/** The dates cell: the first day, and 'to' the last below it (left out for a single day when `sameDayOnce`). */
export function ActivityDates({ activity: a, sameDayOnce }: { activity: CpdActivity; sameDayOnce?: boolean }) {
  const showEnd = sameDayOnce ? Boolean(a.endDate) && a.endDate.slice(0, 10) !== a.startDate.slice(0, 10) : true;
  return (
    <>
      {shortDate(a.startDate)}
      {showEnd && <Caption>to {shortDate(a.endDate)}</Caption>}
    </>
  );
}

/** The top of an activity's block on a phone: its description with `children` below, and its status. */
export function ActivityBlockHead({ activity: a, children }: { activity: CpdActivity; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{a.description}</Typography>
        {children}
      </Box>
      <ActivityStatusChip status={a.status} />
    </Stack>
  );
}

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
