import { ArrowBack, Block, Edit } from '@mui/icons-material';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { type Campaign, campaignMessages, formatDateTime } from '@portal/contract';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { LiteAlert } from '../../shared/lite/surfaces';
import { useCategories } from '../../shared/settings/use-settings';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { LinearProgress } from '../../shared/ui/linear-progress';
import { LoadingSpinner } from '../../shared/ui/loading';
import { useToast } from '../../shared/ui/toast';
import { campaignsApi, inProgress, useCampaign, useCounties, useRefreshCampaigns, useSavedPreview } from './api';
import { CampaignStatusChip } from './components';
import { RecipientsTable } from './recipients-table';
import { CHANNEL_LABELS, editCampaignRoute, plural, progressOf, segmentInWords } from './rules';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

/** When it goes or went out, as the status has it. */
function sendTime(c: Campaign): string {
  if (c.status === 'draft') return c.sendAt ? `Draft; to be sent ${formatDateTime(c.sendAt)} when scheduled` : 'Draft, not sent';
  if (c.status === 'scheduled') return `Scheduled for ${formatDateTime(c.sendAt)}`;
  if (!c.startedAt) return `Cancelled ${formatDateTime(c.finishedAt)}, before it was sent`;
  const started = `Started ${formatDateTime(c.startedAt)}`;
  if (!c.finishedAt) return started;
  return `${started}, ${c.status === 'cancelled' ? 'cancelled' : 'finished'} ${formatDateTime(c.finishedAt)}`;
}

const OUTCOMES = [
  ['recipients', 'Recipients'],
  ['queued', 'Waiting'],
  ['sent', 'Sent'],
  ['failed', 'Failed'],
  ['bounced', 'Bounced'],
  ['skipped', 'Skipped'],
] as const;

function Counts({ campaign }: { campaign: Campaign }) {
  return (
    <Box
      component="dl"
      aria-label="Outcomes"
      sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(3, 1fr)', sm: 'repeat(6, 1fr)' }, gap: 1.5, m: 0 }}
    >
      {OUTCOMES.map(([key, label]) => (
        <Box key={key} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, textAlign: 'center' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0, fontWeight: 700 }} data-testid={`count-${key}`}>
            {campaign[key].toLocaleString('en-KE')}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Progress({ campaign }: { campaign: Campaign }) {
  const { done, percent } = progressOf(campaign);
  return (
    <Stack spacing={0.5}>
      <LinearProgress value={percent} aria-label="Sending progress" height={10} />
      <Typography variant="body2" color="text.secondary" role="status">
        {campaign.status === 'scheduled'
          ? `Waiting for ${formatDateTime(campaign.sendAt)}`
          : `${done.toLocaleString('en-KE')} of ${plural(campaign.recipients, 'recipient')} done (${percent}%)${
              campaign.queued ? `, ${campaign.queued.toLocaleString('en-KE')} waiting to be sent` : ''
            }`}
      </Typography>
    </Stack>
  );
}

/** For a draft or a scheduled campaign: how many it would reach if it were sent now. */
function DraftReach({ no }: { no: string }) {
  const preview = useSavedPreview(no, true);
  if (!preview.data) return null;
  return (
    <Typography role="status">
      {plural(preview.data.recipients, 'member')} would receive it now, {preview.data.skipped.toLocaleString('en-KE')} skipped (opted out or
      no address).
    </Typography>
  );
}

function CampaignView({ campaign: c }: { campaign: Campaign }) {
  const toast = useToast();
  const refresh = useRefreshCampaigns();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const categories = useCategories();
  const counties = useCounties(Boolean(c.segment.counties?.length));
  const live = inProgress(c.status);
  /** Recipients are fixed when it starts: before that (a draft, scheduled, cancelled before its time) there are none. */
  const started = Boolean(c.startedAt);
  const words = segmentInWords(c.segment, {
    category: (code) => categories.data?.find((x) => x.Code === code)?.Description ?? code,
    county: (code) => counties.data?.find((x) => x.CountyNo === code)?.countyName ?? code,
  });

  async function cancel() {
    setBusy(true);
    try {
      const answer = await campaignsApi.cancel(c.no);
      toast(answer.message ?? campaignMessages.cancelled, 'success');
    } catch (e) {
      toast(e instanceof Error ? e.message : 'Something went wrong', 'error');
    }
    await refresh();
    setBusy(false);
    setAsking(false);
  }

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {c.name}
        </Typography>
        <CampaignStatusChip status={c.status} />
        <Box sx={{ flexGrow: 1 }} />
        {c.status === 'draft' && (
          <Button component={RouterLink} to={editCampaignRoute(c.no)} variant="contained" startIcon={<Edit />}>
            Edit
          </Button>
        )}
        {live && (
          <Button variant="outlined" color="error" startIcon={<Block />} onClick={() => setAsking(true)}>
            Cancel campaign
          </Button>
        )}
      </Stack>
      {live && <Progress campaign={c} />}
      {started ? <Counts campaign={c} /> : c.status !== 'cancelled' && <DraftReach no={c.no} />}
      <Card variant="outlined">
        <CardContent>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <Detail label="Channel">{CHANNEL_LABELS[c.channel]}</Detail>
            <Detail label="Send time">{sendTime(c)}</Detail>
            <Box sx={{ gridColumn: '1 / -1' }}>
              <Detail label="Who receives it">{words.join(' · ')}</Detail>
            </Box>
            {c.channel === 'email' && (
              <Box sx={{ gridColumn: '1 / -1' }}>
                <Detail label="Subject">{c.subject}</Detail>
              </Box>
            )}
            <Box sx={{ gridColumn: '1 / -1' }}>
              <Detail label="Message">
                <Box sx={{ whiteSpace: 'pre-wrap', bgcolor: 'action.hover', borderRadius: 1, p: 1.5, mt: 0.5, fontSize: '0.875rem' }}>
                  {c.body}
                </Box>
              </Detail>
            </Box>
            <Detail label="Created">
              {formatDateTime(c.createdAt)}
              {c.createdBy ? ` by ${c.createdBy}` : ''}
            </Detail>
            <Detail label="Number">{c.no}</Detail>
          </Box>
        </CardContent>
      </Card>
      {started && <RecipientsTable no={c.no} version={[c.status, c.queued, c.sent, c.failed, c.bounced, c.skipped].join('-')} />}
      <ConfirmDialog
        open={asking}
        title={`Cancel ${c.name}?`}
        confirmLabel="Cancel campaign"
        cancelLabel="Keep sending"
        busy={busy}
        onCancel={() => setAsking(false)}
        onConfirm={() => void cancel()}
      >
        Members not yet sent to are skipped. What the outbox already holds still goes.
      </ConfirmDialog>
    </Stack>
  );
}

/** /admin/campaigns/{no} (issue 29): the campaign, its progress while it goes out, its outcomes and recipients. */
export function CampaignPage() {
  const { no = '' } = useParams();
  const campaign = useCampaign(no);
  return (
    <Stack spacing={2}>
      <Button component={RouterLink} to="/admin/campaigns" startIcon={<ArrowBack />} sx={{ alignSelf: 'flex-start' }}>
        Campaigns
      </Button>
      {campaign.isLoading && <LoadingSpinner label="Loading the campaign" />}
      {campaign.error && <LiteAlert severity="error">{campaign.error.message}</LiteAlert>}
      {campaign.data && <CampaignView campaign={campaign.data} />}
    </Stack>
  );
}
