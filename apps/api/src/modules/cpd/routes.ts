import {
  cpdAcceptRequest,
  cpdActivitiesPage,
  cpdActivitiesQuery,
  cpdActivityIdParam,
  cpdActivitySchema,
  cpdAwardSchema,
  cpdAwardsQuery,
  cpdComplianceQuery,
  cpdComplianceSchema,
  cpdMessages,
  cpdRejectRequest,
  cpdRequirementSchema,
  cpdRequirementsInput,
  cpdSummarySchema,
  cpdYearParam,
  cpdYearQuery,
  messageData,
  messages,
  PDF_MAX_BYTES,
  TEXT_LIMITS,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { AppContext } from '../../shared/context';
import { sendFile } from '../../shared/serve-file';
import { currentUser, requireMainAdmin, requireReviewer, requireUser } from '../../shared/session';
import { activityEvidence, deleteActivity, listOwnActivities, recordActivity, updateActivity } from './activities';
import { cpdCertificate, listAwards } from './awards';
import { cpdCompliance, cpdComplianceCsv } from './compliance';
import { acceptActivity, rejectActivity } from './decisions';
import { activitiesPage } from './queue';
import { listRequirements, saveRequirements } from './requirements';
import { cpdStatement, cpdSummary } from './summary';

const tags = ['cpd'];
const security = [{ bearer: [] }];
const pdfData = { 200: z.object({ data: z.string() }) };
const activityResponse = { 200: z.object({ data: cpdActivitySchema }) };
const certificateParams = z.object({ certificateNo: z.string().trim().min(1).max(TEXT_LIMITS.code, messages.valueTooLong) });
const statementQuery = z.object({ profileId: z.string().trim().max(TEXT_LIMITS.code, messages.valueTooLong).optional() });
const activityForm = 'Form data: activityType, description, provider, location, startDate, endDate, hours, and evidence (a PDF)';

/** CPD (issue 12): awards, the dashboard's summary, outside activities, requirements, compliance. */
export function cpdRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // Access is checked in onRequest, before the body (and any evidence) is read.
  const signedIn = { onRequest: requireUser };
  const staff = { onRequest: requireReviewer };
  const evidenceForm = { ...signedIn, config: { form: { files: 1, fileSize: PDF_MAX_BYTES } } };

  const mainAdmin = requireMainAdmin(ctx.config);

  return async (app) => {
    app.get(
      '/cpd_awards/awards',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: "CPD awards, newest first: the caller's own; admins and approvers may name any member number",
          querystring: cpdAwardsQuery,
          response: { 200: z.object({ data: z.array(cpdAwardSchema) }) },
        },
      },
      async (req) => ({ data: await listAwards(ctx, currentUser(req), req.query.memberNo || undefined) }),
    );

    app.get(
      '/cpd/summary',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: "The CPD dashboard's figures for a year (default this year): points, requirement, pending hours",
          querystring: cpdYearQuery,
          response: { 200: z.object({ data: cpdSummarySchema }) },
        },
      },
      async (req) => ({ data: await cpdSummary(ctx, currentUser(req), req.query.year) }),
    );

    app.get(
      '/cpd/certificate/:certificateNo',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: "An event award's CPD certificate (base64 PDF): its holder's, or staff",
          params: certificateParams,
          response: pdfData,
        },
      },
      async (req) => ({ data: await cpdCertificate(ctx, currentUser(req), req.params.certificateNo) }),
    );

    app.get(
      '/cpd/statement/:year',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: "The year's CPD compliance statement (base64 PDF) once the requirement is met; staff may name ?profileId",
          params: cpdYearParam,
          querystring: statementQuery,
          response: pdfData,
        },
      },
      async (req) => ({ data: await cpdStatement(ctx, currentUser(req), req.params.year, req.query.profileId || undefined) }),
    );

    app.get(
      '/cpd/activities',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: "The caller's outside CPD activities",
          response: { 200: z.object({ data: z.array(cpdActivitySchema) }) },
        },
      },
      async (req) => ({ data: await listOwnActivities(ctx, currentUser(req)) }),
    );

    app.post(
      '/cpd/activities',
      {
        ...evidenceForm,
        schema: { tags, security, summary: `Records an outside activity (Pending). ${activityForm}`, response: activityResponse },
      },
      async (req) => ({ data: await recordActivity(ctx, req, currentUser(req)) }),
    );

    app.post(
      '/cpd/activities/:id',
      {
        ...evidenceForm,
        schema: {
          tags,
          security,
          summary: `Edits a Pending activity. ${activityForm} (optional: replaces the old)`,
          params: cpdActivityIdParam,
          response: activityResponse,
        },
      },
      async (req) => ({ data: await updateActivity(ctx, req, currentUser(req), req.params.id) }),
    );

    app.post(
      '/cpd/activities/:id/delete',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Deletes a Pending activity',
          params: cpdActivityIdParam,
          response: { 200: z.object({ data: messageData }) },
        },
      },
      async (req) => ({ data: await deleteActivity(ctx, currentUser(req), req.params.id) }),
    );

    app.get(
      '/cpd/activities/:id/evidence',
      {
        ...signedIn,
        schema: { tags, security, summary: "An activity's evidence (PDF): its owner's, or staff", params: cpdActivityIdParam },
      },
      async (req, reply) => {
        const file = await activityEvidence(ctx, currentUser(req), req.params.id);
        return sendFile(reply.header('cache-control', 'private, no-store'), file);
      },
    );

    app.get(
      '/admin/cpd/activities',
      {
        ...staff,
        schema: {
          tags,
          security,
          summary:
            'A page of outside activities for admins and approvers: of one status oldest first, or Pending first; search by member or activity',
          querystring: cpdActivitiesQuery,
          response: { 200: z.object({ data: cpdActivitiesPage }) },
        },
      },
      async (req) => ({ data: await activitiesPage(ctx, req.query) }),
    );

    app.post(
      '/admin/cpd/activities/:id/accept',
      {
        ...staff,
        schema: {
          tags,
          security,
          summary: 'Accepts a Pending activity with its points: the member is awarded them for the year it ended',
          params: cpdActivityIdParam,
          body: cpdAcceptRequest,
          response: activityResponse,
        },
      },
      async (req) => ({ data: await acceptActivity(ctx, req, currentUser(req), req.params.id, req.body) }),
    );

    app.post(
      '/admin/cpd/activities/:id/reject',
      {
        ...staff,
        schema: {
          tags,
          security,
          summary: 'Rejects a Pending activity with the reason',
          params: cpdActivityIdParam,
          body: cpdRejectRequest,
          response: activityResponse,
        },
      },
      async (req) => ({ data: await rejectActivity(ctx, req, currentUser(req), req.params.id, req.body.reason) }),
    );

    app.get(
      '/admin/cpd/compliance',
      {
        ...staff,
        schema: {
          tags,
          security,
          summary: 'CPD compliance for a year: totals per category, and a page of members (50) by category and status',
          querystring: cpdComplianceQuery,
          response: { 200: z.object({ data: cpdComplianceSchema }) },
        },
      },
      async (req) => ({ data: await cpdCompliance(ctx, req.query) }),
    );

    app.get(
      '/admin/cpd/compliance.csv',
      {
        ...staff,
        schema: { tags, security, summary: 'The compliance list (same filters, every row) as CSV', querystring: cpdComplianceQuery },
      },
      async (req, reply) => {
        const csv = await cpdComplianceCsv(ctx, req.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="cpd-compliance-${req.query.year}.csv"`)
          .header('x-content-type-options', 'nosniff')
          .send(csv);
      },
    );

    app.get(
      '/admin/cpd/requirements',
      {
        ...staff,
        schema: {
          tags,
          security,
          summary: 'Every membership category with its annual CPD requirement (0: none)',
          response: { 200: z.object({ data: z.array(cpdRequirementSchema) }) },
        },
      },
      async () => ({ data: await listRequirements(ctx.db) }),
    );

    app.post(
      '/admin/cpd/requirements',
      {
        onRequest: mainAdmin,
        schema: {
          tags,
          security,
          summary: 'Sets the annual CPD requirement of categories (main administrator); 0 points: no requirement',
          body: cpdRequirementsInput,
          response: { 200: z.object({ data: z.array(cpdRequirementSchema), message: z.string() }) },
        },
      },
      async (req) => ({ data: await saveRequirements(ctx, req, req.body), message: cpdMessages.requirementsSaved }),
    );
  };
}
