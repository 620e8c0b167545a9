/** @jsxRuntime automatic */
// The API runs under tsx without a tsconfig.json at the root: each JSX file names its runtime itself.
import { createHash } from 'node:crypto';
import { colorsToRecord, DEFAULT_COLORS, liteColourCss, messages } from '@portal/contract';
import { type Db, isDatabaseUnavailable } from '@portal/db';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ComponentProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { cachedPerDb } from '../cached-per-db';
import { HttpError } from '../errors';
import { loadCompany, loadSettingsRow, settingsGeneration } from '../organisation';
import { type Organisation, PageFrame } from './frame';
import { pageCss } from './styles';

interface Branding extends Organisation {
  logo: { bytes: Buffer; type: string } | null;
  /** The web app's colours (lite.css's properties) as a :root rule, for its index.html (decision 043). */
  webAppCss: string;
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
    css: pageCss(colours),
    primary: colours.primary,
    webAppCss: liteColourCss(colours),
  };
}

// Read on every server-rendered page; an administrator's new colours or logo show within a few seconds.
const branding = cachedPerDb(loadBranding, 5_000);
let brandingGeneration = settingsGeneration();

/** The kept branding, read again at once after this instance saved settings or company. */
function currentBranding(db: Db): Promise<Branding> {
  if (brandingGeneration !== settingsGeneration()) {
    brandingGeneration = settingsGeneration();
    branding.forget(db);
  }
  return branding.get(db);
}

/** The organisation as the page shows it; the defaults when the database is away, so the 503 page still renders. */
export async function organisationFor(db: Db): Promise<Organisation> {
  try {
    return await currentBranding(db);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    return { name: 'Member Portal', logoUrl: null, css: pageCss(DEFAULT_COLORS), primary: DEFAULT_COLORS.primary };
  }
}

/** The web app's colours as a style rule; the defaults when the database is away (the app then shows its own errors). */
export async function webAppColoursFor(db: Db): Promise<string> {
  try {
    return (await currentBranding(db)).webAppCss;
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    return liteColourCss(DEFAULT_COLORS);
  }
}

/** A whole page, compressed when the browser accepts it; never cached without asking (what it shows changes). */
export function sendPage(
  reply: FastifyReply,
  status: number,
  frame: Omit<ComponentProps<typeof PageFrame>, 'children'>,
  page: React.ReactNode,
) {
  const html = `<!doctype html>${renderToStaticMarkup(<PageFrame {...frame}>{page}</PageFrame>)}`;
  reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache');
  return reply.compress(html);
}

/**
 * The message and status a page shows for a refusal (429 from a per-address limit, 404) or a lost database (503,
 * with Retry-After on the reply); anything else is rethrown to the error handler.
 */
export function problemOf(error: unknown, reply: FastifyReply): { status: number; message: string } {
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
  if (!isDatabaseUnavailable(error)) throw error;
  reply.header('retry-after', '5');
  return { status: 503, message: messages.serviceUnavailable };
}

/** GET /search/logo: the organisation's logo for the server-rendered pages, cached by its version in the address. */
export function registerLogoRoute(app: FastifyInstance, db: Db) {
  app.get('/search/logo', { schema: { hide: true } }, async (_request, reply) => {
    const logo = (await currentBranding(db)).logo;
    if (!logo) return reply.status(404).send({ message: messages.notFound });
    // A logo may be SVG: as a document of its own it may run nothing.
    return (
      reply
        .type(logo.type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        // Campaign e-mails show it from mail clients and the editor's preview frame: any origin may embed it.
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(logo.bytes)
    );
  });
}
