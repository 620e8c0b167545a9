import {
  mfaCodeRequest,
  mfaMessages,
  mfaResetRequest,
  mfaStatusSchema,
  mfaVerifyRequest,
  recoveryCodesSchema,
  sessionResponse,
  totpRemoveRequest,
  totpSetupSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { AppContext } from '../../shared/context';
import { currentAuth, requireAdmin, requireRecentMfa, requireSession } from '../../shared/session';
import { enableTotp, mfaStatus, removeTotp, setupTotp, stepUp } from './enrolment';
import { resetSecondFactor } from './reset';
import { verifyMfaChallenge } from './sign-in';

const tags = ['auth'];
const security = [{ bearer: [] }];
const message = { 200: z.object({ data: z.object({ message: z.string() }) }) };

/** Second factors (issue 25, decision 047). Enrolment takes any session: staff without a factor may do only this. */
export function mfaRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/mfa/verify',
      {
        schema: {
          tags,
          summary: 'The second step of signing in: the mfaToken from auth/login and a TOTP or recovery code; answers the session',
          body: mfaVerifyRequest,
          response: { 200: z.object({ data: sessionResponse }) },
        },
      },
      async (req) => ({ data: await verifyMfaChallenge(ctx, req, req.body.mfaToken, req.body.code) }),
    );

    app.get(
      '/auth/mfa',
      {
        onRequest: requireSession,
        schema: { tags, security, summary: 'The caller’s second factors', response: { 200: z.object({ data: mfaStatusSchema }) } },
      },
      async (req) => ({ data: await mfaStatus(ctx, currentAuth(req)) }),
    );

    app.post(
      '/auth/mfa/totp/setup',
      {
        onRequest: requireSession,
        schema: {
          tags,
          security,
          summary: 'A new authenticator secret (key, otpauth URL and its QR code) waiting for its first code',
          response: { 200: z.object({ data: totpSetupSchema }) },
        },
      },
      async (req) => ({ data: await setupTotp(ctx, currentAuth(req)) }),
    );

    app.post(
      '/auth/mfa/totp/enable',
      {
        onRequest: requireSession,
        schema: {
          tags,
          security,
          summary: 'Confirms the authenticator with its first code; answers the ten recovery codes, once',
          body: mfaCodeRequest,
          response: { 200: z.object({ data: recoveryCodesSchema }) },
        },
      },
      async (req) => ({ data: await enableTotp(ctx, req, currentAuth(req), req.body.code) }),
    );

    app.post(
      '/auth/mfa/totp/remove',
      {
        onRequest: requireSession,
        schema: {
          tags,
          security,
          summary: 'Turns two-step sign-in off: the password and a current code',
          body: totpRemoveRequest,
          response: message,
        },
      },
      async (req) => {
        await removeTotp(ctx, req, currentAuth(req), req.body);
        return { data: { message: mfaMessages.removed } };
      },
    );

    app.post(
      '/auth/mfa/step-up',
      {
        onRequest: requireSession,
        schema: {
          tags,
          security,
          summary: 'Checks a second factor in this session, for the actions that need one within 15 minutes',
          body: mfaCodeRequest,
          response: { 200: z.object({ data: mfaStatusSchema }) },
        },
      },
      async (req) => ({ data: await stepUp(ctx, req, currentAuth(req), req.body.code) }),
    );

    app.post(
      '/admin/users/:id/mfa/reset',
      {
        onRequest: [requireAdmin, requireRecentMfa],
        schema: {
          tags: ['admin'],
          security,
          summary: 'Resets another user’s second factor (lost device), with a reason; their sessions end',
          params: z.object({ id: z.coerce.number().int().positive() }),
          body: mfaResetRequest,
          response: message,
        },
      },
      async (req) => ({ data: await resetSecondFactor(ctx, req, currentAuth(req), req.params.id, req.body.reason) }),
    );
  };
}
