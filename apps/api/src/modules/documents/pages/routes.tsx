/** @jsxRuntime automatic */
// The API runs under tsx without a tsconfig.json at the root: each JSX file names its runtime itself.
import { documentMessages } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../shared/context';
import { PUBLIC_NAV, SEARCH_LIST_PATH } from '../../../shared/pages/frame';
import { organisationFor, problemOf, sendPage } from '../../../shared/pages/render';
import { consumeLimit } from '../../../shared/rate-limit';
import { verifyPerIp } from '../routes';
import { verifyDocument } from '../verify';
import { VerifyView } from './verify-view';

/**
 * `/search/verify/{documentNo}`, the page a document's QR code opens, rendered by the server (decision 042): most
 * people scan it with a phone, and it needs no script at all.
 */
export function verifyPageRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.get<{ Params: { documentNo: string } }>('/search/verify/:documentNo', { schema: { hide: true } }, async (request, reply) => {
      const organisation = await organisationFor(ctx.db);
      const documentNo = request.params.documentNo.slice(0, 64);
      const frame = {
        organisation,
        title: 'Document verification',
        description: `Check that a document issued by ${organisation.name} is genuine and still valid.`,
        home: SEARCH_LIST_PATH,
        nav: PUBLIC_NAV,
      };
      try {
        await consumeLimit(ctx.db, `verify-document:ip:${request.ip}`, verifyPerIp);
        const doc = await verifyDocument(ctx, documentNo);
        return sendPage(reply, 200, frame, <VerifyView doc={doc} problem={null} documentNo={documentNo} />);
      } catch (error) {
        const problem = problemOf(error, reply);
        const message = problem.status === 404 ? documentMessages.documentNotFound : problem.message;
        return sendPage(reply, problem.status, frame, <VerifyView doc={null} problem={message} documentNo={documentNo} />);
      }
    });
  };
}
