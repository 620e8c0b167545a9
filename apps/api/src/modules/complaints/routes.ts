import {
  COMPLAINT_MAX_FILES,
  complaintAssignRequest,
  complaintDecisionRequest,
  complaintDetailSchema,
  complaintFiledSchema,
  complaintHearingRequest,
  complaintListQuery,
  complaintMessages,
  complaintNoteRequest,
  complaintPageSchema,
  complaintRequest,
  complaintResponseRequest,
  complaintReverseRequest,
  complaintStageRequest,
  complaintTrackSchema,
  messages,
  PDF_MAX_BYTES,
  respondentComplaintSchema,
  TEXT_LIMITS,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { AppContext } from '../../shared/context';
import { sendFile } from '../../shared/serve-file';
import { currentUser, requireReviewer, requireUser } from '../../shared/session';
import { uploadsOf } from '../../shared/uploads';
import { loadComplaint } from './common';
import { decideComplaint, reverseDecision } from './decision';
import { caseFile } from './evidence';
import { fileComplaint, publicRespondent } from './file-complaint';
import { answerComplaint } from './respond';
import { forgetSanctions } from './sanctions';
import { addNote, addStaffDocuments, assignableStaff, assignComplaint, changeStage, saveHearing } from './stages';
import { complaintDetail, listComplaints, myComplaints, ownComplaint, trackComplaint } from './views';

const tags = ['complaints'];
const security = [{ bearer: [] }];
const data = <T extends z.ZodType>(schema: T) => ({ 200: z.object({ data: schema }) });
const done = { 200: z.object({ message: z.string() }) };
const reference = z.string().trim().min(1).max(TEXT_LIMITS.code, messages.valueTooLong);
const referenceParams = z.object({ reference });
const fileParams = z.object({ reference, fileId: z.string().trim().min(1).max(TEXT_LIMITS.code, messages.valueTooLong) });
const form = { files: COMPLAINT_MAX_FILES, fileSize: PDF_MAX_BYTES };

/** Complaints and discipline (issue 30, decision 060): the public form and tracking, the engineer's side, the back office. */
export function complaintRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const signedIn = { onRequest: requireUser };
  const staff = { onRequest: requireReviewer };
  return async (app) => {
    app.get(
      '/complaints/respondent',
      {
        schema: {
          tags,
          security: [],
          summary: 'The engineer or firm a member number names, for the public complaint form',
          querystring: z.object({ memberNo: reference }),
          response: data(z.object({ memberNo: z.string(), name: z.string() })),
        },
      },
      async (req) => ({ data: await publicRespondent(ctx, req.query.memberNo) }),
    );

    app.post(
      '/complaints',
      {
        config: { form },
        schema: {
          tags,
          security: [],
          summary: `Files a complaint against a registered engineer or firm: JSON, or form data with up to ${COMPLAINT_MAX_FILES} evidence files (PDF, PNG, JPEG) in \`evidence\``,
          body: complaintRequest,
          response: { 200: z.object({ data: complaintFiledSchema, message: z.string() }) },
        },
      },
      async (req) => {
        const filed = await fileComplaint(ctx, req, req.body, uploadsOf(req, 'evidence'));
        return { data: filed, message: complaintMessages.filed(filed.reference) };
      },
    );

    app.get(
      '/complaints/track/:reference',
      {
        schema: {
          tags,
          security: [],
          summary: "A complaint's stage and outcome for its complainant, with the token from the e-mailed link",
          params: referenceParams,
          querystring: z.object({ token: z.string().max(TEXT_LIMITS.token, messages.valueTooLong).optional() }),
          response: data(complaintTrackSchema),
        },
      },
      async (req) => ({ data: await trackComplaint(ctx, req.params.reference, req.query.token) }),
    );

    app.get(
      '/complaints/mine',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Complaints against the caller, from the notice on',
          response: data(z.array(respondentComplaintSchema)),
        },
      },
      async (req) => ({ data: await myComplaints(ctx, currentUser(req)) }),
    );

    app.get(
      '/complaints/mine/:reference/files/:fileId',
      {
        ...signedIn,
        schema: { tags, security, summary: "A file of a complaint against the caller (the engineer's view)", params: fileParams },
      },
      async (req, reply) => {
        const c = await ownComplaint(ctx, currentUser(req), req.params.reference);
        return sendFile(
          reply,
          await caseFile(ctx, c.id, req.params.fileId, c.withholdIdentity ? ['respondent'] : ['complainant', 'respondent']),
        );
      },
    );

    app.post(
      '/complaints/:reference/response',
      {
        ...signedIn,
        config: { form },
        schema: {
          tags,
          security,
          summary: `The engineer answers the notice: a statement, and up to ${COMPLAINT_MAX_FILES} documents in \`documents\` (form data)`,
          params: referenceParams,
          body: complaintResponseRequest,
          response: done,
        },
      },
      async (req) => {
        await answerComplaint(ctx, req, req.params.reference, req.body.statement, uploadsOf(req, 'documents'));
        return { message: complaintMessages.answered };
      },
    );

    app.get(
      '/admin/complaints',
      {
        ...staff,
        schema: {
          tags,
          security,
          summary: 'The complaints queue, newest first, with filters',
          querystring: complaintListQuery,
          response: data(complaintPageSchema),
        },
      },
      async (req) => ({ data: await listComplaints(ctx, req.query) }),
    );

    app.get(
      '/admin/complaints/staff',
      {
        ...staff,
        schema: {
          tags,
          security,
          summary: 'Administrators and approvers a case may be assigned to',
          response: data(z.array(z.object({ id: z.number(), name: z.string() }))),
        },
      },
      async () => ({ data: await assignableStaff(ctx) }),
    );

    app.get(
      '/admin/complaints/:reference',
      {
        ...staff,
        schema: {
          tags,
          security,
          summary: 'A complaint with its files, timeline and internal notes',
          params: referenceParams,
          response: data(complaintDetailSchema),
        },
      },
      async (req) => ({ data: await complaintDetail(ctx, req.params.reference) }),
    );

    app.get(
      '/admin/complaints/:reference/files/:fileId',
      { ...staff, schema: { tags, security, summary: 'A file of a complaint', params: fileParams } },
      async (req, reply) => {
        const c = await loadComplaint(ctx.db, req.params.reference);
        return sendFile(reply, await caseFile(ctx, c.id, req.params.fileId));
      },
    );

    app.post(
      '/admin/complaints/:reference/stage',
      {
        ...staff,
        schema: {
          tags,
          security,
          summary: 'Moves a complaint one stage on (dismissal with a reason)',
          params: referenceParams,
          body: complaintStageRequest,
          response: done,
        },
      },
      async (req) => {
        await changeStage(ctx, req, req.params.reference, req.body.stage, req.body.reason || undefined);
        forgetSanctions(ctx.db);
        return { message: complaintMessages.stageChanged };
      },
    );

    app.post(
      '/admin/complaints/:reference/assign',
      {
        ...staff,
        schema: {
          tags,
          security,
          summary: 'Assigns a complaint to an administrator or approver',
          params: referenceParams,
          body: complaintAssignRequest,
          response: done,
        },
      },
      async (req) => {
        await assignComplaint(ctx, req, req.params.reference, req.body);
        return { message: complaintMessages.assigned };
      },
    );

    app.post(
      '/admin/complaints/:reference/notes',
      {
        ...staff,
        schema: {
          tags,
          security,
          summary: 'Adds an internal note (staff only)',
          params: referenceParams,
          body: complaintNoteRequest,
          response: done,
        },
      },
      async (req) => {
        await addNote(ctx, req, req.params.reference, req.body.body);
        return { message: complaintMessages.noteAdded };
      },
    );

    app.post(
      '/admin/complaints/:reference/files',
      {
        ...staff,
        config: { form },
        schema: {
          tags,
          security,
          summary: `Adds staff's documents to the case: up to ${COMPLAINT_MAX_FILES} PDF, PNG or JPEG files in \`documents\` (form data)`,
          params: referenceParams,
          response: done,
        },
      },
      async (req) => {
        await addStaffDocuments(ctx, req, req.params.reference, uploadsOf(req, 'documents'));
        return { message: complaintMessages.documentsAdded };
      },
    );

    app.post(
      '/admin/complaints/:reference/hearing',
      {
        ...staff,
        schema: {
          tags,
          security,
          summary: "Saves the hearing's date, panel and minutes",
          params: referenceParams,
          body: complaintHearingRequest,
          response: done,
        },
      },
      async (req) => {
        await saveHearing(ctx, req, req.params.reference, req.body);
        return { message: complaintMessages.hearingSaved };
      },
    );

    app.post(
      '/admin/complaints/:reference/decision',
      {
        ...staff,
        schema: {
          tags,
          security,
          summary: 'Records the decision once; its effects take place',
          params: referenceParams,
          body: complaintDecisionRequest,
          response: done,
        },
      },
      async (req) => {
        await decideComplaint(ctx, req, req.params.reference, req.body);
        forgetSanctions(ctx.db);
        return { message: complaintMessages.decided };
      },
    );

    app.post(
      '/admin/complaints/:reference/reverse',
      {
        ...staff,
        schema: {
          tags,
          security,
          summary: 'Reverses the decision on appeal and undoes its effects',
          params: referenceParams,
          body: complaintReverseRequest,
          response: done,
        },
      },
      async (req) => {
        await reverseDecision(ctx, req, req.params.reference, req.body.reason);
        forgetSanctions(ctx.db);
        return { message: complaintMessages.reversed };
      },
    );
  };
}
