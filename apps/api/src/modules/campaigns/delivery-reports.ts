import type { SmsDeliveryReport } from '@portal/contract';
import { type Db, queryRows } from '@portal/db';
import { sql } from 'drizzle-orm';
import { finalCounts } from './send';

/** Africa's Talking's final statuses; the others (Sent, Submitted, Buffered, Queued) are on the way. */
const FAILED = new Set(['Failed', 'Rejected']);

/**
 * An SMS delivery report (POST /api/sms/delivery, issue 29): the campaign recipient whose message has that
 * Africa's Talking id reads `sent` when delivered, `failed` with the network's reason when not. A report for a
 * message that is no campaign's (a service SMS) changes nothing. A completed campaign's counts follow.
 */
export async function applySmsDeliveryReport(db: Db, report: SmsDeliveryReport): Promise<{ matched: boolean }> {
  const failed = FAILED.has(report.status);
  if (!failed && report.status !== 'Success') return { matched: false };
  const reason = failed ? `${report.status}: ${report.failureReason || 'no reason given'}` : null;
  const updated = await queryRows<{ campaign_id: number; status: string }>(
    db,
    sql`update campaign_recipients r set status = ${failed ? 'failed' : 'sent'}, reason = ${reason}, updated_at = now()
        where r.provider_id = ${report.id} and r.status in ('handed', 'sent', 'failed')
        returning r.campaign_id, (select status from campaigns c where c.id = r.campaign_id) as status`,
  );
  for (const row of updated) if (row.status === 'completed' || row.status === 'cancelled') await db.execute(finalCounts(row.campaign_id));
  return { matched: updated.length > 0 };
}
