import {
  APPLICATION_DOCUMENT_ROUTE_NAMES,
  APPLICATION_DOCUMENT_ROUTES,
  DOCUMENT_TITLES,
  documentNoParam,
  documentVerificationSchema,
  messages,
  pdfResponseSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { AppContext } from '../../shared/context';
import { consumeLimit, type Limit } from '../../shared/rate-limit';
import { currentUser, requireUser } from '../../shared/session';
import { applicationDocument } from './application-documents';
import { verifyDocument } from './verify';

const tags = ['documents'];
const security = [{ bearer: [] }];

/** The public verification page is looked up per scan; enough for people, too few to walk the number space. */
export const verifyPerIp: Limit = { max: 60, windowSeconds: 60 };

export function documentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    for (const route of APPLICATION_DOCUMENT_ROUTE_NAMES) {
      app.get(
        `/application/${route}/:code`,
        {
          onRequest: requireUser,
          schema: {
            tags,
            security,
            summary: `The application's ${DOCUMENT_TITLES[APPLICATION_DOCUMENT_ROUTES[route]].toLowerCase()} as a base64 PDF (the applicant, admins and approvers)`,
            description:
              'code: the application code, raw or base64-encoded. 404 for anyone else, and while the document is not available for the status.',
            params: z.object({ code: z.string().min(1).max(400, messages.valueTooLong) }),
            response: { 200: pdfResponseSchema },
          },
        },
        async (req) => ({ data: await applicationDocument(ctx, currentUser(req), route, req.params.code) }),
      );
    }

    app.get(
      '/documents/verify/:documentNo',
      {
        schema: {
          tags,
          summary: 'Public verification of an issued document: whose it is, what it certifies, whether it is still valid',
          params: z.object({ documentNo: documentNoParam }),
          response: { 200: z.object({ data: documentVerificationSchema }) },
        },
      },
      async (req) => {
        await consumeLimit(ctx.db, `verify-document:ip:${req.ip}`, verifyPerIp);
        return { data: await verifyDocument(ctx, req.params.documentNo) };
      },
    );
  };
}
