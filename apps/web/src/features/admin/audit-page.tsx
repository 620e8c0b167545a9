import { Alert, Box, Button, MenuItem, Stack, TableCell, TableRow, TextField, Typography } from '@mui/material';
import { AUDIT_ACTIONS } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadingSpinner } from '../../shared/ui/loading';
import { usePaging } from '../../shared/ui/server-pagination';
import { ServerTable } from '../../shared/ui/server-table';
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
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} alignItems={{ md: 'center' }}>
          <TextField
            select
            label="Action"
            value={draft.action}
            onChange={(e) => setDraft({ ...draft, action: e.target.value })}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">All actions</MenuItem>
            {AUDIT_ACTIONS.map((a) => (
              <MenuItem key={a} value={a}>
                {ACTION_LABELS[a]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Administrator"
            placeholder="email"
            value={draft.actor}
            onChange={(e) => setDraft({ ...draft, actor: e.target.value })}
          />
          <TextField label="Member or target" value={draft.subject} onChange={(e) => setDraft({ ...draft, subject: e.target.value })} />
          <TextField
            label="From"
            type="date"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="To"
            type="date"
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
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
      {audit.error && <Alert severity="warning">{audit.error.message}</Alert>}
      {audit.isLoading ? (
        <LoadingSpinner />
      ) : (
        <ServerTable
          label="Audit log"
          columns={['When', 'Action', 'By', 'On behalf of', 'Target', 'Details']}
          empty={audit.data?.entries.length === 0 && 'Nothing recorded for these filters.'}
          pagination={{ ...paging, count: audit.data?.total ?? 0, options: [25, 50, 100, 200] }}
        >
          {audit.data?.entries.map((e) => (
            <TableRow key={e.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{new Date(e.at).toLocaleString('en-KE')}</TableCell>
              <TableCell>{ACTION_LABELS[e.action as keyof typeof ACTION_LABELS] ?? e.action}</TableCell>
              <TableCell>{e.actor_email ?? '—'}</TableCell>
              <TableCell>{e.on_behalf_of_email ?? '—'}</TableCell>
              <TableCell>{e.target ?? '—'}</TableCell>
              <TableCell sx={{ maxWidth: 420, wordBreak: 'break-word', fontSize: 12, color: 'text.secondary' }}>
                {summary(e.details)}
              </TableCell>
            </TableRow>
          ))}
        </ServerTable>
      )}
    </Stack>
  );
}
