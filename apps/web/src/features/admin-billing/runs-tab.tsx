import { Box, Stack, TableCell, TableRow, Typography } from '@mui/material';
import {
  BILLING_PAGE_SIZE,
  BILLING_RUN_STATUSES,
  type BillingRun,
  type BillingRunStatus,
  formatDateTime,
  formatKes,
} from '@portal/contract';
import { useState } from 'react';
import { LiteAlert, LiteChip } from '../../shared/lite/surfaces';
import { LinearProgress } from '../../shared/ui/linear-progress';
import { PlainTable } from '../../shared/ui/plain-table';
import { NativeSelectField } from '../../shared/ui/select-filter';
import { ServerPagination, usePaging } from '../../shared/ui/server-pagination';
import { STATUS_COLORS } from '../../shared/ui/status-colors';
import { SummaryCard, usePhoneCards } from '../../shared/ui/summary-card';
import { TextInput } from '../../shared/ui/text-input';
import { useBillingRuns } from './api';

export const RUN_STATUS_LABELS: Record<BillingRunStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  finished: 'Finished',
  failed: 'Failed',
};

const PAGE_SIZES = [BILLING_PAGE_SIZE, 50, 100];
const count = (n: number) => n.toLocaleString('en-KE');
const when = (value: string | null) => (value ? formatDateTime(value) : '—');

export function RunStatusChip({ status }: { status: BillingRunStatus }) {
  const colour = status === 'finished' ? STATUS_COLORS.good : status === 'failed' ? STATUS_COLORS.bad : STATUS_COLORS.pending;
  return <LiteChip label={RUN_STATUS_LABELS[status]} bg={colour} />;
}

const COLUMNS = [
  'Period',
  'Status',
  'Started',
  'Finished',
  'By',
  { label: 'Members', align: 'right' as const },
  { label: 'Billed', align: 'right' as const },
  { label: 'Skipped', align: 'right' as const },
  { label: 'Amount', align: 'right' as const },
];

function RunRows({ runs }: { runs: BillingRun[] }) {
  return runs.map((r) => (
    <TableRow key={r.id} hover>
      <TableCell>{r.period}</TableCell>
      <TableCell>
        <RunStatusChip status={r.status} />
        {r.error && (
          <Typography variant="caption" color="error" sx={{ display: 'block', maxWidth: 240 }}>
            {r.error}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(r.startedAt)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(r.finishedAt)}</TableCell>
      <TableCell>{r.runBy ?? '—'}</TableCell>
      <TableCell align="right">{count(r.memberCount)}</TableCell>
      <TableCell align="right">
        {count(r.billedCount)}
        {(r.status === 'queued' || r.status === 'running') && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            of {count(r.toBillCount)}
          </Typography>
        )}
      </TableCell>
      <TableCell align="right">{count(r.skippedCount)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {formatKes(r.totalAmount)}
      </TableCell>
    </TableRow>
  ));
}

/** On a phone each run is a card: the period and when, its status, what it billed and skipped, and any error. */
function RunCards({ runs }: { runs: BillingRun[] }) {
  return (
    <Stack spacing={1.5}>
      {runs.map((r) => (
        <SummaryCard
          key={r.id}
          label={`Billing run ${r.id}`}
          head={
            <Typography variant="body2" color="text.secondary">
              {r.period} · {when(r.startedAt)}
            </Typography>
          }
          aside={<RunStatusChip status={r.status} />}
          title={`${count(r.billedCount)} billed, ${count(r.skippedCount)} skipped`}
        >
          <Typography variant="body2">
            {formatKes(r.totalAmount)} · {count(r.memberCount)} members{r.runBy ? ` · by ${r.runBy}` : ''}
          </Typography>
          {r.finishedAt && (
            <Typography variant="body2" color="text.secondary">
              Finished {when(r.finishedAt)}
            </Typography>
          )}
          {r.error && (
            <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
              {r.error}
            </Typography>
          )}
        </SummaryCard>
      ))}
    </Stack>
  );
}

/**
 * The billing runs' history, a page at a time, newest first (issue 26), by period and status. While a run bills
 * (`polling`), the page is read again every second so its row moves with the progress above.
 */
export function RunsTab({ polling }: { polling: boolean }) {
  const [period, setPeriod] = useState('');
  const [status, setStatus] = useState<BillingRunStatus | ''>('');
  const paging = usePaging(BILLING_PAGE_SIZE);
  // A period is asked for once it is a whole year; a change of filter starts at the first page.
  const asked = /^\d{4}$/.test(period) ? period : '';
  const filtered = (change: () => void) => {
    change();
    paging.setPage(0);
  };
  const list = useBillingRuns(
    { period: asked || undefined, status: status || undefined, page: paging.page + 1, pageSize: paging.pageSize },
    polling,
  );
  const phone = usePhoneCards();
  const data = list.data;
  return (
    <Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        <TextInput
          size="small"
          fullWidth={false}
          label="Period"
          placeholder="e.g. 2026"
          value={period}
          onChange={(e) => filtered(() => setPeriod(e.target.value.replace(/\D/g, '').slice(0, 4)))}
          htmlInput={{ inputMode: 'numeric', maxLength: 4 }}
          sx={{ width: 140 }}
        />
        <NativeSelectField
          size="small"
          label="Status"
          value={status}
          onChange={(e) => filtered(() => setStatus(e.target.value as BillingRunStatus | ''))}
          sx={{ width: 170 }}
        >
          <option value="">All</option>
          {BILLING_RUN_STATUSES.map((s) => (
            <option key={s} value={s}>
              {RUN_STATUS_LABELS[s]}
            </option>
          ))}
        </NativeSelectField>
      </Stack>
      <Box sx={{ minHeight: 4, mb: 1 }}>{list.isFetching && !polling && <LinearProgress aria-label="Loading billing runs" />}</Box>
      {list.error && (
        <Box sx={{ mb: 2 }}>
          <LiteAlert severity="error">{list.error.message}</LiteAlert>
        </Box>
      )}
      {data && data.total === 0 && (
        <Typography color="text.secondary">{asked || status ? 'No billing runs match.' : 'No billing run yet.'}</Typography>
      )}
      {data && data.runs.length > 0 && (
        <>
          {phone ? (
            <RunCards runs={data.runs} />
          ) : (
            <PlainTable label="Billing runs" columns={COLUMNS}>
              <RunRows runs={data.runs} />
            </PlainTable>
          )}
          <ServerPagination
            count={data.total}
            page={paging.page}
            pageSize={paging.pageSize}
            options={PAGE_SIZES}
            onChange={paging.onChange}
          />
        </>
      )}
    </Box>
  );
}
