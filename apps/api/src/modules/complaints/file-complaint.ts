import { complaintMessages, type complaintRequest } from '@portal/contract';
import { schema } from '@portal/db';
import type { FastifyRequest } from 'fastify';
import type * as z from 'zod';
import { audit } from '../../shared/audit';
import { assertHuman } from '../../shared/bot-check';
import type { AppContext } from '../../shared/context';
import { nairobiDate } from '../../shared/dates';
import { badRequest, notFound } from '../../shared/errors';
import { organisationName } from '../../shared/organisation';
import { consumeLimit } from '../../shared/rate-limit';
import { randomToken, sha256 } from '../../shared/tokens';
import type { Upload } from '../../shared/uploads';
import { findRespondent, nextReference, recordEvent, staffAddresses } from './common';
import { prepareEvidence, storeEvidence, withEvidence } from './evidence';
import { mailComplainantFiled, mailStaff } from './notices';

/** Complaints one address may file: a few an hour, and a few a day from one e-mail address. */
export const COMPLAINT_LIMITS = {
  perIp: { max: 5, windowSeconds: 60 * 60 },
  perEmail: { max: 5, windowSeconds: 24 * 60 * 60 },
};

/** GET /api/complaints/respondent/{memberNo}: who a member number names, for the public form. */
export async function publicRespondent(ctx: AppContext, memberNo: string) {
  const found = await findRespondent(ctx.db, memberNo);
  if (!found) throw notFound(complaintMessages.respondentUnknown);
  return { memberNo: found.memberNo, name: found.name };
}

/**
 * POST /api/complaints (public): checks the bot check and the limits, the engineer and the evidence, then files the
 * complaint with its files, its first timeline step and its e-mails (the complainant's tracking link, staff's notice)
 * in one transaction. The tracking token is e-mailed and kept only as its hash.
 */
export async function fileComplaint(
  ctx: AppContext,
  request: FastifyRequest,
  input: z.output<typeof complaintRequest>,
  uploads: Upload[],
): Promise<{ reference: string }> {
  await assertHuman(ctx.config, input.voterToken);
  const today = nairobiDate(new Date());
  if (input.incidentDate > today)
    throw badRequest(complaintMessages.incidentDateFuture, { incidentDate: [complaintMessages.incidentDateFuture] });
  const respondent = await findRespondent(ctx.db, input.respondentMemberNo);
  if (!respondent) throw badRequest(complaintMessages.respondentUnknown, { respondentMemberNo: [complaintMessages.respondentUnknown] });
  const evidence = await prepareEvidence(uploads, 'evidence');
  await consumeLimit(ctx.db, `complaint:ip:${request.ip}`, COMPLAINT_LIMITS.perIp);
  await consumeLimit(ctx.db, `complaint:email:${input.complainantEmail}`, COMPLAINT_LIMITS.perEmail);
  const token = randomToken();
  const organisation = await organisationName(ctx.db);
  return withEvidence(ctx, async (tx, written) => {
    const reference = await nextReference(tx, Number(today.slice(0, 4)));
    const [complaint] = await tx
      .insert(schema.complaints)
      .values({
        reference,
        respondentProfileId: respondent.profileId,
        respondentMemberNo: respondent.memberNo,
        complainantName: input.complainantName,
        complainantEmail: input.complainantEmail,
        complainantPhone: input.complainantPhone,
        withholdIdentity: input.withholdIdentity,
        description: input.description,
        incidentDate: input.incidentDate,
        incidentPlace: input.incidentPlace,
        trackTokenHash: sha256(token),
      })
      .returning();
    await storeEvidence(ctx, tx, complaint.id, 'complainant', evidence, written);
    await recordEvent(tx, complaint.id, 'received', null, { at: complaint.createdAt });
    await audit(tx, request, {
      action: 'complaint.filed',
      target: `complaint:${reference}`,
      details: { respondent: respondent.memberNo, files: evidence.length },
    });
    const mail = { db: tx, organisation, publicUrl: ctx.config.publicUrl };
    await mailComplainantFiled(mail, complaint, respondent, token);
    await mailStaff(mail, await staffAddresses(tx, complaint), complaint, 'a new complaint was filed');
    return { reference };
  });
}
