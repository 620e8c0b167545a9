import { profileSummarySchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../shared/context';
import { currentUser, requireUser } from '../../shared/session';
import { loadProfileSummary } from './summary';

export function profileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/profile',
      {
        preHandler: requireUser,
        schema: {
          tags: ['profile'],
          summary: "The caller's own profile (null when none has been created yet)",
          security: [{ bearer: [] }],
          response: { 200: z.object({ data: profileSummarySchema.nullable() }) },
        },
      },
      async (req) => {
        const user = currentUser(req);
        return { data: user.profileId ? await loadProfileSummary(ctx.db, user.profileId) : null };
      },
    );
  };
}
