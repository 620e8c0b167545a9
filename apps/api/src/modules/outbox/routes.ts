import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { AppContext } from '../../shared/context';
import { listOutbox } from './outbox';

const outboxMessage = z.object({
  id: z.number(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  status: z.string(),
  attempts: z.number(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});

/** Development only: read what the portal would have sent. Never registered in production. */
export function devOutboxRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dev/outbox',
      {
        schema: {
          tags: ['dev'],
          summary: 'Messages in the outbox, newest first (not in production)',
          response: { 200: z.object({ data: z.array(outboxMessage) }) },
        },
      },
      async () => ({ data: await listOutbox(ctx.db) }),
    );
  };
}
