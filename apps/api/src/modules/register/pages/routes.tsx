/** @jsxRuntime automatic */
// The API runs under tsx without a tsconfig.json at the root: each JSX file names its runtime itself.
import { decodeBase64, registerMessages, searchTermOf } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../shared/context';
import { cachedMinorSettings } from '../../../shared/organisation';
import { type Organisation, PUBLIC_NAV, SEARCH_LIST_PATH } from '../../../shared/pages/frame';
import { organisationFor, problemOf, registerLogoRoute, sendPage } from '../../../shared/pages/render';
import { findPublicProfile, limitPublic, searchRegister } from '../search';
import { registerStats } from '../stats';
import { registerScript } from './client-script';
import { SearchCardView } from './search-card-view';
import { listPath, SearchListView } from './search-list-view';

const MAX_TERM = 100;
const MAX_PAGE = 10_000;

/** The frame of the register's pages: Search and Login in the bar, the scroll-to-top button (part 1 §9). */
function registerFrame(organisation: Organisation, title: string) {
  return {
    organisation,
    title,
    description: `Check whether someone is a registered member of ${organisation.name}.`,
    home: SEARCH_LIST_PATH,
    nav: PUBLIC_NAV,
    scripts: [{ src: `/search/register.js?v=${registerScript.version}` }],
    after: (
      <button type="button" id="to-top" className="top" aria-label="Scroll to top" hidden>
        ↑
      </button>
    ),
  };
}

/** A query value as one string: the first of repeated ones, nothing for anything else. */
function single(value: unknown): string {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
}

/** The list's query: the term as typed (trimmed, at most 100 characters), the page, the licensed box. */
function listQuery(request: FastifyRequest) {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const term = searchTermOf(single(query.term)).slice(0, MAX_TERM);
  const page = Math.min(MAX_PAGE, Math.max(1, Number.parseInt(single(query.page), 10) || 1));
  return { term, page, licensed: single(query.licensed) === 'true' };
}

/** Back to the results the visitor came from (same site, the list), else the empty search. */
function backHref(request: FastifyRequest): string {
  const referer = request.headers.referer;
  if (!referer) return SEARCH_LIST_PATH;
  try {
    const from = new URL(referer);
    const sameSite = from.host === new URL(`${from.protocol}//${request.headers.host}`).host && from.pathname === SEARCH_LIST_PATH;
    return sameSite
      ? listPath(
          from.searchParams.get('term') ?? '',
          Number(from.searchParams.get('page')) || 1,
          from.searchParams.get('licensed') === 'true',
        )
      : SEARCH_LIST_PATH;
  } catch {
    return SEARCH_LIST_PATH;
  }
}

/**
 * The public register as server-rendered pages (decision 042): the member checker and a member's card arrive as
 * finished HTML with their styles inline and one small script, so a visitor on a phone downloads a few kilobytes
 * instead of the web app. The JSON calls under /api/profile/search stay for other clients.
 */
export function registerPageRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const hide = { schema: { hide: true } };

    app.get('/search', hide, (_request, reply) => reply.redirect(SEARCH_LIST_PATH));

    app.get(SEARCH_LIST_PATH, hide, async (request, reply) => {
      const { term, page, licensed } = listQuery(request);
      const organisation = await organisationFor(ctx.db);
      const model = { term, page, licensed, results: null, stats: null, showWorkPlace: false, problem: null };
      try {
        limitPublic(ctx, request.ip);
        const [minor, results, stats] = await Promise.all([
          cachedMinorSettings(ctx.db),
          term || licensed ? searchRegister(ctx, term, page, licensed) : null,
          registerStats(ctx.db),
        ]);
        return sendPage(
          reply,
          200,
          registerFrame(organisation, 'Member Checker'),
          <SearchListView {...model} results={results} stats={stats} showWorkPlace={minor.showWorkPlace} />,
        );
      } catch (error) {
        const problem = problemOf(error, reply);
        return sendPage(
          reply,
          problem.status,
          registerFrame(organisation, 'Member Checker'),
          <SearchListView {...model} problem={problem.message} />,
        );
      }
    });

    app.get<{ Params: { code: string } }>('/search/search-card/:code', hide, async (request, reply) => {
      const organisation = await organisationFor(ctx.db);
      const back = backHref(request);
      const profileId = decodeBase64(request.params.code)?.trim();
      const refuse = (status: number, message: string) =>
        sendPage(
          reply,
          status,
          registerFrame(organisation, 'Member Checker'),
          <SearchCardView member={null} problem={message} backHref={back} showWorkPlace={false} />,
        );
      if (!profileId || profileId.length > 64) return refuse(404, registerMessages.linkNotValid);
      try {
        limitPublic(ctx, request.ip);
        const [member, minor] = await Promise.all([findPublicProfile(ctx, profileId), cachedMinorSettings(ctx.db)]);
        const page = <SearchCardView member={member} problem={null} backHref={back} showWorkPlace={minor.showWorkPlace} />;
        return sendPage(reply, 200, registerFrame(organisation, `${member.FirstName} ${member.LastName}`), page);
      } catch (error) {
        const problem = problemOf(error, reply);
        return refuse(problem.status, problem.message);
      }
    });

    app.get('/search/register.js', hide, (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(registerScript.source),
    );

    registerLogoRoute(app, ctx.db);
  };
}
