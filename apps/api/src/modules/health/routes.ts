import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../shared/context';

export function healthRoutes(ctx: AppContext, kind: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      { schema: { tags: ['health'], response: { 200: z.object({ data: z.object({ status: z.literal('ok'), database: z.string() }) }) } } },
      async () => {
        await ctx.db.execute(sql`select 1`);
        return { data: { status: 'ok' as const, database: kind } };
      },
    );
  };
}
