import { Add } from '@mui/icons-material';
import { Button, Link, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { CAMPAIGN_STATUSES, type CampaignStatus, type CampaignSummary, formatDateTime } from '@portal/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { SelectFilter } from '../../shared/ui/select-filter';
import { usePaging } from '../../shared/ui/server-pagination';
import { ServerList, type ServerTableColumn } from '../../shared/ui/server-table';
import { SummaryCard, usePhoneCards } from '../../shared/ui/summary-card';
import { useCampaigns } from './api';
import { CampaignStatusChip } from './components';
import { CAMPAIGN_STATUS_LABELS, CHANNEL_LABELS, campaignRoute } from './rules';

const PAGE_SIZE = 20;

const COLUMNS: ServerTableColumn[] = [
  'Name',
  'Channel',
  'Status',
  { label: 'Recipients', align: 'right' },
  { label: 'Sent / Failed / Skipped', align: 'right' },
  'Created',
  'Sent',
];

/** When it went or goes out: finished, started, or the time it is scheduled for. */
function sentWhen(c: CampaignSummary): string {
  if (c.status === 'scheduled' && c.sendAt) return `Scheduled ${formatDateTime(c.sendAt)}`;
  return formatDateTime(c.finishedAt ?? c.startedAt) || '—';
}

const outcomes = (c: CampaignSummary) => `${c.sent} / ${c.failed + c.bounced} / ${c.skipped}`;
/** Before it is sent a campaign has no recipients yet. */
const recipientsOf = (c: CampaignSummary) =>
  c.status === 'draft' || c.status === 'scheduled' ? '—' : c.recipients.toLocaleString('en-KE');

function CampaignLink({ campaign }: { campaign: CampaignSummary }) {
  return (
    <Link component={RouterLink} to={campaignRoute(campaign.no)} sx={{ fontWeight: 600 }}>
      {campaign.name}
    </Link>
  );
}

function CampaignRow({ campaign: c }: { campaign: CampaignSummary }) {
  return (
    <TableRow hover>
      <TableCell sx={{ minWidth: 180 }}>
        <CampaignLink campaign={c} />
      </TableCell>
      <TableCell>{CHANNEL_LABELS[c.channel]}</TableCell>
      <TableCell>
        <CampaignStatusChip status={c.status} />
      </TableCell>
      <TableCell align="right">{recipientsOf(c)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {outcomes(c)}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.createdAt)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{sentWhen(c)}</TableCell>
    </TableRow>
  );
}

function CampaignCard({ campaign: c }: { campaign: CampaignSummary }) {
  return (
    <SummaryCard
      label={`Campaign ${c.name}`}
      head={
        <Typography variant="body2" color="text.secondary">
          {CHANNEL_LABELS[c.channel]} · {c.no}
        </Typography>
      }
      aside={<CampaignStatusChip status={c.status} />}
      title={<CampaignLink campaign={c} />}
    >
      <Typography variant="body2">
        Recipients {recipientsOf(c)} · Sent {c.sent} · Failed {c.failed + c.bounced} · Skipped {c.skipped}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Created {formatDateTime(c.createdAt)}
        {c.startedAt || c.sendAt ? ` · ${sentWhen(c)}` : ''}
      </Typography>
    </SummaryCard>
  );
}

/** /admin/campaigns (issue 29): the campaigns a page at a time, newest first, with a status filter and New campaign. */
export function CampaignsPage() {
  const [status, setStatus] = useState<CampaignStatus | ''>('');
  const paging = usePaging(PAGE_SIZE);
  const campaigns = useCampaigns(status, paging.page + 1, paging.pageSize);
  const phone = usePhoneCards();
  const data = campaigns.data;
  const empty = data?.items.length === 0 && (status ? 'No campaigns match.' : 'No campaigns yet. Write one with New campaign.');
  const pagination = {
    count: data?.total ?? 0,
    page: paging.page,
    pageSize: paging.pageSize,
    options: [PAGE_SIZE, 50, 100],
    onChange: paging.onChange,
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          Campaigns
        </Typography>
        <Button component={RouterLink} to="/admin/campaigns/new" variant="contained" startIcon={<Add />}>
          New campaign
        </Button>
      </Stack>
      <SelectFilter<CampaignStatus>
        label="Status"
        value={status}
        onChange={(next) => {
          setStatus(next);
          paging.setPage(0);
        }}
        all="All statuses"
        options={CAMPAIGN_STATUSES.map((s) => ({ value: s, label: CAMPAIGN_STATUS_LABELS[s] }))}
        sx={{ width: { xs: '100%', sm: 200 } }}
      />
      <ServerList
        error={campaigns.error}
        loading={campaigns.isLoading && 'Loading campaigns'}
        phone={phone}
        label="Campaigns"
        columns={COLUMNS}
        refreshing={campaigns.isFetching && 'Loading campaigns'}
        empty={empty}
        pagination={pagination}
        cards={data?.items.map((c) => <CampaignCard key={c.no} campaign={c} />)}
        rows={data?.items.map((c) => <CampaignRow key={c.no} campaign={c} />)}
      />
    </Stack>
  );
}
