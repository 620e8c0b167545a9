import { checkoutInvoiceSchema, createPaymentRequest, messages, paymentSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { AppContext } from '../../shared/context';
import { currentUser, requireUser } from '../../shared/session';
import { receiveMpesaCallback } from './callback';
import { checkoutInvoice, createPayment } from './checkout';
import { loadPayment } from './payment-dto';

const tags = ['payments'];
const security = [{ bearer: [] }];
const paymentResponse = { 200: z.object({ data: paymentSchema }) };
/** A real STK callback is well under 2 KB. */
const CALLBACK_MAX_BYTES = 64 * 1024;

/** Checkout (part 2 §4, §7; decisions.md §5; decision 024). */
export function paymentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/payments',
      {
        onRequest: requireUser,
        schema: {
          tags,
          security,
          summary:
            'Start paying the caller’s own document: {request: base64 payment request, provider: MPESA | CARD | CREDIT, phone?}. ' +
            'The amount is the invoice’s remaining amount; MPESA sends an STK push, CARD answers checkoutUrl, CREDIT applies credit at once. ' +
            'sourceDocumentNo ALL-DUE pays everything due: credit first, then one payment for the rest, settling the documents oldest first',
          body: createPaymentRequest,
          response: paymentResponse,
        },
      },
      async (req) => ({ data: await createPayment(ctx, currentUser(req), req.body) }),
    );

    app.get(
      '/payments/:id',
      {
        onRequest: requireUser,
        schema: {
          tags,
          security,
          summary: 'One of the caller’s payment attempts: status, message and (once posted) receiptNo',
          params: z.object({ id: z.string().max(60, messages.valueTooLong) }),
          response: paymentResponse,
        },
      },
      async (req) => ({ data: await loadPayment(ctx, currentUser(req), req.params.id) }),
    );

    app.get(
      '/payments/invoice/:code',
      {
        onRequest: requireUser,
        schema: {
          tags,
          security,
          summary:
            'The caller’s invoice a payment request’s sourceDocumentNo names (invoice number, application code, subscription…): ' +
            'description, amount, what is left to pay and the latest receipt; 404 for anyone else’s',
          params: z.object({ code: z.string().max(60, messages.valueTooLong) }),
          response: { 200: z.object({ data: checkoutInvoiceSchema }) },
        },
      },
      async (req) => ({ data: await checkoutInvoice(ctx, currentUser(req), req.params.code) }),
    );

    // Daraja's callback is read as the bytes that arrived, whatever their type or shape: stored first, parsed after.
    await app.register(async (callbacks) => {
      callbacks.removeAllContentTypeParsers();
      callbacks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: CALLBACK_MAX_BYTES }, (_req, body, done) => done(null, body));
      callbacks.post(
        '/payments/mpesa/callback',
        {
          schema: {
            tags,
            summary: 'Daraja’s STK callback (public): kept raw, processed once, always answered {ResultCode: 0}',
            body: z.unknown(),
            response: { 200: z.object({ ResultCode: z.number(), ResultDesc: z.string() }) },
          },
        },
        async (req) => {
          const outcome = await receiveMpesaCallback(ctx, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), req.ip, req.log);
          ctx.metrics?.mpesaCallback(outcome);
          return { ResultCode: 0, ResultDesc: 'Accepted' };
        },
      );
    });
  };
}
