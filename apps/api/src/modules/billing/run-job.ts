import { type BillingRun, billingAdminMessages } from '@portal/contract';
import { type Db, queryRows, schema } from '@portal/db';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { conflict } from '../../shared/errors';
import { type JobHooks, startPeriodic } from '../../shared/periodic';
import { assertPeriod, RUN_BATCH, runBatch, runDtos, unbilled } from './run';

const { billingRuns } = schema;
type RunRow = typeof billingRuns.$inferSelect;

/** A running run whose heartbeat is older than this was left by a crashed or stopped worker: another takes it over. */
export const RUN_STALE_SECONDS = 60;
/** How often each instance's job looks for a queued or abandoned run. */
export const RUN_POLL_MS = 5_000;

/** Active members on the register, and those of them the period's run has to bill. */
async function memberCounts(db: Db, period: string): Promise<{ memberCount: number; toBillCount: number }> {
  const [counts] = await queryRows<{ active: number; to_bill: number }>(
    db,
    sql`select (select count(*)::int from memberships m join profiles p on p.profile_id = m.profile_id and p.member_no is not null
                where m.status = 'Active') as active,
               (select count(*)::int ${unbilled(period)}) as to_bill`,
  );
  return { memberCount: Number(counts.active), toBillCount: Number(counts.to_bill) };
}

const dto = async (db: Db, row: RunRow) => (await runDtos(db, [row]))[0];

/**
 * `POST /api/admin/billing/run`: queues the period's run and answers it at once (202); a worker bills it in batches.
 * One run is open at a time across instances (a partial unique index): asked again for the same period while it is
 * open, the open run is answered; for another period, 409.
 */
export async function queueBillingRun(
  ctx: AppContext,
  period: string,
  runBy: number | null,
): Promise<{ run: BillingRun; queued: boolean }> {
  assertPeriod(period);
  const counts = await memberCounts(ctx.db, period);
  const [queued] = await ctx.db
    .insert(billingRuns)
    .values({ period, runBy, status: 'queued', ...counts })
    .onConflictDoNothing()
    .returning();
  if (queued) return { run: await dto(ctx.db, queued), queued: true };
  const [open] = await ctx.db.select().from(billingRuns).where(sql`${billingRuns.status} in ('queued', 'running')`);
  if (!open) return queueBillingRun(ctx, period, runBy); // it finished in between
  if (open.period !== period) throw conflict(billingAdminMessages.runBusy(open.period));
  return { run: await dto(ctx.db, open), queued: false };
}

/** Claims the open run (queued, or running with a stale heartbeat), for this worker alone. */
async function claimRun(db: Db): Promise<RunRow | null> {
  const [claimed] = await queryRows<{ id: number }>(
    db,
    sql`update billing_runs set status = 'running', heartbeat_at = now()
        where id = (select id from billing_runs
                    where status = 'queued' or (status = 'running' and heartbeat_at < now() - make_interval(secs => ${RUN_STALE_SECONDS}))
                    order by id limit 1 for update skip locked)
        returning id`,
  );
  if (!claimed) return null;
  const [row] = await db.select().from(billingRuns).where(eq(billingRuns.id, claimed.id));
  return row ?? null;
}

/**
 * Bills a claimed run in batches from its cursor (after a crash, where the last worker stopped), then closes it with
 * the members skipped (already billed, or no subscription fee) and fresh planner statistics for the tables it
 * filled. Each member and period is billed once whatever happens: the unique (member_no, period) key decides.
 * `maxBatches` stops early, as a crash would (tests).
 */
async function billRun(ctx: Pick<AppContext, 'db'>, run: RunRow, options: { batchSize: number; maxBatches: number }) {
  let after = run.cursor;
  for (let batches = 0; ; batches++) {
    if (batches >= options.maxBatches) return;
    const batch = await runBatch(ctx.db, run.id, run.period, after, run.runBy, options.batchSize);
    if (batch.last === null) break;
    after = batch.last;
  }
  await ctx.db
    .update(billingRuns)
    .set({
      status: 'finished',
      finishedAt: new Date(),
      skippedCount: sql`greatest(0, ${billingRuns.memberCount} - ${billingRuns.billedCount})`,
    })
    .where(eq(billingRuns.id, run.id));
  // A run adds an invoice per member: the planner must know, or every money list slows until autovacuum notices.
  await ctx.db.execute(sql`analyze subscriptions, ledger_entries`);
}

/**
 * The worker: bills the open run, if any, to the end. A run that throws is closed as failed with the error (what
 * it billed stays billed; a new run bills the rest). Answers the runs it worked on.
 */
export async function processBillingRuns(
  ctx: Pick<AppContext, 'db'>,
  options: { batchSize?: number; maxBatches?: number } = {},
): Promise<number[]> {
  const done: number[] = [];
  for (;;) {
    const run = await claimRun(ctx.db);
    if (!run) return done;
    done.push(run.id);
    try {
      await billRun(ctx, run, { batchSize: options.batchSize ?? RUN_BATCH, maxBatches: options.maxBatches ?? Number.POSITIVE_INFINITY });
      if (options.maxBatches !== undefined) return done;
    } catch (error) {
      await ctx.db
        .update(billingRuns)
        .set({ status: 'failed', finishedAt: new Date(), error: error instanceof Error ? error.message : String(error) })
        .where(eq(billingRuns.id, run.id));
      throw error;
    }
  }
}

/** The run's current state (progress while open). */
export async function billingRunById(db: Db, id: number): Promise<BillingRun | null> {
  const [row] = await db.select().from(billingRuns).where(eq(billingRuns.id, id));
  return row ? dto(db, row) : null;
}

/** Queues a run and bills it here and now (seeding, benchmarks and tests): answers it finished. */
export async function runBillingNow(ctx: AppContext, period: string, runBy: number | null, batchSize = RUN_BATCH): Promise<BillingRun> {
  const { run } = await queueBillingRun(ctx, period, runBy);
  await processBillingRuns(ctx, { batchSize });
  return (await billingRunById(ctx.db, run.id)) as BillingRun;
}

/** Each instance with jobs looks for an open run every RUN_POLL_MS (and the route starts one at once). */
export function startBillingRunJob(ctx: Pick<AppContext, 'db'>, intervalMs = RUN_POLL_MS, hooks?: JobHooks) {
  return startPeriodic(
    intervalMs,
    () => processBillingRuns(ctx),
    (error) => console.error('billing run failed', error),
    { name: 'billing-runs', hooks },
  );
}
