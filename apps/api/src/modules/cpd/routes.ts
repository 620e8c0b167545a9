import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../shared/context';

/** CPD (issue 12): awards, the dashboard's summary, outside activities, requirements, compliance. */
export function cpdRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
