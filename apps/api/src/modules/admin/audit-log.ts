import type { AuditPage, auditQuery } from '@portal/contract';
import { schema } from '@portal/db';
import { and, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../shared/context';
import { containsPattern } from '../../shared/sql-search';

const { auditLog } = schema;

export async function listAudit(ctx: AppContext, query: z.output<typeof auditQuery>): Promise<AuditPage> {
  const filters: SQL[] = [];
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.actor) filters.push(ilike(auditLog.actorEmail, containsPattern(query.actor)));
  if (query.subject) {
    const pattern = containsPattern(query.subject);
    const subject = or(
      ilike(auditLog.onBehalfOfEmail, pattern),
      ilike(auditLog.target, pattern),
      sql`${auditLog.details}->>'email' ilike ${pattern}`,
    );
    if (subject) filters.push(subject);
  }
  if (query.from) filters.push(gte(auditLog.at, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) filters.push(lt(auditLog.at, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000)));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ total: count() }).from(auditLog).where(where),
  ]);
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
    total: Number(total),
    page: query.page,
    pageSize: query.pageSize,
  };
}
