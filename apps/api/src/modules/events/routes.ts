import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../shared/context';

/** Events (issue 12): administrators' `admin/events…` and members' `events…`. */
export function eventRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
