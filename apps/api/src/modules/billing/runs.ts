import type { BillingRunsPage, billingRunsQuery } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { runDtos } from './run';

const { billingRuns } = schema;

/**
 * `GET /api/admin/billing/runs`: a page of runs, newest first, by period and status, with the number that match.
 * Newest first is the primary key read backwards; one period's runs come from `billing_runs_period_idx`. The open
 * run, if any, is the newest: the billing page asks for the first rows while it bills.
 */
export async function runsPage(db: Db, query: z.output<typeof billingRunsQuery>): Promise<BillingRunsPage> {
  const conditions: SQL[] = [];
  if (query.period) conditions.push(eq(billingRuns.period, query.period));
  if (query.status) conditions.push(eq(billingRuns.status, query.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(billingRuns)
      .where(where)
      .orderBy(desc(billingRuns.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(billingRuns).where(where),
  ]);
  return { runs: await runDtos(db, rows), total: Number(total), page: query.page, pageSize: query.pageSize };
}
