import type { AuditAction } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import type { FastifyRequest } from 'fastify';

export interface AuditInput {
  action: AuditAction;
  target?: string | null;
  details?: Record<string, unknown>;
  /** Who acted, when the request carries no session yet (the second step of a sign-in). */
  actor?: { id: number; email: string };
}

/**
 * Records an action taken by the signed-in caller. In a "log in as" session the actor is the
 * administrator and the member is recorded as on-behalf-of.
 */
export async function audit(db: Db, request: FastifyRequest, input: AuditInput) {
  const auth = request.auth;
  const impersonating = Boolean(auth?.impersonator);
  await db.insert(schema.auditLog).values({
    action: input.action,
    actorId: impersonating ? (auth?.impersonator?.id ?? null) : (auth?.user.id ?? input.actor?.id ?? null),
    actorEmail: impersonating ? (auth?.impersonator?.email ?? null) : (auth?.user.email ?? input.actor?.email ?? null),
    onBehalfOfId: impersonating ? (auth?.user.id ?? null) : null,
    onBehalfOfEmail: impersonating ? (auth?.user.email ?? null) : null,
    target: input.target ?? null,
    details: input.details ?? {},
    ip: request.ip,
  });
}
