import { Box, Button, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { AUDIT_ACTIONS, type AuditEntry, formatDateTime } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ComponentProps, useState } from 'react';
import { DateField } from '../../shared/ui/date-field';
import { LazyAlert } from '../../shared/ui/lazy-alert';
import { LoadingSpinner } from '../../shared/ui/loading';
import { NativeSelectField } from '../../shared/ui/select-filter';
import { ServerPagination, usePaging } from '../../shared/ui/server-pagination';
import { ServerTable } from '../../shared/ui/server-table';
import { SummaryCard, usePhoneCards } from '../../shared/ui/summary-card';
import { TextInput } from '../../shared/ui/text-input';
import { adminApi } from './api';

const ACTION_LABELS: Record<(typeof AUDIT_ACTIONS)[number], string> = {
  'settings.saved': 'Settings saved',
  'company.updated': 'Organisation updated',
  'user.updated': 'User edited',
  'user.deleted': 'User deleted',
  'user.reset_link_sent': 'Reset link sent',
  'impersonation.started': 'Log in as started',
  'impersonation.ended': 'Log in as ended',
  'impersonated.request': 'Action while logged in as',
  'requirement.saved': 'Requirement saved',
  'requirement.removed': 'Requirement removed',
  'application.status_changed': 'Application status changed',
  'application.returned': 'Application returned',
  'application.commented': 'Application comment added',
  'members.imported': 'Members register imported',
  'data.exported': 'List exported',
  'billing.run': 'Subscription billing run',
  'billing.payment_recorded': 'Payment recorded',
  'billing.credit_note_issued': 'Credit note issued',
  'cpd.activity_accepted': 'CPD activity accepted',
  'cpd.activity_rejected': 'CPD activity rejected',
  'cpd.requirements_saved': 'CPD requirements saved',
  'event.created': 'Event created',
  'event.updated': 'Event updated',
  'event.logo_saved': 'Event logo saved',
  'event.published': 'Event published',
  'event.cancelled': 'Event cancelled',
  'event.attendance': 'Event attendance taken',
  'event.closed': 'Event closed',
  'upgrade.plan_updated': 'Upgrade plan changed',
  'license.status_changed': 'Licence status changed',
  'license.lapsed': 'Licence lapsed',
  'mfa.enabled': 'Two-step sign-in turned on',
  'mfa.removed': 'Two-step sign-in turned off',
  'mfa.reset': 'Second factor reset',
  'mfa.recovery_code_used': 'Recovery code used',
  'passkey.added': 'Passkey added',
  'passkey.removed': 'Passkey removed',
  'campaign.created': 'Campaign saved',
  'campaign.updated': 'Campaign changed',
  'campaign.scheduled': 'Campaign scheduled',
  'campaign.sent': 'Campaign sent',
  'campaign.cancelled': 'Campaign cancelled',
  'complaint.filed': 'Complaint filed',
  'complaint.stage_changed': 'Complaint stage changed',
  'complaint.assigned': 'Complaint assigned',
  'complaint.note_added': 'Complaint note added',
  'complaint.documents_added': 'Complaint documents added',
  'complaint.answered': 'Complaint answered by the engineer',
  'complaint.hearing_saved': 'Complaint hearing saved',
  'complaint.decided': 'Complaint decided',
  'complaint.reversed': 'Complaint decision reversed',
  'complaint.sanction_started': 'Sanction took effect',
  'complaint.sanction_ended': 'Sanction ended',
};

interface Filters {
  action: string;
  actor: string;
  subject: string;
  from: string;
  to: string;
}
const EMPTY: Filters = { action: '', actor: '', subject: '', from: '', to: '' };

function summary(details: Record<string, unknown>): string {
  const text = Object.entries(details)
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(' · ');
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

const actionLabel = (e: AuditEntry) => ACTION_LABELS[e.action as keyof typeof ACTION_LABELS] ?? e.action;
const when = (e: AuditEntry) => formatDateTime(e.at);

function AuditRow({ entry: e }: { entry: AuditEntry }) {
  return (
    <TableRow>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(e)}</TableCell>
      <TableCell>{actionLabel(e)}</TableCell>
      <TableCell>{e.actor_email ?? '—'}</TableCell>
      <TableCell>{e.on_behalf_of_email ?? '—'}</TableCell>
      <TableCell>{e.target ?? '—'}</TableCell>
      <TableCell sx={{ maxWidth: 420, wordBreak: 'break-word', fontSize: 12, color: 'text.secondary' }}>{summary(e.details)}</TableCell>
    </TableRow>
  );
}

