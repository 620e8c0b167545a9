import { applicationSchema, submitApplicationRequest, submitOtpRequest, submitOtpResponse } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { AppContext } from '../../shared/context';
import { currentUser, requireUser } from '../../shared/session';
import { listApplications } from './list';
import { sendSubmitOtp, submitApplication } from './submit';

const tags = ['applications'];
const security = [{ bearer: [] }];

export function applicationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/application',
      {
        onRequest: requireUser,
        schema: { tags, security, summary: "The caller's applications", response: { 200: z.object({ data: z.array(applicationSchema) }) } },
      },
      async (req) => ({ data: await listApplications(ctx.db, currentUser(req).id) }),
    );

    app.post(
      '/application/submit/otp',
      {
        onRequest: requireUser,
        schema: {
          tags,
          security,
          summary: "Send the OTP (SMS) that confirms submitting one of the caller's applications",
          body: submitOtpRequest,
          response: { 200: z.object({ data: submitOtpResponse }) },
        },
      },
      async (req) => ({ data: await sendSubmitOtp(ctx, currentUser(req), req.ip, req.body.Code) }),
    );

    app.post(
      '/application/submit',
      {
        onRequest: requireUser,
        schema: {
          tags,
          security,
          summary: 'Submit (or re-submit a returned) application with the OTP sent by SMS',
          body: submitApplicationRequest,
          response: { 200: z.object({ data: applicationSchema }) },
        },
      },
      async (req) => ({ data: await submitApplication(ctx, currentUser(req), req.ip, req.body.Code, req.body.otp_code) }),
    );
  };
}
