import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Vite names every built file under /assets/ by its content hash: a changed file gets a new name. */
export const IMMUTABLE_ASSET = 'public, max-age=31536000, immutable';
/** index.html names the current hashes, so the browser revalidates it on every visit (a 304 when unchanged). */
export const REVALIDATE = 'no-cache';

export function cacheControlFor(filePath: string): string {
  return filePath.split(path.sep).includes('assets') ? IMMUTABLE_ASSET : REVALIDATE;
}

/**
 * The built web app: brotli or gzip copies made at build time are sent when the browser accepts them
 * (never compressed per request), hashed assets are cached for a year and index.html is revalidated.
 */
export async function registerStaticAssets(app: FastifyInstance, webDist: string) {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', cacheControlFor(filePath));
      // Shared caches must keep the brotli, gzip and plain copies apart.
      res.setHeader('vary', 'accept-encoding');
    },
  });
}

/** A path the web app routes itself; a missing built file (an old hash) is a real 404, not the app's page. */
export function isWebAppRoute(url: string): boolean {
  return !url.startsWith('/assets/');
}

/** The web app's page for any path it routes itself (its own 404 page included). */
export function sendIndexHtml(reply: FastifyReply) {
  return reply.header('cache-control', REVALIDATE).type('text/html').sendFile('index.html', { cacheControl: false });
}
