import { CAMPAIGN_CHANNELS, type CampaignChannel } from '@portal/contract';
import { type Db, queryRows, schema } from '@portal/db';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { type JobHooks, startPeriodic } from '../../shared/periodic';
import type { CampaignRow } from './campaigns';
import { mergeValuesFor } from './merge-values';
import { type CampaignRenderer, campaignRenderer } from './render';
import { beginCampaign, finalCounts } from './send';

/** Advisory lock keys: one dispatcher per channel at a time across instances, so the rate holds for all of them. */
const DISPATCH_LOCK = { email: 2_029_001, sms: 2_029_002 } as const;

interface Claimed {
  campaign_id: number;
  profile_id: string;
  address: string;
}

/** Starts the scheduled campaigns whose time has come (each by one caller only: beginCampaign). */
async function startDueCampaigns(db: Db): Promise<number> {
  const due = await db
    .select()
    .from(schema.campaigns)
    .where(sql`${schema.campaigns.status} = 'scheduled' and ${schema.campaigns.sendAt} <= now()`);
  let started = 0;
  for (const campaign of due) if (await beginCampaign(db, campaign)) started++;
  return started;
}

/**
 * Hands one channel's queued recipients to the outbox, at most the channel's rate a minute (counted over the last
 * minute's hand-overs), each rendered with the member's merge fields. Claimed, written to the outbox and marked
 * `handed` in one transaction under the channel's lock: a recipient is handed over once.
 */
async function handOver(ctx: Pick<AppContext, 'db' | 'config'>, channel: CampaignChannel): Promise<number> {
  const rate = ctx.config.campaignRatePerMinute[channel];
  if (rate <= 0) return 0;
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [lock] = await queryRows<{ ok: boolean }>(db, sql`select pg_try_advisory_xact_lock(${DISPATCH_LOCK[channel]}) as ok`);
    if (!lock?.ok) return 0;
    const [recent] = await queryRows<{ n: string }>(
      db,
      sql`select count(*) as n from campaign_recipients r join campaigns c on c.id = r.campaign_id
          where r.handed_at > now() - interval '1 minute' and c.channel = ${channel}`,
    );
    const room = rate - Number(recent?.n ?? 0);
    if (room <= 0) return 0;
    const claimed = await queryRows<Claimed>(
      db,
      sql`select r.campaign_id, r.profile_id, r.address from campaign_recipients r
          where r.status = 'queued' and r.campaign_id = any(array(
            select id from campaigns where status = 'sending' and channel = ${channel} order by id))
          order by r.campaign_id, r.member_no limit ${room} for update skip locked`,
    );
    if (claimed.length === 0) return 0;
    const campaignIds = [...new Set(claimed.map((c) => c.campaign_id))];
    const campaigns = new Map<number, CampaignRow>();
    for (const row of await db
      .select()
      .from(schema.campaigns)
      .where(sql`${schema.campaigns.id} in (${sql.join(campaignIds, sql`, `)})`)) {
      campaigns.set(row.id, row);
    }
    const renderers = new Map<number, CampaignRenderer>();
    for (const [id, campaign] of campaigns) renderers.set(id, await campaignRenderer(db, ctx.config, campaign));
    const values = await mergeValuesFor(
      db,
      claimed.map((c) => c.profile_id),
    );
    for (const recipient of claimed) {
      const campaign = campaigns.get(recipient.campaign_id);
      const render = renderers.get(recipient.campaign_id);
      const merge = values.get(recipient.profile_id);
      if (!campaign || !render || !merge) continue;
      const message = render(recipient.profile_id, merge);
      const [outbox] = await queryRows<{ id: number }>(
        db,
        sql`insert into outbox (channel, "to", subject, body, html, headers, campaign_id)
            values (${channel}, ${recipient.address}, ${message.subject || null}, ${message.text}, ${message.html ?? null},
              ${message.headers ? JSON.stringify(message.headers) : null}::jsonb, ${campaign.id})
            returning id`,
      );
      await db.execute(sql`update campaign_recipients set status = 'handed', handed_at = now(), outbox_id = ${outbox.id},
          updated_at = now() where campaign_id = ${campaign.id} and profile_id = ${recipient.profile_id}`);
    }
    return claimed.length;
  });
}

/** Marks the sending campaigns with nobody left queued or in the outbox as completed, with their counts. */
async function completeCampaigns(db: Db): Promise<number> {
  const done = await queryRows<{ id: number }>(
    db,
    sql`update campaigns c set status = 'completed', finished_at = now(), updated_at = now()
        where c.status = 'sending' and not exists (select 1 from campaign_recipients r
          where r.campaign_id = c.id and r.status in ('queued', 'handed'))
        returning c.id`,
  );
  for (const { id } of done) await db.execute(finalCounts(id));
  return done.length;
}

/** One step of the campaign job: start what is due, hand over what the rates allow, complete what is done. */
export async function dispatchCampaigns(
  ctx: Pick<AppContext, 'db' | 'config'>,
): Promise<{ started: number; handed: number; completed: number }> {
  const started = await startDueCampaigns(ctx.db);
  let handed = 0;
  for (const channel of CAMPAIGN_CHANNELS) handed += await handOver(ctx, channel);
  const completed = await completeCampaigns(ctx.db);
  return { started, handed, completed };
}

export function startCampaignJob(ctx: Pick<AppContext, 'db' | 'config'>, intervalMs = ctx.config.outboxPollMs, hooks?: JobHooks) {
  return startPeriodic(
    intervalMs,
    () => dispatchCampaigns(ctx),
    () => {},
    { name: 'campaigns', hooks },
  );
}
