import { complaintMessages } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../shared/audit';
import type { AppContext } from '../../shared/context';
import { conflict } from '../../shared/errors';
import { organisationName } from '../../shared/organisation';
import { currentUser } from '../../shared/session';
import type { Upload } from '../../shared/uploads';
import { recordEvent, staffAddresses } from './common';
import { prepareEvidence, storeEvidence, withEvidence } from './evidence';
import { mailStaff } from './notices';
import { canAnswer, ownComplaint } from './views';

const { complaints } = schema;

/**
 * POST /api/complaints/{reference}/response: the engineer's answer to the notice, a statement with documents, once,
 * while the notice is open (its deadline is for the decision: a late answer before the hearing is still heard).
 */
export async function answerComplaint(ctx: AppContext, request: FastifyRequest, reference: string, statement: string, uploads: Upload[]) {
  const user = currentUser(request);
  await ownComplaint(ctx, user, reference);
  const documents = await prepareEvidence(uploads, 'documents');
  const organisation = await organisationName(ctx.db);
  await withEvidence(ctx, async (tx: Db, written) => {
    const c = await ownComplaint(ctx, user, reference, true, tx);
    if (c.respondedAt) throw conflict(complaintMessages.alreadyAnswered);
    if (!canAnswer(c)) throw conflict(complaintMessages.responseClosed);
    const now = new Date();
    await tx.update(complaints).set({ response: statement, respondedAt: now, updatedAt: now }).where(eq(complaints.id, c.id));
    await storeEvidence(ctx, tx, c.id, 'respondent', documents, written);
    await recordEvent(tx, c.id, c.stage as 'notice', null, { label: 'The engineer answered the notice', at: now });
    await audit(tx, request, {
      action: 'complaint.answered',
      target: `complaint:${c.reference}`,
      details: { documents: documents.length },
    });
    await mailStaff(
      { db: tx, organisation, publicUrl: ctx.config.publicUrl },
      await staffAddresses(tx, c),
      c,
      'the engineer answered the notice',
    );
  });
}
