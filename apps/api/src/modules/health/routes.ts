import { messages } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { AppContext } from '../../shared/context';

/** How long the health check waits for the database before it calls it down. */
const DATABASE_CHECK_MS = 2000;

/** True when the database answers `select 1` in time. */
async function databaseAnswers(ctx: AppContext): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_CHECK_MS);
  });
  const query = ctx.db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** For load balancers and monitors: 200 while the database answers, 503 while it does not. */
export function healthRoutes(ctx: AppContext, kind: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Whether this instance can serve: 200 when the database answers, 503 when it does not',
          response: {
            200: z.object({ data: z.object({ status: z.literal('ok'), database: z.string() }) }),
            503: z.object({ message: z.string(), data: z.object({ status: z.literal('unavailable'), database: z.string() }) }),
          },
        },
      },
      async (_req, reply) => {
        if (await databaseAnswers(ctx)) return { data: { status: 'ok' as const, database: kind } };
        reply.header('cache-control', 'no-store');
        return reply.status(503).send({ message: messages.serviceUnavailable, data: { status: 'unavailable' as const, database: kind } });
      },
    );
  };
}
