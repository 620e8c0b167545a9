import { Stack, TableCell, TableRow, Typography } from '@mui/material';
import { type CampaignRecipient, formatDateTime, RECIPIENT_STATUSES, type RecipientStatus } from '@portal/contract';
import { useState } from 'react';
import { SelectFilter } from '../../shared/ui/select-filter';
import { usePaging } from '../../shared/ui/server-pagination';
import { ServerList, type ServerTableColumn } from '../../shared/ui/server-table';
import { SummaryCard, usePhoneCards } from '../../shared/ui/summary-card';
import { useCampaignRecipients } from './api';
import { RecipientStatusChip } from './components';
import { RECIPIENT_STATUS_LABELS } from './rules';

const PAGE_SIZE = 20;
const COLUMNS: ServerTableColumn[] = ['Member No', 'Name', 'Address', 'Status', 'Reason', 'Updated'];

function RecipientCard({ recipient: r }: { recipient: CampaignRecipient }) {
  return (
    <SummaryCard
      label={`Recipient ${r.name}`}
      head={
        <Typography variant="body2" color="text.secondary">
          {r.memberNo ?? '—'}
        </Typography>
      }
      aside={<RecipientStatusChip status={r.status} />}
      title={r.name}
    >
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {r.address ?? 'No address'}
      </Typography>
      {r.reason && <Typography variant="body2">Reason: {r.reason}</Typography>}
      <Typography variant="body2" color="text.secondary">
        Updated {formatDateTime(r.updatedAt)}
      </Typography>
    </SummaryCard>
  );
}

/** A campaign's recipients a page at a time with each one's outcome, and why for skipped, failed and bounced ones. */
export function RecipientsTable({ no, version }: { no: string; version: string }) {
  const [status, setStatus] = useState<RecipientStatus | ''>('');
  const paging = usePaging(PAGE_SIZE);
  const recipients = useCampaignRecipients(no, status, paging.page + 1, paging.pageSize, version);
  const phone = usePhoneCards();
  const data = recipients.data;
  const empty =
    data?.items.length === 0 && (status ? 'No recipients with this status.' : 'No recipients yet: they are fixed when it is sent.');
  const pagination = {
    count: data?.total ?? 0,
    page: paging.page,
    pageSize: paging.pageSize,
    options: [PAGE_SIZE, 50, 100],
    onChange: paging.onChange,
  };

  return (
    <Stack spacing={1.5} component="section" aria-label="Recipients">
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          Recipients
        </Typography>
        <SelectFilter<RecipientStatus>
          label="Outcome"
          value={status}
          onChange={(next) => {
            setStatus(next);
            paging.setPage(0);
          }}
          all="All outcomes"
          options={RECIPIENT_STATUSES.map((s) => ({ value: s, label: RECIPIENT_STATUS_LABELS[s] }))}
          sx={{ width: { xs: '100%', sm: 220 } }}
        />
      </Stack>
      <ServerList
        error={recipients.error}
        phone={phone}
        label="Recipients"
        columns={COLUMNS}
        refreshing={recipients.isLoading && 'Loading recipients'}
        empty={empty}
        pagination={pagination}
        cards={data?.items.map((r) => <RecipientCard key={`${r.memberNo}-${r.name}`} recipient={r} />)}
        rows={data?.items.map((r) => (
          <TableRow key={`${r.memberNo}-${r.name}`}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.memberNo ?? '—'}</TableCell>
            <TableCell>{r.name}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.address ?? '—'}</TableCell>
            <TableCell>
              <RecipientStatusChip status={r.status} />
            </TableCell>
            <TableCell>{r.reason ?? '—'}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.updatedAt)}</TableCell>
          </TableRow>
        ))}
      />
    </Stack>
  );
}
