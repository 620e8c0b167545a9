import { OpenInNew } from '@mui/icons-material';
import { Box, Button, Card, Stack, TableCell, TableRow, Typography } from '@mui/material';
import {
  APPLICATION_KINDS,
  type ApplicationKind,
  REVIEW_FILTER_LABELS,
  REVIEW_FILTERS,
  type ReviewFilter,
  type ReviewQueueItem,
} from '@portal/contract';
import { type ComponentProps, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { LiteAlert, LiteChip } from '../../shared/lite/surfaces';
import { useCategories } from '../../shared/settings/use-settings';
import { Caption } from '../../shared/ui/caption';
import { LinearProgress } from '../../shared/ui/linear-progress';
import { LoadingSpinner } from '../../shared/ui/loading';
import { PageTabs } from '../../shared/ui/page-tabs';
import { SearchField } from '../../shared/ui/search-field';
import { NativeSelectField, SelectFilter } from '../../shared/ui/select-filter';
import { ServerPagination } from '../../shared/ui/server-pagination';
import { ServerTable, type ServerTableColumn } from '../../shared/ui/server-table';
import { SummaryCard, usePhoneCards } from '../../shared/ui/summary-card';
import { useReviewQueue } from './api';
import { KindChip, kindDetail } from './kind-chip';
import { formatDate, StatusChip } from './status';

const PAGE_SIZES = [20, 50, 100];

function readFilter(value: string | null): ReviewFilter {
  return (REVIEW_FILTERS as readonly string[]).includes(value ?? '') ? (value as ReviewFilter) : 'action';
}

function readKind(value: string | null): ApplicationKind | '' {
  return (APPLICATION_KINDS as readonly string[]).includes(value ?? '') ? (value as ApplicationKind) : '';
}

const KIND_OPTIONS = APPLICATION_KINDS.map((k) => ({ value: k, label: k }));

/** /admin/applications: the review queue of admins and approvers (decisions.md §4). */
export function ReviewQueuePage() {
  const [params, setParams] = useSearchParams();
  const status = readFilter(params.get('status'));
  const kind = readKind(params.get('kind'));
  const category = params.get('category') ?? '';
  const search = params.get('search') ?? '';
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const pageSize = PAGE_SIZES.includes(Number(params.get('pageSize'))) ? Number(params.get('pageSize')) : PAGE_SIZES[0];
  const [draft, setDraft] = useState(search);
  const categories = useCategories();
  const queue = useReviewQueue({ status, kind, category, search, page: page + 1, pageSize });

  /** Changes some filters; any change but paging goes back to the first page. */
  function update(next: Record<string, string | number>) {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === '' || v === 0 || (k === 'status' && v === 'action')) merged.delete(k);
      else merged.set(k, String(v));
    }
    if (!('page' in next)) merged.delete('page');
    setParams(merged, { replace: true });
  }

  const counts = queue.data?.counts ?? {};
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        Applications
      </Typography>
      <Card>
        <PageTabs<ReviewFilter>
          value={status}
          onChange={(value) => update({ status: value })}
          label="Application status"
          tabs={REVIEW_FILTERS.map((f) => ({
            value: f,
            label: (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{REVIEW_FILTER_LABELS[f]}</span>
                <LiteChip label={counts[f] ?? 0} color={f === 'action' && counts[f] ? 'primary' : 'default'} />
              </Stack>
            ),
          }))}
        />
      </Card>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SelectFilter
          label="Kind"
          value={kind}
          onChange={(value) => update({ kind: value })}
          all="All"
          options={KIND_OPTIONS}
          showEmpty
          sx={{ width: { sm: 180 }, flexShrink: 0 }}
        />
        <NativeSelectField
          label="Category"
          value={category}
          onChange={(e) => update({ category: e.target.value })}
          sx={{ width: { sm: 280 }, flexShrink: 0 }}
        >
          <option value="">All categories</option>
          {(categories.data ?? []).map((c) => (
            <option key={c.Code} value={c.Code}>
              {c.Description}
            </option>
          ))}
        </NativeSelectField>
        <Box
          component="form"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            update({ search: draft.trim() });
          }}
          sx={{ flexGrow: 1, maxWidth: 480 }}
        >
          <SearchField
            fullWidth
            label="Search applications"
            placeholder="Application no, applicant name or e-mail"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
        </Box>
      </Stack>
      {queue.error && <LiteAlert severity="error">{queue.error.message}</LiteAlert>}
      {queue.isLoading ? (
        <LoadingSpinner label="Loading applications" />
      ) : (
        <QueueList
          items={queue.data?.items}
          refreshing={queue.isFetching}
          empty={
            status === 'action' && !search && !category && !kind
              ? 'No applications are waiting for review.'
              : 'No applications match these filters.'
          }
          pagination={{
            count: queue.data?.total ?? 0,
            page,
            pageSize,
            options: PAGE_SIZES,
            onChange: (p, size) => update({ page: p, pageSize: size === PAGE_SIZES[0] ? 0 : size }),
          }}
        />
      )}
    </Stack>
  );
}

