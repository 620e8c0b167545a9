import { type CampaignPreview, type CampaignSample, type CampaignSegment, campaignMessages, smsLength } from '@portal/contract';
import { queryRows } from '@portal/db';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../shared/context';
import { badRequest } from '../../shared/errors';
import { currentUser } from '../../shared/session';
import { enqueue } from '../outbox/outbox';
import type { CampaignRow } from './campaigns';
import { mergeValuesFor } from './merge-values';
import { campaignRenderer } from './render';
import { addressColumn, countSegment } from './segment';

type Draft = Pick<CampaignRow, 'id' | 'channel' | 'subject' | 'body'> & { segment: CampaignSegment };

/** One member's message as the campaign would send it. */
async function sampleFor(ctx: Pick<AppContext, 'db' | 'config'>, campaign: Draft, profileId: string): Promise<CampaignSample | null> {
  const [member] = await queryRows<{ address: string | null }>(
    ctx.db,
    sql`select ${addressColumn(campaign.channel as 'email' | 'sms')} as address
        from profiles p left join users u on u.profile_id = p.profile_id where p.profile_id = ${profileId}`,
  );
  const values = (await mergeValuesFor(ctx.db, [profileId])).get(profileId);
  if (!values) return null;
  const message = (await campaignRenderer(ctx.db, ctx.config, campaign))(profileId, values);
  return {
    memberNo: values.memberNo || null,
    name: values.fullName,
    to: member?.address ?? '',
    subject: message.subject,
    body: message.text,
    html: message.html ?? null,
    sms: campaign.channel === 'sms' ? smsLength(message.text) : null,
  };
}

/** How many the campaign reaches and skips now, and its message for the first of them (by member number). */
export async function previewCampaign(ctx: Pick<AppContext, 'db' | 'config'>, campaign: Draft): Promise<CampaignPreview> {
  const counts = await countSegment(ctx.db, campaign.channel as 'email' | 'sms', campaign.segment);
  const sample = counts.sampleProfileId ? await sampleFor(ctx, campaign, counts.sampleProfileId) : null;
  return { recipients: counts.recipients, skipped: counts.skipped, sample };
}

/**
 * POST /api/admin/campaigns/{no}/test: the message as the segment's first member would get it, sent to the writer's
 * own address on record for the channel (never to the member), subject marked as a test.
 */
export async function sendTest(ctx: Pick<AppContext, 'db' | 'config'>, request: FastifyRequest, campaign: Draft): Promise<string> {
  const user = currentUser(request);
  const to = campaign.channel === 'email' ? user.email : user.phoneNo;
  if (!to) throw badRequest(campaignMessages.noTestAddress);
  const counts = await countSegment(ctx.db, campaign.channel as 'email' | 'sms', campaign.segment);
  const sampleProfile = counts.sampleProfileId ?? user.profileId;
  const sample = sampleProfile ? await sampleFor(ctx, campaign, sampleProfile) : null;
  const body = sample?.body ?? campaign.body;
  await enqueue(ctx.db, {
    channel: campaign.channel as 'email' | 'sms',
    to,
    subject: campaign.channel === 'email' ? `[Test] ${sample?.subject ?? campaign.subject}` : undefined,
    body,
    html: sample?.html ?? undefined,
  });
  return to;
}
