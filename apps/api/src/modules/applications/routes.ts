import { applicationSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../shared/context';
import { currentUser, requireUser } from '../../shared/session';
import { listApplications } from './list';

export function applicationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/application',
      {
        onRequest: requireUser,
        schema: { tags: ['applications'], security: [{ bearer: [] }], response: { 200: z.object({ data: z.array(applicationSchema) }) } },
      },
      async (req) => ({ data: await listApplications(ctx.db, currentUser(req).id) }),
    );
  };
}
