import { type Db, queryRows, schema } from '@portal/db';
import { eq, sql } from 'drizzle-orm';
import { longDate } from '../../shared/dates';
import type { ComplaintRow } from './common';

const { complaints } = schema;

/**
 * A decision's effect on the register (issue 30, decision 060), inside the caller's transaction with the complaint
 * row locked. Suspension: the Active membership becomes Suspended and the licence current that day Suspended, from
 * the start date. Removal: the membership becomes Removed and that licence Revoked. The licence touched is kept on
 * the complaint, so the end of the suspension or a reversal restores that one.
 */
export async function applySanction(tx: Db, c: ComplaintRow, today: string, now: Date): Promise<void> {
  const removal = c.outcome === 'removal';
  const membershipStatus = removal ? 'Removed' : 'Suspended';
  await tx.execute(
    sql`update memberships set status = ${membershipStatus}, updated_at = ${now.toISOString()}::timestamptz
        where profile_id = ${c.respondentProfileId} and status in ('Active', 'Suspended')`,
  );
  const reason = removal
    ? `Removed from the register by disciplinary decision ${c.reference}`
    : `Suspended by disciplinary decision ${c.reference} until ${longDate(c.decisionTo)}`;
  const [licence] = await queryRows<{ license_no: string }>(
    tx,
    sql`update licenses set status = ${removal ? 'Revoked' : 'Suspended'}, status_reason = ${reason},
          status_changed_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
        where license_no = (select license_no from licenses where profile_id = ${c.respondentProfileId}
          and status in ('Active', 'Suspended') and valid_to >= ${today} order by valid_from desc limit 1)
        returning license_no`,
  );
  await tx
    .update(complaints)
    .set({ effectState: 'applied', sanctionedLicenseNo: licence?.license_no ?? c.sanctionedLicenseNo, updatedAt: now })
    .where(eq(complaints.id, c.id));
  await auditJob(tx, 'complaint.sanction_started', c, { outcome: c.outcome, licence: licence?.license_no ?? null });
}

/**
 * Undoes an applied suspension or removal (its end, or a reversal): the membership Active again unless another
 * sanction still holds it, the licence it touched Active again if its year still runs, Lapsed if not.
 */
export async function liftSanction(tx: Db, c: ComplaintRow, today: string, now: Date, state: 'ended' | 'reversed'): Promise<void> {
  if (c.effectState === 'applied') {
    const otherHolds = sql`exists (select 1 from complaints o where o.respondent_profile_id = ${c.respondentProfileId}
      and o.id <> ${c.id} and o.effect_state = 'applied' and o.outcome in ('suspension', 'removal'))`;
    await tx.execute(
      sql`update memberships set status = 'Active', updated_at = ${now.toISOString()}::timestamptz
          where profile_id = ${c.respondentProfileId} and status in ('Suspended', 'Removed') and not ${otherHolds}`,
    );
    if (c.sanctionedLicenseNo) {
      await tx.execute(
        sql`update licenses set status = case when valid_to < ${today} then 'Lapsed' else 'Active' end,
              status_reason = case when valid_to < ${today} then 'Not renewed' else ${`Restored: decision ${c.reference} ${state === 'ended' ? 'ended' : 'reversed'}`} end,
              status_changed_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
            where license_no = ${c.sanctionedLicenseNo} and status in ('Suspended', 'Revoked') and not ${otherHolds}`,
      );
    }
    await auditJob(tx, 'complaint.sanction_ended', c, { outcome: c.outcome, state });
  }
  await tx.update(complaints).set({ effectState: state, updatedAt: now }).where(eq(complaints.id, c.id));
}

/** The audit entry of a change no person made (the hourly job) or made as part of a step audited separately. */
async function auditJob(tx: Db, action: string, c: ComplaintRow, details: Record<string, unknown>) {
  await tx.execute(
    sql`insert into audit_log (action, target, details) values (${action}, ${`complaint:${c.reference}`}, ${JSON.stringify({
      ...details,
      memberNo: c.respondentMemberNo,
    })}::jsonb)`,
  );
}
