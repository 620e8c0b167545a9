/** @jsxRuntime automatic */
// The API runs under tsx without a tsconfig.json at the root: each JSX file names its runtime itself.
import { createHash } from 'node:crypto';
import { colorsToRecord, DEFAULT_COLORS, decodeBase64, messages, registerMessages, searchTermOf } from '@portal/contract';
import { type Db, isDatabaseUnavailable } from '@portal/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { cachedPerDb } from '../../../shared/cached-per-db';
import type { AppContext } from '../../../shared/context';
import { HttpError } from '../../../shared/errors';
import { cachedMinorSettings, loadCompany, loadSettingsRow } from '../../../shared/organisation';
import { findPublicProfile, limitPublic, searchRegister } from '../search';
import { registerStats } from '../stats';
import { registerScript } from './client-script';
import { type Organisation, RegisterFrame, SEARCH_LIST_PATH } from './frame';
import { SearchCardView } from './search-card-view';
import { listPath, SearchListView } from './search-list-view';
import { registerCss } from './styles';

const MAX_TERM = 100;
const MAX_PAGE = 10_000;

interface Branding extends Organisation {
  logo: { bytes: Buffer; type: string } | null;
}

/** `data:image/png;base64,...` as bytes and type; null for anything that is not a base64 image. */
function logoOf(dataUrl: string | null | undefined): Branding['logo'] {
  const match = /^data:(image\/(?:png|jpeg|gif|webp|svg\+xml));base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl ?? '');
  return match ? { type: match[1], bytes: Buffer.from(match[2], 'base64') } : null;
}

async function loadBranding(db: Db): Promise<Branding> {
  const [settings, company] = await Promise.all([loadSettingsRow(db), loadCompany(db)]);
  const colours = settings ? colorsToRecord(settings.siteColors) : DEFAULT_COLORS;
  const logo = logoOf(company?.logo);
  const version = logo ? createHash('sha256').update(logo.bytes).digest('hex').slice(0, 12) : '';
  return {
    name: company?.displayName ?? 'Member Portal',
    logoUrl: logo ? `/search/logo?v=${version}` : null,
    logo,
    css: registerCss(colours),
    primary: colours.primary,
  };
}

// Read on every register page; an administrator's new colours or logo show within a few seconds.
const branding = cachedPerDb(loadBranding, 5_000);

/** The organisation as the page shows it; the defaults when the database is away, so the 503 page still renders. */
async function organisationFor(db: Db): Promise<Branding> {
  try {
    return await branding.get(db);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    return { name: 'Member Portal', logoUrl: null, logo: null, css: registerCss(DEFAULT_COLORS), primary: DEFAULT_COLORS.primary };
  }
}

/** A whole page, compressed when the browser accepts it; never cached without asking (results change). */
function sendPage(reply: FastifyReply, status: number, organisation: Organisation, title: string, page: ReactElement) {
  const html = `<!doctype html>${renderToStaticMarkup(
    <RegisterFrame organisation={organisation} title={title}>
      {page}
    </RegisterFrame>,
  )}`;
  reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache');
  return reply.compress(html);
}

/** The message and status a page shows for a refusal (429 from the per-address limit, 404) or a lost database. */
function problemOf(error: unknown): { status: number; message: string } {
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
  if (isDatabaseUnavailable(error)) return { status: 503, message: messages.serviceUnavailable };
  throw error;
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
          organisation,
          'Member Checker',
          <SearchListView {...model} results={results} stats={stats} showWorkPlace={minor.showWorkPlace} />,
        );
      } catch (error) {
        const problem = problemOf(error);
        if (problem.status === 503) reply.header('retry-after', '5');
        return sendPage(reply, problem.status, organisation, 'Member Checker', <SearchListView {...model} problem={problem.message} />);
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
          organisation,
          'Member Checker',
          <SearchCardView member={null} problem={message} backHref={back} showWorkPlace={false} />,
        );
      if (!profileId || profileId.length > 64) return refuse(404, registerMessages.linkNotValid);
      try {
        limitPublic(ctx, request.ip);
        const [member, minor] = await Promise.all([findPublicProfile(ctx, profileId), cachedMinorSettings(ctx.db)]);
        const page = <SearchCardView member={member} problem={null} backHref={back} showWorkPlace={minor.showWorkPlace} />;
        return sendPage(reply, 200, organisation, `${member.FirstName} ${member.LastName}`, page);
      } catch (error) {
        const problem = problemOf(error);
        return refuse(problem.status, problem.message);
      }
    });

    app.get('/search/register.js', hide, (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(registerScript.source),
    );

    app.get('/search/logo', hide, async (_request, reply) => {
      const logo = (await branding.get(ctx.db)).logo;
      if (!logo) return reply.status(404).send({ message: messages.notFound });
      // A logo may be SVG: as a document of its own it may run nothing.
      return reply
        .type(logo.type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(logo.bytes);
    });
  };
}
