import { type MergeValues, renderMergeFields } from '@portal/contract';
import type { Db } from '@portal/db';
import type { Config } from '../../config';
import { organisationFor } from '../../shared/pages/render';
import type { CampaignRow } from './campaigns';
import { compileCampaignHtml, escapeHtml, UNSUBSCRIBE_SLOT } from './email-layout';
import { unsubscribeToken } from './unsubscribe-token';

export interface RenderedMessage {
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

export type CampaignRenderer = (profileId: string, values: MergeValues) => RenderedMessage;
type RenderConfig = Pick<Config, 'mfaKey' | 'publicUrl'>;

const escapedValues = (values: MergeValues) =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, escapeHtml(value)])) as MergeValues;

/**
 * A campaign's messages, one per member (issue 29), with the e-mail layout compiled once. E-mail: the merge fields
 * filled in (escaped in the HTML part), the plain-text part with the unsubscribe address at the foot, and the
 * one-click List-Unsubscribe headers (RFC 8058) pointing at the API's POST. SMS: the text and how to stop.
 */
export async function campaignRenderer(
  db: Db,
  config: RenderConfig,
  campaign: Pick<CampaignRow, 'id' | 'channel' | 'subject' | 'body'>,
): Promise<CampaignRenderer> {
  if (campaign.channel === 'sms') {
    return (_profileId, values) => ({ subject: '', text: `${renderMergeFields(campaign.body, values)}\nReply STOP to opt out.` });
  }
  const organisation = await organisationFor(db);
  const layout = await compileCampaignHtml(organisation, config.publicUrl, campaign.subject, campaign.body);
  return (profileId, values) => {
    const token = unsubscribeToken(config, { campaignId: campaign.id, profileId, channel: 'email' });
    const page = `${config.publicUrl}/unsubscribe/${token}`;
    const oneClick = `${config.publicUrl}/api/unsubscribe/${token}`;
    return {
      subject: renderMergeFields(campaign.subject, values),
      text: `${renderMergeFields(campaign.body, values)}\n\n--\nYou receive this as a member of ${values.organisation}. Unsubscribe: ${page}`,
      html: renderMergeFields(layout, escapedValues(values)).replace(UNSUBSCRIBE_SLOT, escapeHtml(page)),
      headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  };
}
