import { passkeyMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../shared/audit';
import type { AppContext } from '../../shared/context';
import { notFound } from '../../shared/errors';
import { organisationName } from '../../shared/organisation';
import type { Auth } from '../../shared/session';
import { enqueue } from '../outbox/outbox';
import { passkeyNotices } from './notices';
import { refreshSecondFactor } from './passkey-store';
import { confirmPassword } from './registration';

const { passkeys } = schema;

/**
 * `POST /api/auth/passkeys/{id}/remove {password}`: one of the caller's passkeys, with the password (the route also
 * asks for a second-factor check in the last 15 minutes). The last factor gone, two-step sign-in is off and the
 * recovery codes go; staff then set one up again. Audited and e-mailed.
 */
export async function removePasskey(ctx: AppContext, req: FastifyRequest, auth: Auth, id: number, password: string) {
  await confirmPassword(ctx, auth, password);
  const removed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, auth.user.id)))
      .returning({ name: passkeys.name });
    if (!row) return null;
    const factorLeft = await refreshSecondFactor(tx, auth.user.id);
    await enqueue(tx, passkeyNotices.removed(ctx.config, auth.user.email, await organisationName(tx), row.name));
    return { name: row.name, factorLeft };
  });
  if (!removed) throw notFound(passkeyMessages.notFound);
  await audit(ctx.db, req, { action: 'passkey.removed', target: auth.user.email, details: { name: removed.name } });
  return { message: passkeyMessages.removed, mfaEnabled: removed.factorLeft };
}
