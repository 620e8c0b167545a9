import { type Db, schema } from '@portal/db';
import { and, eq, lt, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { longDate, nairobiDate } from '../../shared/dates';
import { organisationName } from '../../shared/organisation';
import { type JobHooks, startPeriodic } from '../../shared/periodic';
import { type ComplaintRow, recordEvent, respondentOf } from './common';
import { applySanction, liftSanction } from './effects';
import { mailComplainantStage, mailRespondent, stageText } from './notices';
import { forgetSanctions } from './sanctions';

const { complaints } = schema;
type JobContext = Pick<AppContext, 'db' | 'config'>;

/**
 * Claims one due case at a time (FOR UPDATE SKIP LOCKED, so two instances never take the same one) and works it in
 * that transaction; answers how many were worked.
 */
async function eachDue(db: Db, due: ReturnType<typeof and>, work: (tx: Db, c: ComplaintRow) => Promise<void>): Promise<number> {
  let n = 0;
  for (;;) {
    const worked = await db.transaction(async (tx) => {
      const [c] = await tx.select().from(complaints).where(due).orderBy(complaints.id).limit(1).for('update', { skipLocked: true });
      if (!c) return false;
      await work(tx as Db, c);
      return true;
    });
    if (!worked) return n;
    n += 1;
  }
}

/**
 * The hourly step (issue 30): suspensions and removals whose start has come take effect; suspensions whose last day
 * has passed end (membership Active again, the licence restored unless its year is over: then Lapsed); decided cases
 * whose appeal window has passed are closed.
 */
export async function runComplaintJob(ctx: JobContext, now: Date = new Date()) {
  const today = nairobiDate(now);
  const organisation = await organisationName(ctx.db);
  const mail = (tx: Db) => ({ db: tx, organisation, publicUrl: ctx.config.publicUrl });
  const started = await eachDue(
    ctx.db,
    and(eq(complaints.effectState, 'pending'), lte(complaints.decisionFrom, today), sql`${complaints.reversedAt} is null`),
    (tx, c) => applySanction(tx, c, today, now),
  );
  const ended = await eachDue(
    ctx.db,
    and(eq(complaints.effectState, 'applied'), eq(complaints.outcome, 'suspension'), lt(complaints.decisionTo, today)),
    async (tx, c) => {
      await liftSanction(tx, c, today, now, 'ended');
      await recordEvent(tx, c.id, c.stage as 'decided', null, { label: `Suspension ended on ${longDate(c.decisionTo)}`, at: now });
      await mailRespondent(mail(tx), await respondentOf(tx, c), `suspension ended (${c.reference})`, [
        `Your suspension under decision ${c.reference} ended on ${longDate(c.decisionTo)}; the register shows you as registered again.`,
      ]);
    },
  );
  const closed = await eachDue(ctx.db, and(eq(complaints.stage, 'decided'), lt(complaints.appealUntil, today)), async (tx, c) => {
    await tx.update(complaints).set({ stage: 'closed', stageChangedAt: now, updatedAt: now }).where(eq(complaints.id, c.id));
    await recordEvent(tx, c.id, 'closed', null, { label: 'Closed: the appeal window has passed', at: now });
    await mailComplainantStage(mail(tx), c, stageText('closed'));
  });
  // This instance's register sees the change at once; others within their cache's minute.
  if (started + ended > 0) forgetSanctions(ctx.db);
  return { started, ended, closed };
}

export function startComplaintJob(ctx: JobContext, intervalMs = ctx.config.reminderIntervalMs, hooks?: JobHooks) {
  return startPeriodic(
    intervalMs,
    async () => {
      await runComplaintJob(ctx);
    },
    (error) => console.error('Complaint job failed', error),
    { name: 'complaints', hooks },
  );
}
