import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COLOR_NAMES, DEFAULT_COLORS, FIELD_ERROR_SUFFIX, minorSettingsSchema, SIGN_IN_IDS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, signIn } from '../../../../test/harness';
import { postMultipart } from '../../../../test/multipart';
import { NOT_SENT_NOTICE } from './sign-in-view';

// A built web app as far as the page needs it: Vite's manifest naming the sign-in script and what it imports.
const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
mkdirSync(path.join(webDist, '.vite'));
writeFileSync(
  path.join(webDist, '.vite', 'manifest.json'),
  JSON.stringify({
    'src/sign-in.ts': { file: 'assets/sign-in-AbC123.js', isEntry: true, imports: ['_paths-XyZ.js'] },
    '_paths-XyZ.js': { file: 'assets/paths-XyZ.js' },
  }),
);

const t = await createTestApp({ webDist });
const page = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/' });
  return { status: response.statusCode, html: response.body, headers: response.headers };
};

describe('GET / (the server-rendered sign-in page)', () => {
  it('shows the form the script drives, with the caption and the ways in', async () => {
    const response = await page();
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    for (const id of Object.values(SIGN_IN_IDS)) expect(response.html, id).toContain(`id="${id}"`);
    for (const id of [SIGN_IN_IDS.email, SIGN_IN_IDS.password]) expect(response.html).toContain(`id="${id}${FIELD_ERROR_SUFFIX}"`);
    expect(response.html).toContain('<h1>Member Portal</h1>');
    expect(response.html).toContain('<label for="sign-in-email">Email</label>');
    expect(response.html).toContain('href="/activate"');
    expect(response.html).toContain('href="/categories"');
    expect(response.html).toContain('href="/forgot-password"');
    expect(response.html).toContain('href="/search/search-list"');
  });

  it("loads the web app's sign-in script from the build, with what it imports preloaded", async () => {
    const { html } = await page();
    expect(html).toContain('<script type="module" src="/assets/sign-in-AbC123.js"></script>');
    expect(html).toContain('<link rel="modulepreload" href="/assets/paths-XyZ.js"/>');
    expect(html).not.toContain('/assets/main-');
  });

  it("follows the administrator's settings at once: caption, registration, colours", async () => {
    const admin = await signIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const current = await t.call('GET', '/api/admin/settings', { token: admin });
    const saved = await postMultipart(
      t,
      '/api/admin/settings',
      {
        id: String(current.body.data.id),
        site_colors: JSON.stringify(
          COLOR_NAMES.map((colorName) => ({ colorName, color: colorName === 'primary' ? '#1565C0' : DEFAULT_COLORS[colorName] })),
        ),
        site_installed_packages: JSON.stringify(['Dashboard', 'Profile']),
        minor_settings: JSON.stringify({ ...minorSettingsSchema.parse({}), login_caption: 'Engineers Portal', registration: false }),
      },
      admin,
    );
    expect(saved.status).toBe(200);
    const { html } = await page();
    expect(html).toContain('<h1>Engineers Portal</h1>');
    expect(html).not.toContain('href="/categories"');
    expect(html).toContain('--primary:#1565C0');
  });
});

describe('POST / (the form sent before its script ran)', () => {
  it('drops the body unread and sends the member back to the page, which says the sign-in was not sent', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=jane.mwangi%40example.com&password=Member%402026',
    });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe('/?not-sent');
    expect(sent.headers['set-cookie']).toBeUndefined();

    const back = await t.app.inject({ method: 'GET', url: sent.headers.location as string });
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain(NOT_SENT_NOTICE);
    expect((await page()).html).not.toContain(NOT_SENT_NOTICE);
  });

  it('refuses a body past 16 kB with 413', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `password=${'x'.repeat(20_000)}`,
    });
    expect(sent.statusCode).toBe(413);
  });
});
