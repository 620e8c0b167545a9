import {
  type Campaign,
  type CampaignPage,
  type CampaignSegment,
  type CampaignSummary,
  campaignMessages,
  type campaignRequest,
} from '@portal/contract';
import { type Db, nextNumber, queryRows, schema } from '@portal/db';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type * as z from 'zod';
import { audit } from '../../shared/audit';
import { badRequest, conflict, notFound } from '../../shared/errors';
import { currentUser } from '../../shared/session';

const { campaigns, users } = schema;
export type CampaignRow = typeof campaigns.$inferSelect;
type CampaignInput = z.output<typeof campaignRequest>;

const iso = (value: Date | null) => value?.toISOString() ?? null;

function checkSendAt(sendAt: string | null | undefined): Date | null {
  if (!sendAt) return null;
  const at = new Date(sendAt);
  if (at.getTime() <= Date.now()) throw badRequest(campaignMessages.sendAtPast, { sendAt: [campaignMessages.sendAtPast] });
  return at;
}

function values(input: CampaignInput) {
  return {
    name: input.name,
    channel: input.channel,
    subject: input.channel === 'email' ? input.subject : '',
    body: input.body,
    segment: input.segment,
    sendAt: checkSendAt(input.sendAt),
  };
}

/** POST /api/admin/campaigns: a draft, numbered CAM000001… */
export async function createCampaign(db: Db, request: FastifyRequest, input: CampaignInput): Promise<{ no: string }> {
  const row = values(input);
  const no = await nextNumber(db, 'campaign', 'CAM');
  await db.insert(campaigns).values({ ...row, no, createdBy: currentUser(request).id });
  await audit(db, request, { action: 'campaign.created', target: no, details: { name: row.name, channel: row.channel } });
  return { no };
}

export async function findCampaign(db: Db, no: string): Promise<CampaignRow> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.no, no.trim().toUpperCase()));
  if (!row) throw notFound(campaignMessages.notFound);
  return row;
}

/** PUT /api/admin/campaigns/{no}: a draft only. */
export async function updateCampaign(db: Db, request: FastifyRequest, no: string, input: CampaignInput): Promise<void> {
  const campaign = await findCampaign(db, no);
  const updated = await db
    .update(campaigns)
    .set({ ...values(input), updatedAt: new Date() })
    .where(sql`${campaigns.id} = ${campaign.id} and ${campaigns.status} = 'draft'`)
    .returning({ id: campaigns.id });
  if (updated.length === 0) throw conflict(campaignMessages.notDraft);
  await audit(db, request, { action: 'campaign.updated', target: campaign.no });
}

function summary(row: CampaignRow): CampaignSummary {
  return {
    no: row.no,
    name: row.name,
    channel: row.channel as CampaignSummary['channel'],
    status: row.status as CampaignSummary['status'],
    sendAt: iso(row.sendAt),
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    recipients: row.recipientCount,
    skipped: row.skippedCount,
    sent: row.sentCount,
    failed: row.failedCount,
    bounced: row.bouncedCount,
    queued: row.status === 'completed' || row.status === 'cancelled' ? 0 : Math.max(0, row.recipientCount - row.skippedCount),
  };
}

/** Each outcome's count for one campaign, counted live (the recipients' status index). */
export async function liveCounts(db: Db, campaignId: number) {
  const rows = await queryRows<{ status: string; n: string }>(
    db,
    sql`select status, count(*) as n from campaign_recipients where campaign_id = ${campaignId} group by status`,
  );
  const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  const recipients = rows.reduce((sum, r) => sum + Number(r.n), 0);
  return {
    recipients,
    queued: (by.queued ?? 0) + (by.handed ?? 0),
    sent: by.sent ?? 0,
    failed: by.failed ?? 0,
    bounced: by.bounced ?? 0,
    skipped: by.skipped ?? 0,
  };
}

/** GET /api/admin/campaigns/{no}: the campaign with its outcomes counted now. */
export async function campaignDetail(db: Db, no: string): Promise<Campaign> {
  const row = await findCampaign(db, no);
  const [creator] = row.createdBy
    ? await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, row.createdBy))
    : [];
  const counts = row.status === 'draft' || row.status === 'scheduled' ? null : await liveCounts(db, row.id);
  return {
    ...summary(row),
    ...(counts ?? {}),
    subject: row.subject,
    body: row.body,
    segment: row.segment as CampaignSegment,
    createdBy: creator ? (creator.name ?? creator.email) : null,
  };
}

/** GET /api/admin/campaigns: newest first, by the primary key; counts as stored on each campaign. */
export async function listCampaigns(db: Db, query: { status?: string; page: number; pageSize: number }): Promise<CampaignPage> {
  const where = query.status ? eq(campaigns.status, query.status) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(campaigns)
      .where(where)
      .orderBy(desc(campaigns.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(campaigns).where(where),
  ]);
  return { items: rows.map(summary), total, page: query.page, pageSize: query.pageSize };
}
