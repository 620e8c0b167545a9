import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';

/** A built web app in miniature: a hashed chunk with its build-time brotli and gzip copies, and index.html. */
function fakeWebDist() {
  const dir = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  const chunk = `export const page = ${JSON.stringify('x'.repeat(4000))};\n`;
  writeFileSync(path.join(dir, 'assets', 'page-AbC123.js'), chunk);
  writeFileSync(path.join(dir, 'assets', 'page-AbC123.js.br'), brotliCompressSync(chunk));
  writeFileSync(path.join(dir, 'assets', 'page-AbC123.js.gz'), gzipSync(chunk));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  return { dir, chunk };
}

const web = fakeWebDist();
const t = await createTestApp({ webDist: web.dir });

async function get(url: string, acceptEncoding?: string) {
  return t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
}

describe('the built web app', () => {
  it('sends the build-time brotli copy to a browser that accepts br, cached for a year', async () => {
    const response = await get('/assets/page-AbC123.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(web.chunk);
  });

  it('sends the gzip copy when brotli is not accepted, and the plain file when nothing is', async () => {
    const gzipped = await get('/assets/page-AbC123.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(web.chunk);

    const plain = await get('/assets/page-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(web.chunk);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates index.html on every visit, on any route the web app owns', async () => {
    for (const url of ['/dashboard', '/profile/contacts', '/no/such/page']) {
      const response = await get(url, 'br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('answers a missing hashed file with 404, not the web app page', async () => {
    const response = await get('/assets/gone-Old999.js', 'br');
    expect(response.statusCode).toBe(404);
  });
});
