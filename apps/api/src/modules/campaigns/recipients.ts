import type { CampaignRecipient } from '@portal/contract';
import { type Db, queryRows } from '@portal/db';
import { sql } from 'drizzle-orm';
import { findCampaign } from './campaigns';

/** GET /api/admin/campaigns/{no}/recipients: a page of recipients by member number (the status index). */
export async function listRecipients(db: Db, no: string, query: { status?: string; page: number; pageSize: number }) {
  const campaign = await findCampaign(db, no);
  const where = query.status ? sql`r.campaign_id = ${campaign.id} and r.status = ${query.status}` : sql`r.campaign_id = ${campaign.id}`;
  const [rows, [count]] = await Promise.all([
    queryRows<{
      member_no: string | null;
      name: string;
      address: string | null;
      status: string;
      reason: string | null;
      updated_at: Date | string;
    }>(
      db,
      sql`select r.member_no, trim(concat_ws(' ', p.first_name, p.second_name, p.last_name)) as name, r.address, r.status,
            r.reason, r.updated_at
          from campaign_recipients r join profiles p on p.profile_id = r.profile_id
          where ${where} order by r.member_no nulls last, r.profile_id
          limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    ),
    queryRows<{ total: string }>(db, sql`select count(*) as total from campaign_recipients r where ${where}`),
  ]);
  const items: CampaignRecipient[] = rows.map((r) => ({
    memberNo: r.member_no,
    name: r.name,
    address: r.address,
    status: r.status as CampaignRecipient['status'],
    reason: r.reason,
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
  return { items, total: Number(count?.total ?? 0), page: query.page, pageSize: query.pageSize };
}
