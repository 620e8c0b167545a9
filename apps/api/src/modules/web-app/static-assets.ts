import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
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

/** The page with the organisation's colours in its head, so the first paint is in them (decision 043). */
export function withColours(html: string, coloursCss: string): string {
  const style = `<style id="brand-colours">${coloursCss}</style>`;
  return html.includes('</head>') ? html.replace('</head>', `${style}</head>`) : `${style}${html}`;
}

interface ColouredPage {
  key: string;
  html: string;
  etag: string;
  br: Buffer;
  gzip: Buffer;
}

let coloured: ColouredPage | null = null;

/**
 * index.html with the colours, its ETag and compressed copies, made once per build and colour set (colours change
 * rarely; a build never changes under a running server) rather than on every page load.
 */
function colouredPage(indexFile: string, coloursCss: string): ColouredPage {
  const key = `${indexFile}\n${coloursCss}`;
  if (coloured?.key !== key) {
    const html = withColours(readFileSync(indexFile, 'utf8'), coloursCss);
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    coloured = { key, html, etag, br: brotliCompressSync(html), gzip: gzipSync(html) };
  }
  return coloured;
}

/**
 * The web app's page for any path it routes itself (its own 404 page included), with the settings' colours. It is
 * revalidated on every visit: an unchanged page (same build, same colours) is a 304 by its ETag.
 */
export function sendIndexHtml(reply: FastifyReply, indexFile: string, coloursCss: string) {
  const page = colouredPage(indexFile, coloursCss);
  reply.header('cache-control', REVALIDATE).header('etag', page.etag).header('vary', 'accept-encoding');
  if (reply.request.headers['if-none-match'] === page.etag) return reply.status(304).send();
  reply.type('text/html; charset=utf-8');
  // Compressed here (the 404 handler has no @fastify/compress): br when accepted, else gzip.
  const accepted = String(reply.request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
}
