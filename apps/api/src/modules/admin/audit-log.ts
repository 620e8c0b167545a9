import type { AuditPage, auditQuery } from '@portal/contract';
import { queryRows, schema } from '@portal/db';
import { desc, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { boundedCount, pageWindow } from '../../shared/bounded-count';
import type { AppContext } from '../../shared/context';
import { containsPattern } from '../../shared/sql-search';

const { auditLog } = schema;

/** The text a subject search looks in: the target, the member acted for, and the e-mail in the details (trigram index). */
const SUBJECT = sql`lower(coalesce(target, '') || ' ' || coalesce(on_behalf_of_email, '') || ' ' || coalesce(details->>'email', ''))`;

/**
 * GET /api/admin/audit: newest first. Subject and actor searches go through trigram indexes, dates through the
 * `at` index; the count is exact up to 10,000 matches and estimated beyond (decision 052); the page's ids come
 * from the order's index before the rows are read, and from the nearer end when the count is exact.
 */
export async function listAudit(ctx: AppContext, query: z.output<typeof auditQuery>): Promise<AuditPage> {
  const filters: SQL[] = [];
  if (query.action) filters.push(sql`action = ${query.action}`);
  if (query.actor) filters.push(sql`lower(actor_email) like ${containsPattern(query.actor.toLowerCase())}`);
  if (query.subject) filters.push(sql`${SUBJECT} like ${containsPattern(query.subject.toLowerCase())}`);
  if (query.from) filters.push(sql`at >= ${new Date(`${query.from}T00:00:00Z`).toISOString()}`);
  if (query.to) filters.push(sql`at < ${new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000).toISOString()}`);
  const fromWhere = sql`from audit_log ${filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``}`;
  const counted = await boundedCount(ctx.db, fromWhere);
  const window = pageWindow(counted.exact ? counted.n : null, query.page, query.pageSize);
  const ids = await queryRows<{ id: number }>(
    ctx.db,
    sql`select id ${fromWhere} order by id ${window.reversed ? sql`asc` : sql`desc`} limit ${window.limit} offset ${window.offset}`,
  );
  const rows = ids.length
    ? await ctx.db
        .select()
        .from(auditLog)
        .where(
          inArray(
            auditLog.id,
            ids.map((r) => Number(r.id)),
          ),
        )
        .orderBy(desc(auditLog.id))
    : [];
  return {
    entries: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      action: r.action,
      actor_id: r.actorId,
      actor_email: r.actorEmail,
      on_behalf_of_id: r.onBehalfOfId,
      on_behalf_of_email: r.onBehalfOfEmail,
      target: r.target,
      details: r.details,
      ip: r.ip,
    })),
    total: counted.n,
    totalExact: counted.exact,
    page: query.page,
    pageSize: query.pageSize,
  };
}
