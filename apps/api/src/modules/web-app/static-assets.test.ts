import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { COLOR_NAMES, colorsToRecord, DEFAULT_COLORS, liteColourCss, minorSettingsSchema, PACKAGES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, signIn } from '../../../test/harness';
import { postMultipart } from '../../../test/multipart';

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
      expect(response.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<div id="root">');
    }
  });

  it("carries the settings' colours in its head, so the first paint is in them (decision 043)", async () => {
    const page = await get('/dashboard', 'gzip');
    const html = gunzipSync(page.rawPayload).toString();
    expect(html).toContain(`<style id="brand-colours">${liteColourCss(DEFAULT_COLORS)}</style>`);
    expect(html.indexOf('brand-colours')).toBeLessThan(html.indexOf('<div id="root">'));

    const admin = await signIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const current = await t.call('GET', '/api/admin/settings', { token: admin });
    const colours = COLOR_NAMES.map((colorName) => ({ colorName, color: colorName === 'primary' ? '#1565C0' : DEFAULT_COLORS[colorName] }));
    const saved = await postMultipart(
      t,
      '/api/admin/settings',
      {
        id: String(current.body.data.id),
        site_colors: JSON.stringify(colours),
        site_installed_packages: JSON.stringify(PACKAGES),
        minor_settings: JSON.stringify(minorSettingsSchema.parse({})),
      },
      admin,
    );
    expect(saved.status).toBe(200);
    const after = (await get('/dashboard')).body;
    expect(after).toContain('--lt-primary:#1565C0;');
    expect(after).toContain(liteColourCss(colorsToRecord(colours)));
  });

  it('answers an unchanged page with 304 by its ETag', async () => {
    const first = await get('/profile');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({ method: 'GET', url: '/billing', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await t.app.inject({ method: 'GET', url: '/billing', headers: { 'if-none-match': '"old"' } });
    expect(other.statusCode).toBe(200);
  });

  it('answers a missing hashed file with 404, not the web app page', async () => {
    const response = await get('/assets/gone-Old999.js', 'br');
    expect(response.statusCode).toBe(404);
  });
});
