import {
  messageData,
  refereeAnswerRequest,
  refereeAnswerResult,
  refereeFormQuery,
  refereeFormSchema,
  refereeReportSchema,
  refereeSendEmailRequest,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { AppContext } from '../../shared/context';
import { currentUser, requireUser } from '../../shared/session';
import { answerRefereeForm, loadRefereeForm } from './form';
import { refereeReport } from './report';
import { resendRefereeEmail } from './resend';

const tags = ['referees'];
const security = [{ bearer: [] }];

export function refereeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const signedIn = { onRequest: requireUser };
  return async (app) => {
    app.get(
      '/questions',
      {
        schema: {
          tags,
          summary: "The referee question form of an emailed link (public; memberNo and code are the link's base64 user and code)",
          querystring: refereeFormQuery,
          response: { 200: z.object({ data: refereeFormSchema }) },
        },
      },
      async (req) => ({ data: await loadRefereeForm(ctx, req.ip, req.query.memberNo, req.query.code) }),
    );

    app.post(
      '/questions/update',
      {
        schema: {
          tags,
          summary: 'Accept or reject a referee request (public, once per link); Reject needs Remarks, answers at most 250 characters',
          body: refereeAnswerRequest,
          response: { 200: z.object({ data: refereeAnswerResult }) },
        },
      },
      async (req) => ({ data: await answerRefereeForm(ctx, req.ip, req.body) }),
    );

    app.post(
      '/profile/referee/send_email',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: "Send one of the caller's referees a new link (the earlier link stops working)",
          body: refereeSendEmailRequest,
          response: { 200: z.object({ data: messageData }) },
        },
      },
      async (req) => ({ data: await resendRefereeEmail(ctx, currentUser(req), req.body.EntryNo) }),
    );

    app.get(
      '/questions/refereeForm/:entryNo',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: "The answered referee form as a PDF (base64): the caller's own entry, or any applicant's for admins and approvers",
          params: z.object({ entryNo: z.coerce.number().int().min(1).max(2_147_483_647) }),
          querystring: z.object({ profileId: z.string().trim().min(1).max(40).optional() }),
          response: { 200: z.object({ data: refereeReportSchema }) },
        },
      },
      async (req) => ({ data: await refereeReport(ctx, currentUser(req), req.params.entryNo, req.query.profileId) }),
    );
  };
}