const COLUMNS: ServerTableColumn[] = [
  'Application No',
  'Kind',
  'Applicant',
  'Category',
  'Submitted',
  'Status',
  { label: 'Actions', align: 'right' },
];

const submitted = (item: ReviewQueueItem) => (item.submittedAt ? formatDate(item.submittedAt) : '—');

function QueueStatus({ item }: { item: ReviewQueueItem }) {
  return <StatusChip status={item.status} submitted={item.Submitted} returnedAt={item.returnedAt} />;
}

function OpenButton({ item }: { item: ReviewQueueItem }) {
  return (
    <Button
      component={RouterLink}
      to={`/admin/applications/${encodeURIComponent(item.Code)}`}
      size="small"
      variant="outlined"
      endIcon={<OpenInNew fontSize="small" />}
    >
      Open
    </Button>
  );
}

interface QueueListProps {
  /** Undefined until the first page arrives. */
  items: ReviewQueueItem[] | undefined;
  refreshing: boolean;
  /** What to say when the page holds no application. */
  empty: string;
  pagination: ComponentProps<typeof ServerPagination>;
}

/** The spec's columns on a wide screen; on a phone a card an application, then the pagination. */
function QueueList({ items, refreshing, empty, pagination }: QueueListProps) {
  const phone = usePhoneCards();
  const nothing = items?.length === 0 && (
    <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
      {empty}
    </Typography>
  );
  if (phone) {
    return (
      <Stack spacing={1.5}>
        {refreshing && <LinearProgress aria-label="Refreshing" />}
        {nothing}
        {items?.map((item) => (
          <QueueCard key={item.Code} item={item} />
        ))}
        <ServerPagination {...pagination} />
      </Stack>
    );
  }
  return (
    <ServerTable label="Applications" refreshing={refreshing && 'Refreshing'} columns={COLUMNS} empty={nothing} pagination={pagination}>
      {items?.map((item) => (
        <QueueRow key={item.Code} item={item} />
      ))}
    </ServerTable>
  );
}

/** On a phone: number and kind, status, the applicant, category and submission date, and Open. */
function QueueCard({ item }: { item: ReviewQueueItem }) {
  const detail = kindDetail(item);
  return (
    <SummaryCard
      label={`Application ${item.Code}`}
      head={<KindChip kind={item.kind} />}
      aside={<QueueStatus item={item} />}
      title={`${item.Code} · ${item.ApplicantName || '—'}`}
    >
      {item.Email && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {item.Email}
        </Typography>
      )}
      <Typography variant="body2">
        {item.CategoryDescription}
        {detail && ` · ${detail}`}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Submitted {submitted(item)}
      </Typography>
      <Box>
        <OpenButton item={item} />
      </Box>
    </SummaryCard>
  );
}

function QueueRow({ item }: { item: ReviewQueueItem }) {
  const detail = kindDetail(item);
  return (
    <TableRow hover>
      <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{item.Code}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <KindChip kind={item.kind} />
        {detail && <Caption sx={{ mt: 0.5 }}>{detail}</Caption>}
      </TableCell>
      <TableCell>
        <Typography variant="body2">{item.ApplicantName || '—'}</Typography>
        {item.Email && (
          <Typography variant="caption" color="text.secondary">
            {item.Email}
          </Typography>
        )}
      </TableCell>
      <TableCell>{item.CategoryDescription}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{submitted(item)}</TableCell>
      <TableCell>
        <QueueStatus item={item} />
      </TableCell>
      <TableCell align="right">
        <OpenButton item={item} />
      </TableCell>
    </TableRow>
  );
}
