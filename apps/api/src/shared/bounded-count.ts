import { type Db, queryRows } from '@portal/db';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Counting a large list without reading all of it (decision 052): exact up to EXACT_COUNT_LIMIT matches, the
 * planner's estimate beyond (shown as "about"), and pages read from whichever end of the order is nearer.
 */
/** Exact counts up to this many matches; beyond it, the planner's estimate, shown as such. */
export const EXACT_COUNT_LIMIT = 10_000;

/**
 * Which rows a page is, read from whichever end of the order is nearer when the total is exact: the last page
 * costs what the first does. `reversed` rows come back in the opposite order and are turned round by the caller.
 */
export function pageWindow(total: number | null, page: number, pageSize: number) {
  const offset = (page - 1) * pageSize;
  if (total === null || offset <= total / 2) return { reversed: false, offset, limit: pageSize };
  const remaining = total - offset;
  if (remaining <= 0) return { reversed: false, offset, limit: pageSize };
  return { reversed: true, offset: Math.max(0, total - page * pageSize), limit: Math.min(pageSize, remaining) };
}

/** The planner's estimate of how many rows `select 1 <from> <where>` reads. */
export async function estimateRows(db: Db, fromWhere: SQL): Promise<number> {
  const rows = await queryRows<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(db, sql`explain (format json) select 1 ${fromWhere}`);
  return Math.round(rows[0]?.['QUERY PLAN']?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/** Count and sums of `columns` over at most EXACT_COUNT_LIMIT + 1 matching rows; estimated beyond (sums null). */
export async function boundedTotals<K extends string>(
  db: Db,
  fromWhere: SQL,
  sums: Record<K, SQL>,
): Promise<{ n: number; exact: boolean; sums: Record<K, number> | null }> {
  const keys = Object.keys(sums) as K[];
  const [row] = await queryRows<Record<string, string>>(
    db,
    sql`select count(*) as n${sql.join(
      keys.map((k) => sql`, coalesce(sum(${sql.raw(k)}), 0) as ${sql.raw(k)}`),
      sql``,
    )} from (select ${sql.join(
      [sql`1 as one`, ...keys.map((k) => sql`${sums[k]} as ${sql.raw(k)}`)],
      sql`, `,
    )} ${fromWhere} limit ${EXACT_COUNT_LIMIT + 1}) bounded`,
  );
  const n = Number(row.n);
  if (n <= EXACT_COUNT_LIMIT) {
    return { n, exact: true, sums: Object.fromEntries(keys.map((k) => [k, Number(row[k])])) as Record<K, number> };
  }
  return { n: Math.max(n, await estimateRows(db, fromWhere)), exact: false, sums: null };
}

/** How many rows `<from> <where>` matches: exact up to EXACT_COUNT_LIMIT, else the planner's estimate. */
export async function boundedCount(db: Db, fromWhere: SQL): Promise<{ n: number; exact: boolean }> {
  const { n, exact } = await boundedTotals(db, fromWhere, {});
  return { n, exact };
}
