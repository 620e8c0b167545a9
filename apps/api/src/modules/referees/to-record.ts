import { schema } from '@portal/db';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { issueRequest, refereeEntryOf, refereeRecord, supersedeRequests } from './requests';

const { refereeRequests } = schema;
const BATCH = 50;

type StepContext = Pick<AppContext, 'db' | 'config'>;

export interface ToRecordResult {
  /** Requests found to have gone to the referee's email on record already: marked, nothing sent. */
  kept: number;
  /** Requests superseded and issued again to the record (new token, new email and SMS). */
  resent: number;
  /** Requests superseded with nothing to send instead (the referee has no email on record, or the entry is gone). */
  withdrawn: number;
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The start-up step of decision 028, run after the migrations. Requests made before it (`sent_to_record` false)
 * went to the address the applicant typed. Each live one (unanswered, not superseded, not expired) whose email is
 * not the referee's email on record is superseded (its link stops working) and issued again to the record with a
 * new token, keeping its reminder count; one that did go to the record is only marked. Expired ones are left:
 * their links no longer work. Every claimed row leaves the set it was chosen from, so a second run does nothing.
 * Rows are claimed with FOR UPDATE SKIP LOCKED, so two processes starting together never send twice.
 */
export async function resendRequestsToRecord(ctx: StepContext, now = new Date()): Promise<ToRecordResult> {
  const result: ToRecordResult = { kept: 0, resent: 0, withdrawn: 0 };
  for (;;) {
    const claimed = await ctx.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(refereeRequests)
        .where(
          and(
            eq(refereeRequests.sentToRecord, false),
            isNull(refereeRequests.respondedAt),
            isNull(refereeRequests.supersededAt),
            gt(refereeRequests.expiresAt, now),
          ),
        )
        .orderBy(asc(refereeRequests.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const request of due) {
        const entry = await refereeEntryOf(tx, request);
        const record = entry ? await refereeRecord(tx, String(entry.data.MemberNo ?? '')) : null;
        if (record?.email && sameAddress(record.email, request.refereeEmail)) {
          await tx.update(refereeRequests).set({ sentToRecord: true }).where(eq(refereeRequests.id, request.id));
          result.kept++;
          continue;
        }
        await supersedeRequests(tx, request.profileId, request.entryNo, now);
        const issued = entry ? await issueRequest(tx, ctx.config, entry, { now, record, remindersSent: request.remindersSent }) : null;
        if (issued) result.resent++;
        else result.withdrawn++;
      }
      return due.length;
    });
    if (claimed < BATCH) return result;
  }
}
