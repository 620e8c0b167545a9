import type { CampaignStatus, RecipientStatus } from '@portal/contract';
import { LiteChip } from '../../shared/lite/surfaces';
import { CAMPAIGN_STATUS_LABELS, RECIPIENT_STATUS_LABELS } from './rules';

type ChipColour = 'default' | 'success' | 'error' | 'warning';

const CAMPAIGN_COLOURS: Record<CampaignStatus, ChipColour> = {
  draft: 'default',
  scheduled: 'warning',
  sending: 'warning',
  completed: 'success',
  cancelled: 'error',
};

const RECIPIENT_COLOURS: Record<RecipientStatus, ChipColour> = {
  queued: 'default',
  handed: 'default',
  sent: 'success',
  failed: 'error',
  bounced: 'error',
  skipped: 'warning',
};

export function CampaignStatusChip({ status }: { status: CampaignStatus }) {
  return <LiteChip label={CAMPAIGN_STATUS_LABELS[status]} color={CAMPAIGN_COLOURS[status]} />;
}

export function RecipientStatusChip({ status }: { status: RecipientStatus }) {
  return <LiteChip label={RECIPIENT_STATUS_LABELS[status]} color={RECIPIENT_COLOURS[status]} />;
}
