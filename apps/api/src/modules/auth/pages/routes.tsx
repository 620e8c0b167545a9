/** @jsxRuntime automatic */
// The API runs under tsx without a tsconfig.json at the root: each JSX file names its runtime itself.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../shared/context';
import { cachedMinorSettings } from '../../../shared/organisation';
import { organisationFor, problemOf, sendPage } from '../../../shared/pages/render';
import { webEntry } from '../../../shared/pages/web-entry';
import { SignInView } from './sign-in-view';

const NOT_SENT_QUERY = 'not-sent';

/**
 * `/`, the sign-in page, rendered by the server (decision 042): the first page most members open, on a phone,
 * arrives finished with its styles inline; its script is the web app's small `sign-in` entry, not the web app.
 */
export function signInPageRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    // Tapped before the script ran, the form posts itself here. The body (a password) is dropped unread, never logged,
    // and the member is sent back to the page, which says the sign-in was not sent.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer', bodyLimit: 16_384 }, (_request, _body, done) =>
      done(null, null),
    );
    app.post('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect(`/?${NOT_SENT_QUERY}`, 303));

    app.get('/', { schema: { hide: true } }, async (request, reply) => {
      const notSent = Object.hasOwn((request.query ?? {}) as object, NOT_SENT_QUERY);
      const organisation = await organisationFor(ctx.db);
      const script = webEntry(ctx.config.webDist, 'src/sign-in.ts');
      const frame = {
        organisation,
        title: 'Sign in',
        description: `Members of ${organisation.name}: sign in to apply, keep your profile, pay fees and download certificates.`,
        home: '/',
        nav: [{ label: 'Member Checker', href: '/search/search-list' }],
        scripts: script ? [{ src: script.src, module: true }] : [],
        preload: script?.preload ?? [],
      };
      try {
        const minor = await cachedMinorSettings(ctx.db);
        return sendPage(
          reply,
          200,
          frame,
          <SignInView caption={minor.login_caption} registration={minor.registration} notSent={notSent} />,
        );
      } catch (error) {
        const problem = problemOf(error, reply);
        return sendPage(
          reply,
          problem.status,
          frame,
          <p className="alert alert-error" role="alert">
            {problem.message}
          </p>,
        );
      }
    });
  };
}
