import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../shared/context';

// Placeholder wired into app.ts; the module's routes are being built.
export function billingRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
