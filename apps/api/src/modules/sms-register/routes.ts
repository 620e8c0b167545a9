import {
  atCallbackQuery,
  devSmsRequest,
  devUssdAnswerSchema,
  devUssdRequest,
  inboundSmsAnswerSchema,
  inboundSmsSchema,
  messages,
  ussdRequestSchema,
} from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { AppContext } from '../../shared/context';
import { forbidden } from '../../shared/errors';
import { answerSms, answerUssd, type CheckLog } from './checks';
import { callbackTokenAccepted } from './phone';

const tags = ['register'];
const FORM = 'application/x-www-form-urlencoded';
/** Africa's Talking's callbacks are a few hundred bytes. */
const FORM_LIMIT = 16 * 1024;

function logCheck(req: FastifyRequest, check: CheckLog | null) {
  if (check) req.log.info({ registerCheck: check }, 'register check');
}

/** Only Africa's Talking knows the callback address's token (config AT_CALLBACK_TOKEN); without one, none is taken. */
function atCallbackOnly(ctx: AppContext) {
  return (req: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    const token = (req.query as { token?: unknown } | undefined)?.token;
    done(callbackTokenAccepted(ctx.config, typeof token === 'string' ? token : undefined) ? undefined : forbidden(messages.notAllowed));
  };
}

/** The public register by SMS and USSD through Africa's Talking (issue 29, decision 059). */
export function smsRegisterRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Africa's Talking posts its callbacks form-encoded: read here, for these routes alone.
    app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const onRequest = atCallbackOnly(ctx);

    app.post(
      '/sms/inbound',
      {
        onRequest,
        schema: {
          tags,
          summary:
            "Africa's Talking's inbound SMS callback (form-encoded, ?token=AT_CALLBACK_TOKEN): the member or licence number in the text is answered by SMS to the sender",
          consumes: [FORM],
          querystring: atCallbackQuery,
          body: inboundSmsSchema,
          response: { 200: z.object({ data: inboundSmsAnswerSchema }) },
        },
      },
      async (req) => {
        const { log, ...answer } = await answerSms(ctx, req.body);
        logCheck(req, log);
        return { data: answer };
      },
    );

    app.post(
      '/ussd',
      {
        onRequest,
        schema: {
          tags,
          summary:
            "Africa's Talking's USSD callback (form-encoded, ?token=AT_CALLBACK_TOKEN): text/plain 'CON …' while the menu goes on, 'END …' with the answer",
          consumes: [FORM],
          produces: ['text/plain'],
          querystring: atCallbackQuery,
          body: ussdRequestSchema,
          response: { 200: z.string().describe("'CON ' and the next screen, or 'END ' and the last") },
        },
      },
      async (req, reply) => {
        const { reply: screen, log } = await answerUssd(ctx, req.body);
        logCheck(req, log);
        return reply.type('text/plain; charset=utf-8').send(screen);
      },
    );
  };
}

/**
 * Development only (as /dev/outbox, never registered in production): the /dev/sms page plays the phone, through
 * the same services as the callbacks, without Africa's Talking's token.
 */
export function devSmsRegisterRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/dev/sms',
      {
        schema: {
          tags: ['dev'],
          summary: 'An SMS from a phone number to the short code, as Africa’s Talking would pass it on (not in production)',
          body: devSmsRequest,
          response: { 200: z.object({ data: inboundSmsAnswerSchema }) },
        },
      },
      async (req) => {
        const { log, ...answer } = await answerSms(ctx, { from: req.body.from, text: req.body.text });
        logCheck(req, log);
        return { data: answer };
      },
    );

    app.post(
      '/dev/ussd',
      {
        schema: {
          tags: ['dev'],
          summary: 'A USSD step from a phone number, as Africa’s Talking would pass it on; the answer as JSON (not in production)',
          body: devUssdRequest,
          response: { 200: z.object({ data: devUssdAnswerSchema }) },
        },
      },
      async (req) => {
        const { reply, log } = await answerUssd(ctx, req.body);
        logCheck(req, log);
        return { data: { reply } };
      },
    );
  };
}
