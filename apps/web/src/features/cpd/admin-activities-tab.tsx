import { Check, Close, PictureAsPdf } from '@mui/icons-material';
import { Box, Button, Stack, TableCell, TableRow, Typography } from '@mui/material';
import {
  ADMIN_CPD_ACTIVITIES_PAGE_SIZE,
  CPD_ACTIVITY_STATUSES,
  CPD_ACTIVITY_TYPE_LABELS,
  type CpdActivity,
  type CpdActivityStatus,
} from '@portal/contract';
import { lazy, useEffect, useState } from 'react';
import { LiteAlert } from '../../shared/lite/surfaces';
import { Caption } from '../../shared/ui/caption';
import { LinearProgress } from '../../shared/ui/linear-progress';
import { PlainTable } from '../../shared/ui/plain-table';
import { SearchField } from '../../shared/ui/search-field';
import { SelectFilter } from '../../shared/ui/select-filter';
import { ServerPagination, usePaging } from '../../shared/ui/server-pagination';
import { SummaryCard, usePhoneCards } from '../../shared/ui/summary-card';
import { WhenOpened } from '../../shared/ui/when-opened';
import { useActivityQueue } from './api';
import { ActivityDates, ActivityStatusChip, activitySpan, EvidenceDialog } from './components';
import type { Decision } from './decision-dialogs';
import { formatPoints } from './rules';

const DecisionDialog = lazy(() => import('./decision-dialogs').then((m) => ({ default: m.DecisionDialog })));

const PAGE_SIZES = [ADMIN_CPD_ACTIVITIES_PAGE_SIZE, 50, 100];

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

/** The queue on a phone: a card per activity with the member, its evidence and the decisions. */
function QueueCards({
  rows,
  onEvidence,
  onDecide,
}: {
  rows: CpdActivity[];
  onEvidence: (a: CpdActivity) => void;
  onDecide: (d: Decision) => void;
}) {
  return (
    <Stack spacing={1.5} aria-label="Outside activities">
      {rows.map((a) => (
        <SummaryCard
          key={a.id}
          label={`Activity ${a.id}: ${a.description}`}
          head={
            <Typography variant="body2" color="text.secondary">
              {a.name} · {a.memberNo ?? '—'}
            </Typography>
          }
          aside={<ActivityStatusChip status={a.status} />}
          title={a.description}
        >
          <Typography variant="body2" color="text.secondary">
            {CPD_ACTIVITY_TYPE_LABELS[a.activityType]} · {a.provider}
            {a.location ? ` · ${a.location}` : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {activitySpan(a)}
            {a.pointsAwarded !== null ? ` · ${formatPoints(a.pointsAwarded)} points` : ''}
          </Typography>
          {a.reason && <Typography variant="body2">Reason: {a.reason}</Typography>}
          <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'space-between', flexWrap: 'wrap' }}>
            {a.evidenceUrl ? (
              <Button size="small" startIcon={<PictureAsPdf fontSize="small" />} onClick={() => onEvidence(a)}>
                Evidence
              </Button>
            ) : (
              <span />
            )}
            {a.status === 'Pending' && <DecisionButtons activity={a} onDecide={onDecide} />}
          </Stack>
        </SummaryCard>
      ))}
    </Stack>
  );
}

/**
 * The approvers' queue of outside activities, a page at a time (issue 26): Pending by default, oldest first; a
 * search by member or activity; evidence, Accept and Reject. A change of filter or search starts at the first page.
 */
export function AdminActivitiesTab() {
  const [status, setStatus] = useState<CpdActivityStatus | ''>('Pending');
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const paging = usePaging(ADMIN_CPD_ACTIVITIES_PAGE_SIZE);
  const queue = useActivityQueue({
    status: status || undefined,
    search: search || undefined,
    page: paging.page + 1,
    pageSize: paging.pageSize,
  });
  const [evidence, setEvidence] = useState<CpdActivity | null>(null);
  const [decision, setDecision] = useState<Decision | null>(null);
  const rows = queue.data?.activities ?? [];
  const phone = usePhoneCards();
  const filtered = (change: () => void) => {
    change();
    paging.setPage(0);
  };
  // Deciding the last activities of the last page leaves it empty: the page before is shown.
  const lastPage = Math.max(0, Math.ceil((queue.data?.total ?? 0) / paging.pageSize) - 1);
  const { page, setPage } = paging;
  useEffect(() => {
    if (queue.data && page > lastPage) setPage(lastPage);
  }, [queue.data, page, lastPage, setPage]);

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <SelectFilter
          label="Status"
          value={status}
          onChange={(value) => filtered(() => setStatus(value))}
          all="All"
          options={CPD_ACTIVITY_STATUSES.map((s) => ({ value: s, label: s }))}
          showEmpty
          sx={{ width: { sm: 180 } }}
        />
        <Box
          component="form"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            filtered(() => setSearch(draft.trim()));
          }}
          sx={{ flexGrow: 1, maxWidth: { sm: 420 } }}
        >
          <SearchField
            size="small"
            fullWidth
            label="Search activities"
            placeholder="Member no, name, activity or provider"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
        </Box>
      </Stack>
      {queue.isFetching && <LinearProgress aria-label="Loading activities" sx={{ mb: 1 }} />}
      {queue.error && (
        <Box sx={{ mb: 2 }}>
          <LiteAlert severity="error">{queue.error.message}</LiteAlert>
        </Box>
      )}
      {queue.data && queue.data.total === 0 && (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {status === 'Pending' && !search ? 'No activities are waiting for a decision.' : 'No activities match these filters.'}
        </Typography>
      )}
      {rows.length > 0 && phone && <QueueCards rows={rows} onEvidence={setEvidence} onDecide={setDecision} />}
      {rows.length > 0 && !phone && (
        <PlainTable
          label="Outside activities"
          sx={{ minWidth: 900 }}
          columns={[
            'Member',
            'Activity',
            'Provider',
            'Dates',
            { label: 'Hours', align: 'right' },
            'Evidence',
            'Status',
            { label: 'Actions', align: 'right' },
          ]}
        >
          {rows.map((a) => (
            <TableRow key={a.id} hover>
              <TableCell>
                {a.name}
                <Caption>{a.memberNo ?? '—'}</Caption>
              </TableCell>
              <TableCell sx={{ maxWidth: 280 }}>
                {a.description}
                <Caption>
                  {CPD_ACTIVITY_TYPE_LABELS[a.activityType]}
                  {a.location ? ` · ${a.location}` : ''}
                </Caption>
              </TableCell>
              <TableCell>{a.provider}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <ActivityDates activity={a} />
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
                  <Caption>
                    {formatPoints(a.pointsAwarded)} points{a.structured ? ', structured' : ''}
                  </Caption>
                )}
                {a.status === 'Rejected' && a.reason && <Caption sx={{ maxWidth: 200 }}>{a.reason}</Caption>}
              </TableCell>
              <TableCell align="right">{a.status === 'Pending' && <DecisionButtons activity={a} onDecide={setDecision} />}</TableCell>
            </TableRow>
          ))}
        </PlainTable>
      )}
      {queue.data && queue.data.total > 0 && (
        <ServerPagination
          count={queue.data.total}
          page={paging.page}
          pageSize={paging.pageSize}
          options={PAGE_SIZES}
          onChange={paging.onChange}
        />
      )}
      <EvidenceDialog activity={evidence} onClose={() => setEvidence(null)} />
      <WhenOpened open={Boolean(decision)}>
        <DecisionDialog decision={decision} onClose={() => setDecision(null)} />
      </WhenOpened>
    </Box>
  );
}
