import {
  messages,
  returnRequest,
  reviewActionResultSchema,
  reviewApplicationSchema,
  reviewBellSchema,
  reviewCommentRequest,
  reviewQueuePageSchema,
  reviewQueueQuery,
  statusChangeRequest,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { AppContext } from '../../shared/context';
import { requireReviewer } from '../../shared/session';
import { changeStatus, commentOnApplication, returnApplication } from './actions';
import { loadReviewApplication } from './detail';
import { bellCounts, listQueue } from './queue';

const tags = ['review'];
const security = [{ bearer: [] }];
const params = z.object({ code: z.string().trim().min(1).max(40, messages.valueTooLong) });
const action = { 200: z.object({ data: reviewActionResultSchema }) };

/**
 * The review back office (decisions.md §4) for admins and approvers. Access is checked in onRequest,
 * before the body is read: a visitor gets 401 and a member 403 whatever they send.
 */
export function reviewRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/applications',
      {
        onRequest: requireReviewer,
        schema: {
          tags,
          security,
          summary: 'The review queue: one page of a status filter (default: submitted applications needing action) with counts',
          querystring: reviewQueueQuery,
          response: { 200: z.object({ data: reviewQueuePageSchema }) },
        },
      },
      async (req) => ({ data: await listQueue(ctx, req.query) }),
    );

    app.get(
      '/admin/applications/counts',
      {
        onRequest: requireReviewer,
        schema: {
          tags,
          security,
          summary: "The bell's count: submitted applications in Open, Verified, Committee Review or Board Review",
          response: { 200: z.object({ data: reviewBellSchema }) },
        },
      },
      async () => ({ data: await bellCounts(ctx) }),
    );

    app.get(
      '/admin/applications/:code',
      {
        onRequest: requireReviewer,
        schema: {
          tags,
          security,
          summary: 'One application with the applicant, profile, checklist, files, referees, history and every comment',
          params,
          response: { 200: z.object({ data: reviewApplicationSchema }) },
        },
      },
      async (req) => ({ data: await loadReviewApplication(ctx, req.params.code) }),
    );

    app.post(
      '/admin/applications/:code/status',
      {
        onRequest: requireReviewer,
        schema: {
          tags,
          security,
          summary: 'Moves the application along the allowed transitions; Released assigns the member number',
          params,
          body: statusChangeRequest,
          response: action,
        },
      },
      async (req) => ({ data: await changeStatus(ctx, req, req.params.code, req.body) }),
    );

    app.post(
      '/admin/applications/:code/return',
      {
        onRequest: requireReviewer,
        schema: { tags, security, summary: 'Hands the application back to the applicant', params, body: returnRequest, response: action },
      },
      async (req) => ({ data: await returnApplication(ctx, req, req.params.code, req.body.comment) }),
    );

    app.post(
      '/admin/applications/:code/comments',
      {
        onRequest: requireReviewer,
        schema: {
          tags,
          security,
          summary: 'A comment without moving the application, optionally hidden from the applicant',
          params,
          body: reviewCommentRequest,
          response: action,
        },
      },
      async (req) => ({ data: await commentOnApplication(ctx, req, req.params.code, req.body.comment, req.body.hiddenFromApplicant) }),
    );
  };
}
