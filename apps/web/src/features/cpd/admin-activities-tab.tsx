import { Check, Close, PictureAsPdf } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  Divider,
  LinearProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { CPD_ACTIVITY_STATUSES, CPD_ACTIVITY_TYPE_LABELS, type CpdActivity, type CpdActivityStatus } from '@portal/contract';
import { useState } from 'react';
import { shortDate } from '../../shared/payments/documents';
import { SearchField } from '../../shared/ui/search-field';
import { useActivityQueue } from './api';
import { ActivityStatusChip, EvidenceDialog } from './components';
import { type Decision, DecisionDialog } from './decision-dialogs';
import { formatPoints } from './rules';

function DecisionButtons({ activity: a, onDecide }: { activity: CpdActivity; onDecide: (d: Decision) => void }) {
  return (
    <Stack direction={{ xs: 'row', lg: 'column', xl: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'flex-end' }}>
      <Button
        size="small"
        variant="contained"
        startIcon={<Check fontSize="small" />}
        onClick={() => onDecide({ kind: 'accept', activity: a })}
      >
        Accept
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="error"
        startIcon={<Close fontSize="small" />}
        onClick={() => onDecide({ kind: 'reject', activity: a })}
      >
        Reject
      </Button>
    </Stack>
  );
}

/** The queue on a phone: one block per activity with its evidence and the decisions. */
function QueueList({
  rows,
  onEvidence,
  onDecide,
}: {
  rows: CpdActivity[];
  onEvidence: (a: CpdActivity) => void;
  onDecide: (d: Decision) => void;
}) {
  return (
    <Stack divider={<Divider flexItem />} spacing={1.5} aria-label="Outside activities">
      {rows.map((a) => (
        <Box key={a.id}>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{a.description}</Typography>
              <Typography variant="body2">
                {a.name} · {a.memberNo ?? '—'}
              </Typography>
            </Box>
            <ActivityStatusChip status={a.status} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {CPD_ACTIVITY_TYPE_LABELS[a.activityType]} · {a.provider}
            {a.location ? ` · ${a.location}` : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {shortDate(a.startDate)} to {shortDate(a.endDate)} · {formatPoints(a.hours)} hours
            {a.pointsAwarded !== null ? ` · ${formatPoints(a.pointsAwarded)} points` : ''}
          </Typography>
          {a.reason && <Typography variant="body2">Reason: {a.reason}</Typography>}
          <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'space-between' }}>
            {a.evidenceUrl ? (
              <Button size="small" startIcon={<PictureAsPdf fontSize="small" />} onClick={() => onEvidence(a)}>
                Evidence
              </Button>
            ) : (
              <span />
            )}
            {a.status === 'Pending' && <DecisionButtons activity={a} onDecide={onDecide} />}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

/** The approvers' queue of outside activities: Pending first by default, a search, evidence, Accept and Reject. */
export function AdminActivitiesTab() {
  const [status, setStatus] = useState<CpdActivityStatus | ''>('Pending');
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const queue = useActivityQueue(status, search);
  const [evidence, setEvidence] = useState<CpdActivity | null>(null);
  const [decision, setDecision] = useState<Decision | null>(null);
  const rows = queue.data ?? [];
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value as CpdActivityStatus | '')}
          sx={{ width: { sm: 180 } }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">All</MenuItem>
          {CPD_ACTIVITY_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {s}
            </MenuItem>
          ))}
        </TextField>
        <Box
          component="form"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            setSearch(draft.trim());
          }}
          sx={{ flexGrow: 1, maxWidth: { sm: 420 } }}
        >
          <SearchField
            size="small"
            fullWidth
            label="Search activities"
            placeholder="Member no, name, description or provider"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
        </Box>
      </Stack>
      {queue.isFetching && <LinearProgress aria-label="Loading activities" sx={{ mb: 1 }} />}
      {queue.error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {queue.error.message}
        </Alert>
      )}
      {queue.data && rows.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {status === 'Pending' && !search ? 'No activities are waiting for a decision.' : 'No activities match these filters.'}
        </Typography>
      )}
      {rows.length > 0 && phone && <QueueList rows={rows} onEvidence={setEvidence} onDecide={setDecision} />}
      {rows.length > 0 && !phone && (
        <TableContainer>
          <Table size="small" aria-label="Outside activities" sx={{ minWidth: 900 }}>
            <TableHead sx={{ '& th': { fontWeight: 700 } }}>
              <TableRow>
                <TableCell>Member</TableCell>
                <TableCell>Activity</TableCell>
                <TableCell>Provider</TableCell>
                <TableCell>Dates</TableCell>
                <TableCell align="right">Hours</TableCell>
                <TableCell>Evidence</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((a) => (
                <TableRow key={a.id} hover>
                  <TableCell>
                    {a.name}
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {a.memberNo ?? '—'}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ maxWidth: 280 }}>
                    {a.description}
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {CPD_ACTIVITY_TYPE_LABELS[a.activityType]}
                      {a.location ? ` · ${a.location}` : ''}
                    </Typography>
                  </TableCell>
                  <TableCell>{a.provider}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {shortDate(a.startDate)}
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      to {shortDate(a.endDate)}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{formatPoints(a.hours)}</TableCell>
                  <TableCell>
                    {a.evidenceUrl ? (
                      <Button size="small" startIcon={<PictureAsPdf fontSize="small" />} onClick={() => setEvidence(a)}>
                        View
                      </Button>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                  <TableCell>
                    <ActivityStatusChip status={a.status} />
                    {a.status === 'Accepted' && a.pointsAwarded !== null && (
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {formatPoints(a.pointsAwarded)} points{a.structured ? ', structured' : ''}
                      </Typography>
                    )}
                    {a.status === 'Rejected' && a.reason && (
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', maxWidth: 200 }}>
                        {a.reason}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right">{a.status === 'Pending' && <DecisionButtons activity={a} onDecide={setDecision} />}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <EvidenceDialog activity={evidence} onClose={() => setEvidence(null)} />
      <DecisionDialog decision={decision} onClose={() => setDecision(null)} />
    </Box>
  );
}
