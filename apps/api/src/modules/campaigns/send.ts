import { type CampaignSegment, campaignMessages, SKIP_REASONS } from '@portal/contract';
import { type Db, queryRows } from '@portal/db';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../shared/audit';
import { conflict } from '../../shared/errors';
import { type CampaignRow, findCampaign } from './campaigns';
import { segmentMembers } from './segment';

/**
 * Fixes a campaign's recipients and starts sending it (issue 29): the status moves from draft or scheduled to
 * sending in the same transaction as the recipients are written, so however often this runs (Send pressed twice,
 * two instances' jobs), one call does it and each member is written once (the recipients' primary key).
 * Returns whether this call started it.
 */
export async function beginCampaign(db: Db, campaign: Pick<CampaignRow, 'id' | 'channel' | 'segment'>): Promise<boolean> {
  const channel = campaign.channel as 'email' | 'sms';
  const members = await segmentMembers(db, channel, campaign.segment as CampaignSegment);
  return db.transaction(async (tx) => {
    const started = await queryRows<{ id: number }>(
      tx as unknown as Db,
      sql`update campaigns set status = 'sending', started_at = now(), updated_at = now()
          where id = ${campaign.id} and status in ('draft', 'scheduled') returning id`,
    );
    if (started.length === 0) return false;
    await tx.execute(sql`
      insert into campaign_recipients (campaign_id, profile_id, member_no, address, status, reason)
      select ${campaign.id}, s.profile_id, s.member_no, s.address,
        case when s.opted_out or s.address is null then 'skipped' else 'queued' end,
        case when s.opted_out then ${SKIP_REASONS.optedOut} when s.address is null then ${SKIP_REASONS.noAddress} end
      from ${members} s
      on conflict do nothing`);
    await tx.execute(sql`
      update campaigns c set recipient_count = n.total, skipped_count = n.skipped
      from (select count(*) as total, count(*) filter (where status = 'skipped') as skipped
            from campaign_recipients where campaign_id = ${campaign.id}) n
      where c.id = ${campaign.id}`);
    return true;
  });
}

/**
 * POST /api/admin/campaigns/{no}/send: a draft with a send time to come is scheduled; otherwise it starts now.
 * A campaign already scheduled, sending or sent is left as it is (202 again, nobody sent twice).
 */
export async function sendCampaign(db: Db, request: FastifyRequest, no: string): Promise<{ status: string; message: string }> {
  const campaign = await findCampaign(db, no);
  if (campaign.status === 'cancelled') throw conflict(campaignMessages.cannotSend);
  if (campaign.status !== 'draft') return { status: campaign.status, message: campaignMessages.sending };
  if (campaign.sendAt && campaign.sendAt.getTime() > Date.now()) {
    const scheduled = await queryRows<{ id: number }>(
      db,
      sql`update campaigns set status = 'scheduled', updated_at = now() where id = ${campaign.id} and status = 'draft' returning id`,
    );
    if (scheduled.length) await audit(db, request, { action: 'campaign.scheduled', target: campaign.no });
    return { status: 'scheduled', message: campaignMessages.scheduled };
  }
  if (await beginCampaign(db, campaign)) await audit(db, request, { action: 'campaign.sent', target: campaign.no });
  return { status: 'sending', message: campaignMessages.sending };
}

/** POST /api/admin/campaigns/{no}/cancel: stops a scheduled or sending campaign; what was handed on still goes. */
export async function cancelCampaign(db: Db, request: FastifyRequest, no: string): Promise<void> {
  const campaign = await findCampaign(db, no);
  await db.transaction(async (tx) => {
    const cancelled = await queryRows<{ id: number }>(
      tx as unknown as Db,
      sql`update campaigns set status = 'cancelled', finished_at = now(), updated_at = now()
          where id = ${campaign.id} and status in ('scheduled', 'sending') returning id`,
    );
    if (cancelled.length === 0) throw conflict(campaignMessages.cannotCancel);
    await tx.execute(sql`update campaign_recipients set status = 'skipped', reason = ${SKIP_REASONS.cancelled}, updated_at = now()
      where campaign_id = ${campaign.id} and status = 'queued'`);
    await tx.execute(finalCounts(campaign.id));
  });
  await audit(db, request, { action: 'campaign.cancelled', target: campaign.no });
}

/** Writes a campaign's outcome counts onto it (when it completes or is cancelled, and after a late report). */
export function finalCounts(campaignId: number) {
  return sql`update campaigns c set sent_count = n.sent, failed_count = n.failed, bounced_count = n.bounced,
      skipped_count = n.skipped
    from (select count(*) filter (where status = 'sent') as sent, count(*) filter (where status = 'failed') as failed,
            count(*) filter (where status = 'bounced') as bounced, count(*) filter (where status = 'skipped') as skipped
          from campaign_recipients where campaign_id = ${campaignId}) n
    where c.id = ${campaignId}`;
}
