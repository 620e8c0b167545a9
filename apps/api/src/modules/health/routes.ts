import { messages } from '@portal/contract';
import type { Database } from '@portal/db';
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

/**
 * Ready when the database answers within 2 s and every migration of the journal is applied (an instance started
 * against a database another release has not migrated yet must not take traffic); the reason otherwise.
 */
async function readiness(database: Pick<Database, 'pendingMigrations'>): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`the database did not answer within ${DATABASE_CHECK_MS / 1000} s`), DATABASE_CHECK_MS);
  });
  const check = database.pendingMigrations().then(
    (pending) => (pending.length ? `migrations not applied: ${pending.join(', ')}` : null),
    () => 'the database is unavailable',
  );
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For load balancers and monitors: `/health` 200 while the database answers, 503 while it does not; `/health/live`
 * 200 while the process serves at all (restart it otherwise); `/health/ready` 200 when it can serve (send it
 * traffic), 503 with the reason when not.
 */
export function healthRoutes(ctx: AppContext, database: Pick<Database, 'kind' | 'pendingMigrations'>): FastifyPluginAsyncZod {
  const kind = database.kind;
  return async (app) => {
    app.get(
      '/health/live',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness: 200 while the process answers at all (it does not look at the database)',
          response: { 200: z.object({ data: z.object({ status: z.literal('ok') }) }) },
        },
      },
      async () => ({ data: { status: 'ok' as const } }),
    );

    app.get(
      '/health/ready',
      {
        schema: {
          tags: ['health'],
          summary: 'Readiness: 200 when the database answers within 2 s and every migration is applied; 503 with the reason',
          response: {
            200: z.object({ data: z.object({ status: z.literal('ok'), database: z.string() }) }),
            503: z.object({
              message: z.string(),
              data: z.object({ status: z.literal('unavailable'), database: z.string(), reason: z.string() }),
            }),
          },
        },
      },
      async (_req, reply) => {
        const reason = await readiness(database);
        if (reason === null) return { data: { status: 'ok' as const, database: kind } };
        return reply
          .status(503)
          .send({ message: messages.serviceUnavailable, data: { status: 'unavailable' as const, database: kind, reason } });
      },
    );

    // TEST_SLOW_ROUTE=1 only (never in production): a request that takes `ms`, for the graceful-shutdown test.
    if (ctx.config.testSlowRoute) {
      app.get(
        '/health/test-slow',
        { schema: { hide: true, querystring: z.object({ ms: z.coerce.number().int().min(0).max(60_000).default(1000) }) } },
        async (req) => {
          await new Promise((resolve) => setTimeout(resolve, req.query.ms));
          return { data: { status: 'ok', waitedMs: req.query.ms } };
        },
      );
    }

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
