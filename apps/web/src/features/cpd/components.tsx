import { Box, Stack, Typography } from '@mui/material';
import type { CpdActivity, CpdActivityStatus, CpdComplianceStatus } from '@portal/contract';
import { CPD_COMPLIANCE_LABELS } from '@portal/contract';
import { lazy, type ReactNode } from 'react';
import { LiteChip } from '../../shared/lite/surfaces';
import { shortDate } from '../../shared/payments/documents';
import { Caption } from '../../shared/ui/caption';
import { STATUS_COLORS } from '../../shared/ui/status-colors';
import { WhenOpened } from '../../shared/ui/when-opened';
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
  return <LiteChip label={status} bg={ACTIVITY_COLORS[status]} />;
}

export function ComplianceChip({ status }: { status: CpdComplianceStatus }) {
  return (
    <LiteChip label={CPD_COMPLIANCE_LABELS[status]} bg={COMPLIANCE_COLORS[status]} fg={status === 'below' ? 'rgba(0,0,0,0.87)' : '#fff'} />
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

const EvidenceDialogView = lazy(() => import('./evidence-dialog').then((m) => ({ default: m.EvidenceDialog })));

/** An activity's evidence PDF, page by page with Download, in a dialog loaded when first opened (decision 054). */
export function EvidenceDialog({ activity, onClose }: { activity: CpdActivity | null; onClose: () => void }) {
  return (
    <WhenOpened open={Boolean(activity)}>
      <EvidenceDialogView activity={activity} onClose={onClose} />
    </WhenOpened>
  );
}
