import { Stack, TableCell, TableRow, Typography } from '@mui/material';
import { COMPLAINT_STAGES, type ComplaintStage, type ComplaintSummary, formatDate } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { SearchField } from '../../shared/ui/search-field';
import { SelectFilter } from '../../shared/ui/select-filter';
import { usePaging } from '../../shared/ui/server-pagination';
import { ServerList, type ServerTableColumn } from '../../shared/ui/server-table';
import { SummaryCard, usePhoneCards } from '../../shared/ui/summary-card';
import { TextInput } from '../../shared/ui/text-input';
import { type ComplaintFilter, useComplaintStaff, useComplaints } from './api';
import { OverdueChip, StageChip } from './components';
import { complaintRoute, stageLabel } from './rules';

const PAGE_SIZE = 20;

const COLUMNS: ServerTableColumn[] = ['Reference', 'Engineer', 'Complainant', 'Stage', 'Assignee', 'Filed', 'Due'];

type StageFilter = ComplaintStage | 'open';
const STAGE_OPTIONS: { value: StageFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  ...COMPLAINT_STAGES.map((s) => ({ value: s, label: stageLabel(s) })),
];

function CaseLink({ complaint }: { complaint: ComplaintSummary }) {
  return (
    <RouterLink className="lt-link lt-link-bold" to={complaintRoute(complaint.reference)}>
      {complaint.reference}
    </RouterLink>
  );
}

function Due({ complaint: c }: { complaint: ComplaintSummary }) {
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <span>{formatDate(c.dueOn) || '—'}</span>
      {c.overdue && <OverdueChip />}
    </Stack>
  );
}

const engineer = (c: ComplaintSummary) => `${c.respondent.name} (${c.respondent.memberNo})`;

function ComplaintRow({ complaint: c }: { complaint: ComplaintSummary }) {
  return (
    <TableRow hover sx={c.overdue ? { bgcolor: 'rgba(211, 47, 47, 0.06)' } : undefined}>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <CaseLink complaint={c} />
      </TableCell>
      <TableCell sx={{ minWidth: 160 }}>{engineer(c)}</TableCell>
      <TableCell sx={{ minWidth: 140 }}>{c.complainantName}</TableCell>
      <TableCell>
        <StageChip stage={c.stage} label={c.stageLabel} />
      </TableCell>
      <TableCell>{c.assignee ?? '—'}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(c.filedAt)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Due complaint={c} />
      </TableCell>
    </TableRow>
  );
}

function ComplaintCard({ complaint: c }: { complaint: ComplaintSummary }) {
  return (
    <SummaryCard
      label={`Complaint ${c.reference}`}
      head={
        <Typography variant="body2" color="text.secondary">
          Filed {formatDate(c.filedAt)}
        </Typography>
      }
      aside={<StageChip stage={c.stage} label={c.stageLabel} />}
      title={<CaseLink complaint={c} />}
    >
      <Typography variant="body2">Against {engineer(c)}</Typography>
      <Typography variant="body2" color="text.secondary">
        From {c.complainantName} · {c.assignee ? `Assigned to ${c.assignee}` : 'Unassigned'}
      </Typography>
      {(c.dueOn || c.overdue) && (
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
          <Typography variant="body2">Due {formatDate(c.dueOn) || '—'}</Typography>
          {c.overdue && <OverdueChip />}
        </Stack>
      )}
    </SummaryCard>
  );
}

/**
 * /admin/complaints (issue 30): the complaints queue for administrators and approvers, a page at a time, newest
 * first; filters by stage (Open: every stage still worked), assignee, overdue, age and words; overdue cases stand out.
 */
export function ComplaintsPage() {
  const [stage, setStage] = useState<StageFilter | ''>('open');
  const [assignee, setAssignee] = useState('');
  const [overdue, setOverdue] = useState(false);
  const [olderThan, setOlderThan] = useState('');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const paging = usePaging(PAGE_SIZE);
  const staff = useComplaintStaff();
  const days = /^\d{1,5}$/.test(olderThan.trim()) ? Number(olderThan) : undefined;
  const filter: ComplaintFilter = {
    stage: stage || undefined,
    assignee: assignee ? Number(assignee) : undefined,
    overdue: overdue || undefined,
    olderThanDays: days,
    q: q || undefined,
    page: paging.page + 1,
    pageSize: paging.pageSize,
  };
  const complaints = useComplaints(filter);
  const phone = usePhoneCards();
  const data = complaints.data;
  const filtered = Boolean(stage || assignee || overdue || days !== undefined || q);
  const empty = data?.items.length === 0 && (filtered ? 'No complaints match.' : 'No complaints yet.');
  const pagination = {
    count: data?.total ?? 0,
    page: paging.page,
    pageSize: paging.pageSize,
    options: [PAGE_SIZE, 50, 100],
    onChange: paging.onChange,
  };
  const first = () => paging.setPage(0);

  function runSearch(e: FormEvent) {
    e.preventDefault();
    setQ(search.trim());
    first();
  }

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        Complaints
      </Typography>
      <Stack
        component="form"
        role="search"
        aria-label="Filter complaints"
        onSubmit={runSearch}
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: { sm: 'center' } }}
      >
        <SelectFilter<StageFilter>
          label="Stage"
          value={stage}
          onChange={(next) => {
            setStage(next);
            first();
          }}
          all="All stages"
          options={STAGE_OPTIONS}
          sx={{ width: { xs: '100%', sm: 220 } }}
        />
        <SelectFilter<string>
          label="Assignee"
          value={assignee}
          onChange={(next) => {
            setAssignee(next);
            first();
          }}
          all="Anyone"
          options={(staff.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          sx={{ width: { xs: '100%', sm: 200 } }}
        />
        <TextInput
          label="Older than (days)"
          size="small"
          type="number"
          value={olderThan}
          onChange={(e) => {
            setOlderThan(e.target.value);
            first();
          }}
          fullWidth={false}
          htmlInput={{ min: 0, inputMode: 'numeric' }}
          sx={{ width: { xs: '100%', sm: 180 } }}
        />
        <SearchField
          label="Search"
          size="small"
          placeholder="Reference, name, member number"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ width: { xs: '100%', sm: 280 } }}
        />
        <label className="lt-check">
          <input
            type="checkbox"
            checked={overdue}
            onChange={(e) => {
              setOverdue(e.target.checked);
              first();
            }}
          />
          Overdue only
        </label>
      </Stack>
      <ServerList
        error={complaints.error}
        loading={complaints.isLoading && 'Loading complaints'}
        phone={phone}
        label="Complaints"
        columns={COLUMNS}
        refreshing={complaints.isFetching && 'Loading complaints'}
        empty={empty}
        pagination={pagination}
        cards={data?.items.map((c) => <ComplaintCard key={c.reference} complaint={c} />)}
        rows={data?.items.map((c) => <ComplaintRow key={c.reference} complaint={c} />)}
      />
    </Stack>
  );
}
