import { adminMessages, COLOR_NAMES, DEFAULT_COLORS, messages, minorSettingsSchema, PACKAGES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, createUser, signIn } from '../../../test/harness';

const t = await createTestApp();

const defaultSettings = () => ({
  site_colors: COLOR_NAMES.map((colorName) => ({ colorName, color: DEFAULT_COLORS[colorName] })),
  site_installed_packages: [...PACKAGES],
  minor_settings: minorSettingsSchema.parse({}),
});

interface Endpoint {
  method: 'GET' | 'POST';
  path: string;
  /** Settings and company: the main administrator only. */
  mainOnly: boolean;
  /** A well-formed request; a fresh target user is made for each call, so delete and edit always succeed. */
  build: () => Promise<{ url: string; body?: unknown }>;
}

const target = () => createUser(t.db);

const endpoints: Endpoint[] = [
  { method: 'GET', path: '/api/admin/settings', mainOnly: true, build: async () => ({ url: '/api/admin/settings' }) },
  {
    method: 'POST',
    path: '/api/admin/settings',
    mainOnly: true,
    build: async () => ({ url: '/api/admin/settings', body: defaultSettings() }),
  },
  {
    method: 'POST',
    path: '/api/admin/updateSettings',
    mainOnly: true,
    build: async () => ({ url: '/api/admin/updateSettings', body: defaultSettings() }),
  },
  {
    method: 'POST',
    path: '/api/admin/company',
    mainOnly: true,
    build: async () => ({ url: '/api/admin/company', body: { displayName: 'Engineers Board' } }),
  },
  { method: 'GET', path: '/api/admin/users', mainOnly: false, build: async () => ({ url: '/api/admin/users' }) },
  {
    method: 'POST',
    path: '/api/admin/updateUser/:id',
    mainOnly: false,
    build: async () => {
      const user = await target();
      return { url: `/api/admin/updateUser/${user.id}`, body: { email: `edited-${user.id}@example.com`, phone_no: '254700000001' } };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/deleteUser/:id',
    mainOnly: false,
    build: async () => ({ url: `/api/admin/deleteUser/${(await target()).id}` }),
  },
  {
    method: 'POST',
    path: '/api/admin/sendActivationLink',
    mainOnly: false,
    build: async () => ({ url: '/api/admin/sendActivationLink', body: { id: (await target()).id } }),
  },
  {
    method: 'POST',
    path: '/api/admin/loginas',
    mainOnly: false,
    build: async () => ({ url: '/api/admin/loginas', body: { id: (await target()).id } }),
  },
  { method: 'GET', path: '/api/admin/audit', mainOnly: false, build: async () => ({ url: '/api/admin/audit' }) },
];

/** The same URL with nothing valid in it: refusals must not depend on the request being well formed. */
const malformed = (e: Endpoint) => ({ url: e.path.replace(':id', 'not-a-number'), body: e.method === 'POST' ? {} : undefined });

const adminToken = await signIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
const member = await createUser(t.db);
const memberToken = await signIn(t, member.email);
const approver = await createUser(t.db, { isApprover: true });
const approverToken = await signIn(t, approver.email);
const otherAdmin = await createUser(t.db, { isAdmin: true });
const otherAdminToken = await signIn(t, otherAdmin.email);

describe.each(endpoints)('$method $path', (endpoint) => {
  it('answers 401 to a visitor, with or without a valid request', async () => {
    for (const request of [await endpoint.build(), malformed(endpoint)]) {
      const response = await t.call(endpoint.method, request.url, { body: request.body });
      expect(response.status, request.url).toBe(401);
      expect(response.body.message).toBe(messages.currentSession);
    }
  });

  it('answers 401 to a garbage token', async () => {
    const request = await endpoint.build();
    expect((await t.call(endpoint.method, request.url, { body: request.body, token: 'garbage' })).status).toBe(401);
  });

  it.each([
    ['a member', () => memberToken],
    ['an approver', () => approverToken],
  ])('answers 403 to %s, with or without a valid request', async (_who, token) => {
    for (const request of [await endpoint.build(), malformed(endpoint)]) {
      const response = await t.call(endpoint.method, request.url, { body: request.body, token: token() });
      expect(response.status, request.url).toBe(403);
      expect(response.body.message).toBe(messages.notAllowed);
    }
  });

  it(`answers ${endpoint.mainOnly ? '403' : '200'} to an administrator who is not the main administrator`, async () => {
    const response = await t.call(endpoint.method, (await endpoint.build()).url, {
      body: (await endpoint.build()).body,
      token: otherAdminToken,
    });
    if (endpoint.mainOnly) {
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(adminMessages.mainAdminOnly);
      const bad = malformed(endpoint);
      const refused = await t.call(endpoint.method, bad.url, { body: bad.body, token: otherAdminToken });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(adminMessages.mainAdminOnly);
    } else {
      expect(response.status, JSON.stringify(response.body)).toBe(200);
    }
  });

  it('answers 200 to the main administrator', async () => {
    const request = await endpoint.build();
    const response = await t.call(endpoint.method, request.url, { body: request.body, token: adminToken });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  });
});

describe('admin endpoints inside a "log in as" session', () => {
  it('answers 403: the session acts as the member, not as the administrator', async () => {
    const someone = await createUser(t.db);
    const started = await t.call('POST', '/api/admin/loginas', { body: { id: someone.id }, token: adminToken });
    expect(started.status).toBe(200);
    for (const endpoint of endpoints) {
      const request = await endpoint.build();
      const response = await t.call(endpoint.method, request.url, { body: request.body, token: started.body.data.token });
      expect(response.status, endpoint.path).toBe(403);
    }
  });
});

describe('POST /api/admin/loginas/end access', () => {
  it('answers 401 to a visitor', async () => {
    expect((await t.call('POST', '/api/admin/loginas/end')).status).toBe(401);
  });
});

describe('GET /api/openapi.json', () => {
  it('lists every admin path, marked as needing a bearer token', async () => {
    const { status, body } = await t.call('GET', '/api/openapi.json');
    expect(status).toBe(200);
    const documented = [
      ...endpoints.map((e) => [e.method.toLowerCase(), e.path.replace(':id', '{id}')] as const),
      ['post', '/api/admin/loginas/end'] as const,
    ];
    for (const [method, path] of documented) {
      expect(body.paths[path], path).toBeDefined();
      expect(body.paths[path][method], `${method} ${path}`).toBeDefined();
      expect(body.paths[path][method].security).toEqual([{ bearer: [] }]);
      expect(body.paths[path][method].tags).toContain('admin');
    }
  });
});
