import { Add, Delete, Edit, PictureAsPdf } from '@mui/icons-material';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Divider,
  IconButton,
  Stack,
  TableCell,
  TableRow,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { CPD_ACTIVITY_TYPE_LABELS, type CpdActivity, cpdMessages } from '@portal/contract';
import { lazy, useState } from 'react';
import { Caption } from '../../shared/ui/caption';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { Hint } from '../../shared/ui/hint';
import { LazyAlert } from '../../shared/ui/lazy-alert';
import { LoadingSpinner } from '../../shared/ui/loading';
import { PlainTable } from '../../shared/ui/plain-table';
import { useToast } from '../../shared/ui/toast';
import { WhenOpened } from '../../shared/ui/when-opened';
import { cpdApi, useMyActivities, useRefreshCpd } from './api';
import { ActivityBlockHead, ActivityDates, ActivityStatusChip, activitySpan, EvidenceDialog } from './components';
import { formatPoints } from './rules';

const ActivityDialog = lazy(() => import('./activity-dialog').then((m) => ({ default: m.ActivityDialog })));

interface RowActionProps {
  activity: CpdActivity;
  onEvidence: (a: CpdActivity) => void;
  onEdit: (a: CpdActivity) => void;
  onDelete: (a: CpdActivity) => void;
}

/** Evidence always; Edit and Delete only while the activity waits for a decision. */
function RowActions({ activity: a, onEvidence, onEdit, onDelete }: RowActionProps) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5 }}>
      {a.evidenceUrl && (
        <Hint title="Evidence">
          <IconButton size="small" aria-label={`Evidence of ${a.description}`} onClick={() => onEvidence(a)}>
            <PictureAsPdf fontSize="small" />
          </IconButton>
        </Hint>
      )}
      {a.status === 'Pending' && (
        <>
          <Hint title="Edit">
            <IconButton size="small" color="primary" aria-label={`Edit ${a.description}`} onClick={() => onEdit(a)}>
              <Edit fontSize="small" />
            </IconButton>
          </Hint>
          <Hint title="Delete">
            <IconButton size="small" color="error" aria-label={`Delete ${a.description}`} onClick={() => onDelete(a)}>
              <Delete fontSize="small" />
            </IconButton>
          </Hint>
        </>
      )}
    </Box>
  );
}

/** The activities on a phone: one block each, with the same actions. */
function ActivityList({ rows, actions }: { rows: CpdActivity[]; actions: Omit<RowActionProps, 'activity'> }) {
  return (
    <Stack divider={<Divider flexItem />} spacing={1.5} aria-label="My outside activities">
      {rows.map((a) => (
        <Box key={a.id}>
          <ActivityBlockHead activity={a}>
            <Typography variant="body2" color="text.secondary">
              {CPD_ACTIVITY_TYPE_LABELS[a.activityType]} · {a.provider}
              {a.location ? ` · ${a.location}` : ''}
            </Typography>
          </ActivityBlockHead>
          <Typography variant="body2" color="text.secondary">
            {activitySpan(a)}
            {a.pointsAwarded !== null ? ` · ${formatPoints(a.pointsAwarded)} points${a.structured ? ' (structured)' : ''}` : ''}
          </Typography>
          {a.reason && (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              Reason: {a.reason}
            </Typography>
          )}
          <Box sx={{ mt: 0.5 }}>
            <RowActions activity={a} {...actions} />
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

/** My outside activities: what the member recorded, its state, and Record/Edit/Delete (only while Pending). */
export function ActivitiesCard() {
  const activities = useMyActivities();
  const refresh = useRefreshCpd();
  const toast = useToast();
  const [dialog, setDialog] = useState<{ open: boolean; activity: CpdActivity | null }>({ open: false, activity: null });
  const [deleting, setDeleting] = useState<CpdActivity | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [evidence, setEvidence] = useState<CpdActivity | null>(null);
  const rows = activities.data ?? [];
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const actions = { onEvidence: setEvidence, onEdit: (a: CpdActivity) => setDialog({ open: true, activity: a }), onDelete: setDeleting };

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    setError(null);
    try {
      await cpdApi.remove(deleting.id);
      await refresh();
      toast(cpdMessages.activityDeleted);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Something went wrong');
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  return (
    <Card>
      <CardHeader
        title="My outside activities"
        subheader="Courses, papers or mentoring outside the portal's events count once an approver accepts them."
        slotProps={{ title: { variant: 'h6', component: 'h2', sx: { fontWeight: 700 } } }}
        action={
          <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ open: true, activity: null })} sx={{ ml: 1 }}>
            Record an activity
          </Button>
        }
        sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' }, '& .MuiCardHeader-action': { mt: { xs: 1, sm: 0 } } }}
      />
      <CardContent>
        {error && (
          <LazyAlert severity="error" role="alert" sx={{ mb: 2 }} onClose={() => setError(null)}>
            {error}
          </LazyAlert>
        )}
        {activities.isLoading && <LoadingSpinner label="Loading your activities" />}
        {activities.error && <LazyAlert severity="error">{activities.error.message}</LazyAlert>}
        {activities.data?.length === 0 && <Typography color="text.secondary">You have not recorded any outside activity yet.</Typography>}
        {rows.length > 0 && phone && <ActivityList rows={rows} actions={actions} />}
        {rows.length > 0 && !phone && (
          <PlainTable
            label="My outside activities"
            sx={{ minWidth: 860 }}
            columns={[
              'Type',
              'Description',
              'Provider',
              'Dates',
              { label: 'Hours', align: 'right' },
              'Status',
              { label: 'Points', align: 'right' },
              'Reason',
              { label: 'Actions', align: 'right' },
            ]}
          >
            {rows.map((a) => (
              <TableRow key={a.id} hover>
                <TableCell sx={{ minWidth: 110 }}>{CPD_ACTIVITY_TYPE_LABELS[a.activityType]}</TableCell>
                <TableCell sx={{ maxWidth: 280 }}>
                  {a.description}
                  {a.location && <Caption>{a.location}</Caption>}
                </TableCell>
                <TableCell>{a.provider}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <ActivityDates activity={a} sameDayOnce />
                </TableCell>
                <TableCell align="right">{formatPoints(a.hours)}</TableCell>
                <TableCell>
                  <ActivityStatusChip status={a.status} />
                </TableCell>
                <TableCell align="right">
                  {a.pointsAwarded === null ? '—' : formatPoints(a.pointsAwarded)}
                  {a.status === 'Accepted' && a.structured && <Caption>structured</Caption>}
                </TableCell>
                <TableCell sx={{ maxWidth: 240 }}>{a.reason ?? '—'}</TableCell>
                <TableCell align="right">
                  <RowActions activity={a} {...actions} />
                </TableCell>
              </TableRow>
            ))}
          </PlainTable>
        )}
      </CardContent>
      <WhenOpened open={dialog.open}>
        <ActivityDialog open={dialog.open} activity={dialog.activity} onClose={() => setDialog({ open: false, activity: null })} />
      </WhenOpened>
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete this activity?"
        confirmLabel="Delete"
        busy={busy}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      >
        Are you sure you want to delete{deleting ? ` “${deleting.description}”` : ''}?
      </ConfirmDialog>
      <EvidenceDialog activity={evidence} onClose={() => setEvidence(null)} />
    </Card>
  );
}
