/** @jsxRuntime automatic */
// The API runs under tsx without a tsconfig.json at the root: each JSX file names its runtime itself.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../shared/context';
import { PUBLIC_NAV, SEARCH_LIST_PATH } from '../../../shared/pages/frame';
import { organisationFor, problemOf, sendPage } from '../../../shared/pages/render';
import { unsubscribeByToken } from '../consent';
import { readUnsubscribeToken } from '../unsubscribe-token';
import { UnsubscribeView } from './unsubscribe-view';

const FORM = 'application/x-www-form-urlencoded';

/**
 * `/unsubscribe/{token}` (issue 29), rendered by the server without a script: GET asks, the form's POST
 * unsubscribes (a consent change from the link). The one-click POST of mail providers is `/api/unsubscribe/{token}`.
 */
export function unsubscribePageRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, {}));
    const page = async (token: string) => {
      const organisation = await organisationFor(ctx.db);
      const frame = {
        organisation,
        title: 'Unsubscribe',
        description: `Stop news and campaign messages from ${organisation.name}.`,
        home: SEARCH_LIST_PATH,
        nav: PUBLIC_NAV,
      };
      const target = readUnsubscribeToken(ctx.config, token);
      const view = (state: 'ask' | 'done' | 'invalid') => (
        <UnsubscribeView
          state={state}
          organisation={organisation.name}
          action={`/unsubscribe/${encodeURIComponent(token)}`}
          channel={target?.channel ?? 'email'}
        />
      );
      return { frame, view, target };
    };

    app.get<{ Params: { token: string } }>('/unsubscribe/:token', { schema: { hide: true } }, async (request, reply) => {
      const token = request.params.token.slice(0, 500);
      const { frame, view, target } = await page(token);
      return sendPage(reply, target ? 200 : 404, frame, view(target ? 'ask' : 'invalid'));
    });

    app.post<{ Params: { token: string } }>('/unsubscribe/:token', { schema: { hide: true } }, async (request, reply) => {
      const token = request.params.token.slice(0, 500);
      const { frame, view } = await page(token);
      try {
        await unsubscribeByToken(ctx.db, ctx.config, token, 'unsubscribe-link');
        return sendPage(reply, 200, frame, view('done'));
      } catch (error) {
        const problem = problemOf(error, reply);
        return sendPage(reply, problem.status, frame, view('invalid'));
      }
    });
  };
}
