import { brotliDecompressSync } from 'node:zlib';
import { encodeBase64, messages, registerMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestApp, uniqueIp } from '../../../../test/harness';
import { registerScript } from './client-script';

const t = await createTestApp({ searchRatePerMinute: 4 });

async function page(url: string, options: { ip?: string; headers?: Record<string, string> } = {}) {
  const response = await t.app.inject({ method: 'GET', url, remoteAddress: options.ip ?? uniqueIp(), headers: options.headers });
  return { status: response.statusCode, html: response.body, headers: response.headers, raw: response.rawPayload };
}
const cardOf = (profileId: string) => `/search/search-card/${encodeURIComponent(encodeBase64(profileId))}`;
/** The text of the page's main part, tags dropped, so a check reads like what a visitor sees. */
const mainText = (html: string) =>
  (/<main>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

let wekesa: Awaited<ReturnType<typeof createMember>>;

beforeAll(async () => {
  wekesa = await createMember(t.db, { memberNo: 'PG0001', firstName: 'Brian', lastName: 'Wekesa' });
  await createMember(t.db, { memberNo: 'PG0002', firstName: 'Mercy', lastName: 'Wekesa' });
  await createMember(t.db, { memberNo: 'PG0003', firstName: '<script>alert(1)</script>', lastName: 'Wekesa' });
  const { profile: inactive } = await createMember(t.db, { memberNo: 'PG0004', firstName: 'Hidden', lastName: 'Wekesa' });
  await t.db.update(schema.memberships).set({ status: 'Inactive' }).where(eq(schema.memberships.profileId, inactive.profileId));
  for (let i = 0; i < 22; i++) {
    await createMember(t.db, { memberNo: `PZ${String(i).padStart(3, '0')}`, firstName: 'Zawadi', lastName: `Pager${i}` });
  }
});

describe('the server-rendered public register', () => {
  it('/search opens the member checker', async () => {
    const response = await page('/search');
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('/search/search-list');
  });

  it('shows the empty checker with the form and the register at a glance, and no results', async () => {
    const response = await page('/search/search-list');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(response.html).toContain('<label for="term">Name or member number</label>');
    expect(response.html).toContain(registerMessages.licensedOnly);
    expect(mainText(response.html)).toMatch(/The register at a glance · \d+ active members/);
    expect(response.html).not.toContain('aria-label="Results"');
  });

  it('lists only Active members matching the term, with links to their cards, and escapes what members typed', async () => {
    const response = await page('/search/search-list?term=wekesa&page=1');
    expect(response.status).toBe(200);
    const text = mainText(response.html);
    expect(text).toContain('3 members found for "wekesa"');
    for (const no of ['PG0001', 'PG0002', 'PG0003']) expect(text).toContain(no);
    expect(text).not.toContain('PG0004');
    expect(response.html).toContain(`href="${cardOf(wekesa.profile.profileId)}"`);
    expect(response.html).not.toContain('<script>alert(1)</script>');
    expect(response.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // The term stays in the box.
    expect(response.html).toMatch(/<input id="term"[^>]*value="wekesa"/);
  });

  it('pages by plain links, 20 a page', async () => {
    const first = await page('/search/search-list?term=zawadi&page=1');
    expect(mainText(first.html)).toContain('22 members found for "zawadi"');
    expect(first.html).toContain('href="/search/search-list?term=zawadi&amp;page=2"');
    expect(first.html).toContain('aria-current="page" aria-label="Page 1"');
    const second = await page('/search/search-list?term=zawadi&page=2');
    expect((second.html.match(/class="card result"/g) ?? []).length).toBe(2);
    expect(second.html).toContain('rel="prev"');
  });

  it('says so when nothing matches, and shows nothing for a blank term', async () => {
    expect(mainText((await page('/search/search-list?term=nobodyhere&page=1')).html)).toContain(registerMessages.noResults);
    expect((await page('/search/search-list?term=%20%20&page=1')).html).not.toContain('aria-label="Results"');
  });

  it('takes odd queries as a visitor could send them without failing', async () => {
    for (const url of [
      '/search/search-list?term=a&term=b&page=x',
      '/search/search-list?page=-5&licensed=maybe',
      `/search/search-list?term=${'w'.repeat(5000)}`,
      '/search/search-list?term=%27%3B%20drop%20table%20profiles%3B--',
      '/search/search-list?page=99999999999999999999',
    ]) {
      const response = await page(url);
      expect(response.status, url).toBe(200);
    }
  });

  it('shows the per-address limit as a message on the page, with 429', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 4; i++) expect((await page('/search/search-list?term=wekesa', { ip })).status).toBe(200);
    const limited = await page('/search/search-list?term=wekesa', { ip });
    expect(limited.status).toBe(429);
    expect(limited.html).toContain('role="alert"');
    expect(mainText(limited.html)).toContain(messages.rateLimited);
    expect(mainText(limited.html)).not.toContain('PG0001');
  });

  it("shows a member's card with public fields only, and a way back to the results they came from", async () => {
    const response = await page(cardOf(wekesa.profile.profileId), {
      headers: { referer: 'http://localhost:80/search/search-list?term=wekesa&page=1', host: 'localhost:80' },
    });
    expect(response.status).toBe(200);
    const text = mainText(response.html);
    expect(text).toContain('Brian');
    expect(text).toContain('PG0001');
    expect(text).toContain(registerMessages.goodStanding);
    expect(text).toContain(registerMessages.notLicensed);
    expect(response.html).toContain('href="/search/search-list?term=wekesa&amp;page=1"');
    for (const secret of [wekesa.profile.email, wekesa.profile.phoneNo, wekesa.profile.identificationDocumentNo]) {
      expect(response.html).not.toContain(secret as string);
    }
  });

  it('answers 404 with a message for a broken link, an unknown member and an inactive one', async () => {
    const broken = await page('/search/search-card/%25%25%25');
    expect(broken.status).toBe(404);
    expect(mainText(broken.html)).toContain(registerMessages.linkNotValid);
    const unknown = await page(cardOf('NO-SUCH-PROFILE'));
    expect(unknown.status).toBe(404);
    expect(mainText(unknown.html)).toContain(registerMessages.memberNotFound);
  });

  it('is sent compressed when the browser accepts it, and its script is cached for a year', async () => {
    const response = await page('/search/search-list?term=wekesa', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.raw).toString()).toContain('PG0001');
    const script = await page(`/search/register.js?v=${registerScript.version}`);
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.html.length).toBeGreaterThan(0);
  });

  it('serves the logo the settings hold, and draws the page in the settings colours', async () => {
    const list = await page('/search/search-list');
    const logoUrl = /<img class="logo" src="([^"]+)"/.exec(list.html)?.[1];
    expect(logoUrl).toMatch(/^\/search\/logo\?v=[0-9a-f]{12}$/);
    const logo = await page(logoUrl as string);
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toMatch(/^image\//);
    expect(logo.headers['content-security-policy']).toContain("default-src 'none'");
    expect(list.html).toContain('--primary:#9F232D');
  });
});