/** On a phone: when and the target, the action, who did it (and for whom), and the details. */
function AuditCard({ entry: e }: { entry: AuditEntry }) {
  return (
    <SummaryCard
      label={`Audit entry ${e.id}`}
      head={
        <Typography variant="body2" color="text.secondary">
          {when(e)}
        </Typography>
      }
      aside={null}
      title={actionLabel(e)}
    >
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        By {e.actor_email ?? '—'}
        {e.on_behalf_of_email && ` on behalf of ${e.on_behalf_of_email}`}
        {e.target && ` · ${e.target}`}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {summary(e.details)}
      </Typography>
    </SummaryCard>
  );
}

const COLUMNS = ['When', 'Action', 'By', 'On behalf of', 'Target', 'Details'];

/** The log's columns on a wide screen; on a phone a card an entry, then the pagination. */
function AuditList({ entries, pagination }: { entries: AuditEntry[] | undefined; pagination: ComponentProps<typeof ServerPagination> }) {
  const empty = entries?.length === 0 && 'Nothing recorded for these filters.';
  if (usePhoneCards()) {
    return (
      <Stack spacing={1.5}>
        {empty && <Typography color="text.secondary">{empty}</Typography>}
        {entries?.map((e) => (
          <AuditCard key={e.id} entry={e} />
        ))}
        <ServerPagination {...pagination} />
      </Stack>
    );
  }
  return (
    <ServerTable label="Audit log" columns={COLUMNS} empty={empty} pagination={pagination}>
      {entries?.map((e) => (
        <AuditRow key={e.id} entry={e} />
      ))}
    </ServerTable>
  );
}

export function AuditPage() {
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const paging = usePaging(50);
  const { page, pageSize, setPage } = paging;
  const params = new URLSearchParams({ page: String(page + 1), pageSize: String(pageSize) });
  for (const [k, v] of Object.entries(filters)) if (v) params.set(k, v);
  const audit = useQuery({
    queryKey: ['admin-audit', params.toString()],
    queryFn: () => adminApi.audit(params),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        Audit Log
      </Typography>
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(0);
          setFilters(draft);
        }}
      >
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} alignItems={{ md: 'flex-start' }}>
          <NativeSelectField
            label="Action"
            value={draft.action}
            onChange={(e) => setDraft({ ...draft, action: e.target.value })}
            sx={{ minWidth: 200 }}
          >
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {ACTION_LABELS[a]}
              </option>
            ))}
          </NativeSelectField>
          <TextInput
            fullWidth={false}
            label="Administrator"
            placeholder="email"
            value={draft.actor}
            onChange={(e) => setDraft({ ...draft, actor: e.target.value })}
          />
          <TextInput
            fullWidth={false}
            label="Member or target"
            value={draft.subject}
            onChange={(e) => setDraft({ ...draft, subject: e.target.value })}
          />
          <DateField label="From" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
          <DateField label="To" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
          <Button type="submit" variant="contained" sx={{ flexShrink: 0 }}>
            Filter
          </Button>
          <Button
            sx={{ flexShrink: 0 }}
            onClick={() => {
              setDraft(EMPTY);
              setFilters(EMPTY);
              setPage(0);
            }}
          >
            Clear
          </Button>
        </Stack>
      </Box>
      {audit.error && <LazyAlert severity="warning">{audit.error.message}</LazyAlert>}
      {audit.isLoading ? (
        <LoadingSpinner />
      ) : (
        <AuditList
          entries={audit.data?.entries}
          pagination={{
            ...paging,
            count: audit.data?.total ?? 0,
            estimated: audit.data?.totalExact === false,
            options: [25, 50, 100, 200],
          }}
        />
      )}
    </Stack>
  );
}
