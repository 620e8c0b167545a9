import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness';

const t = await createTestApp();

describe('GET /api/openapi.json', () => {
  it('publishes an OpenAPI document with the spec paths', async () => {
    const response = await t.call('GET', '/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
    const paths = Object.keys(response.body.paths);
    for (const path of [
      '/api/auth/login',
      '/api/auth/register',
      '/api/auth/verify',
      '/api/auth/verify-otp',
      '/api/auth/send-otp',
      '/api/auth/password-reset',
      '/api/auth/password',
      '/api/auth/set-password',
      '/api/auth/notification',
      '/api/auth/logout',
      '/api/auth/user',
      '/api/auth/activation',
      '/api/auth/activation/activate',
      '/api/profile/search/member',
      '/api/profile',
      '/api/application',
      '/api/application/requirements',
      '/api/settings',
      '/api/company',
      '/api/company/terms',
      '/api/setup/membership-categories',
      '/api/setup/disclaimers',
      '/api/health',
    ]) {
      expect(paths, path).toContain(path);
    }
  });

  it('describes request bodies from the zod schemas and marks signed-in routes', async () => {
    const { body } = await t.call('GET', '/api/openapi.json');
    const login = body.paths['/api/auth/login'].post;
    const schema = login.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(body.paths['/api/auth/user'].get.security).toEqual([{ bearer: [] }]);
    expect(body.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});

describe('GET /api/docs', () => {
  it('answers a readable HTML reference page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toMatch(/swagger/i);
  });
});

describe('unknown paths', () => {
  it('answer 404 JSON with a message under /api', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/auth/nothing'],
      ['GET', '/api'],
    ] as const) {
      const response = await t.call(method, url);
      expect(response.status, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.body.message).toBe(`Not found: ${method} ${url}`);
    }
  });

  it('answer 404 JSON outside /api too when no web app is built', async () => {
    const response = await t.call('GET', '/some/page');
    expect(response.status).toBe(404);
    expect(response.body.message).toMatch(/^Not found/);
  });
});

describe('errors', () => {
  it('answer malformed JSON with 400 and a message, never a stack trace', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    const body = JSON.parse(response.body);
    expect(body.message).toEqual(expect.any(String));
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('answer an over-large body with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(JSON.parse(response.body).message).toEqual(expect.any(String));
  });
});

describe('security headers', () => {
  it('are sent on API answers', async () => {
    const response = await t.call('GET', '/api/health');
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers).not.toHaveProperty('x-powered-by');
  });

  it('are sent on error answers too', async () => {
    const response = await t.call('GET', '/api/auth/user');
    expect(response.status).toBe(401);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('do not force HSTS outside production', async () => {
    const response = await t.call('GET', '/api/health');
    expect(response.headers).not.toHaveProperty('strict-transport-security');
  });
});
