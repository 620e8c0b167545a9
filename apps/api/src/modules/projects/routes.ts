import {
  adminMessages,
  PROJECT_TOKEN_TTL_MINUTES,
  projectAccessSchema,
  projectMemberSchema,
  projectTokenVerifyRequest,
  projectUrlRequest,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { AppContext } from '../../shared/context';
import { consumeLimit, type Limit } from '../../shared/rate-limit';
import { currentUser, requireMainAdmin, requireUser } from '../../shared/session';
import { issueProjectToken, verifyProjectToken } from './access-token';
import { assertProjectsEligible, saveProjectUrl } from './eligibility';

const tags = ['projects'];

/** A member opening My Projects a few times a minute is plenty; more only fills the table. */
export const issuePerUser: Limit = { max: 20, windowSeconds: 60 };
/** The projects system checks each arriving token once or a few times; too few to guess 256-bit tokens anyway. */
export const verifyPerIp: Limit = { max: 120, windowSeconds: 60 };

/** My Projects (part 1 §2, §6; decision 035; docs/my-projects.md): access tokens for the external projects system. */
export function projectRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/admin/project-url',
      {
        onRequest: requireMainAdmin(ctx.config, adminMessages.mainAdminOnly),
        schema: {
          tags,
          security: [{ bearer: [] }],
          summary: 'Main administrator: the address of the projects system (the terms’ projectURL), {token} where the token goes',
          description: 'An absolute http(s) address, or empty to turn My Projects off. 400 otherwise. Recorded in the audit log.',
          body: projectUrlRequest,
          response: { 200: z.object({ data: z.object({ projectURL: z.string() }) }) },
        },
      },
      async (req) => ({ data: await saveProjectUrl(ctx, req, req.body.projectURL) }),
    );

    app.post(
      '/projects/token',
      {
        onRequest: requireUser,
        schema: {
          tags,
          security: [{ bearer: [] }],
          summary: `A fresh access token for the projects system (good for ${PROJECT_TOKEN_TTL_MINUTES} minutes) and the projectURL carrying it`,
          description:
            'Members with a membership record, a category other than GRADUATE and good standing only: 403 with the reason otherwise ' +
            '(also in a "log in as" session). 409 when the MyProjects link is not installed or projectURL is not set. ' +
            'The token replaces {token} in projectURL, or is added as the token query parameter.',
          response: { 200: z.object({ data: projectAccessSchema }) },
        },
      },
      async (req) => {
        const user = currentUser(req);
        await consumeLimit(ctx.db, `projects-token:user:${user.id}`, issuePerUser);
        const member = await assertProjectsEligible(ctx, user, { impersonated: Boolean(req.auth?.impersonatorId) });
        return { data: await issueProjectToken(ctx, member) };
      },
    );

    app.post(
      '/projects/token/verify',
      {
        schema: {
          tags,
          summary: 'For the projects system: who an access token was issued to, and until when it is good',
          description:
            'No sign-in: the token is the credential. 200 with the member while the token is good (it may be checked again ' +
            'until expiresAt); 401 "Invalid access token" for an unknown or altered token, 401 "The access token has expired" after.',
          body: projectTokenVerifyRequest,
          response: { 200: z.object({ data: projectMemberSchema }) },
        },
      },
      async (req) => {
        await consumeLimit(ctx.db, `projects-verify:ip:${req.ip}`, verifyPerIp);
        return { data: await verifyProjectToken(ctx, req.body.token) };
      },
    );
  };
}
