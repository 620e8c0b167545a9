import { COLOR_NAMES, DEFAULT_COLORS, minorSettingsSchema, PACKAGES } from '@portal/contract';
import { schema } from '@portal/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, signIn } from '../../../test/harness';
import { postMultipart, TINY_PNG } from '../../../test/multipart';

const t = await createTestApp();

const defaultColors = COLOR_NAMES.map((colorName) => ({ colorName, color: DEFAULT_COLORS[colorName] }));
const defaultMinor = minorSettingsSchema.parse({});

let adminToken: string;
beforeAll(async () => {
  adminToken = await signIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
});

const colorsWith = (changes: Record<string, string>) =>
  COLOR_NAMES.map((colorName) => ({ colorName, color: changes[colorName] ?? DEFAULT_COLORS[colorName] }));

async function latestAudit(action: string) {
  const response = await t.call('GET', `/api/admin/audit?action=${action}&pageSize=1`, { token: adminToken });
  expect(response.status).toBe(200);
  return response.body.data.entries[0];
}

describe('GET /api/admin/settings', () => {
  it('returns the defaults: nine colours, every feature link and the default minor settings as JSON text', async () => {
    const response = await t.call('GET', '/api/admin/settings', { token: adminToken });
    expect(response.status).toBe(200);
    const data = response.body.data;
    expect(data.id).toEqual(expect.any(Number));
    expect(data.site_colors).toEqual(defaultColors);
    expect(data.site_installed_packages).toEqual([...PACKAGES]);
    expect(typeof data.minor_settings).toBe('string');
    expect(JSON.parse(data.minor_settings)).toEqual(defaultMinor);
  });
});

describe('POST /api/admin/settings', () => {
  it('saves form data (JSON text fields, as the web app sends them)', async () => {
    const current = await t.call('GET', '/api/admin/settings', { token: adminToken });
    const response = await postMultipart(
      t,
      '/api/admin/settings',
      {
        id: String(current.body.data.id),
        site_colors: JSON.stringify(colorsWith({ primary: '#112233' })),
        site_installed_packages: JSON.stringify(['Dashboard', 'Profile', 'Events']),
        minor_settings: JSON.stringify({ ...defaultMinor, login_caption: 'Engineers Portal', registration: false }),
      },
      adminToken,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.id).toBe(current.body.data.id);
    expect(response.body.data.site_colors).toContainEqual({ colorName: 'primary', color: '#112233' });
    expect(response.body.data.site_installed_packages).toEqual(['Dashboard', 'Profile', 'Events']);
    expect(JSON.parse(response.body.data.minor_settings)).toMatchObject({ login_caption: 'Engineers Portal', registration: false });

    const again = await t.call('GET', '/api/admin/settings', { token: adminToken });
    expect(again.body.data).toEqual(response.body.data);
  });

  it('saves a JSON body', async () => {
    const response = await t.call('POST', '/api/admin/settings', {
      token: adminToken,
      body: {
        site_colors: colorsWith({ secondary: '#abc' }),
        site_installed_packages: [...PACKAGES],
        minor_settings: { ...defaultMinor, organisation_caption: 'EBK' },
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.site_colors).toContainEqual({ colorName: 'secondary', color: '#abc' });
    expect(response.body.data.site_installed_packages).toEqual([...PACKAGES]);
    expect(JSON.parse(response.body.data.minor_settings).organisation_caption).toBe('EBK');
  });

  it('keeps the feature links in their usual order whatever order they are sent in', async () => {
    const response = await t.call('POST', '/api/admin/settings', {
      token: adminToken,
      body: { site_colors: defaultColors, site_installed_packages: ['Events', 'Dashboard', 'CPD'], minor_settings: defaultMinor },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.site_installed_packages).toEqual(['Dashboard', 'CPD', 'Events']);
  });

  it('is visible on the public GET /api/settings straight after saving', async () => {
    const saved = await t.call('POST', '/api/admin/settings', {
      token: adminToken,
      body: {
        site_colors: colorsWith({ primary: '#0A0B0C' }),
        site_installed_packages: ['Dashboard', 'Billing'],
        minor_settings: { ...defaultMinor, license_alternative_caption: 'Permit' },
      },
    });
    expect(saved.status).toBe(200);
    const visitor = await t.call('GET', '/api/settings');
    expect(visitor.status).toBe(200);
    expect(visitor.body.data.site_colors).toContainEqual({ colorName: 'primary', color: '#0A0B0C' });
    expect(visitor.body.data.site_installed_packages).toEqual(['Dashboard', 'Billing']);
    expect(JSON.parse(visitor.body.data.minor_settings).license_alternative_caption).toBe('Permit');
  });

  it('records settings.saved in the audit log with the saved values', async () => {
    await t.call('POST', '/api/admin/settings', {
      token: adminToken,
      body: {
        site_colors: colorsWith({ accent: '#654321' }),
        site_installed_packages: ['Dashboard'],
        minor_settings: { ...defaultMinor, countyField: false },
      },
    });
    const entry = await latestAudit('settings.saved');
    expect(entry).toMatchObject({
      action: 'settings.saved',
      actor_email: ADMIN_EMAIL,
      on_behalf_of_id: null,
      target: expect.stringMatching(/^settings:\d+$/),
      details: {
        created: false,
        site_installed_packages: ['Dashboard'],
        minor_settings: expect.objectContaining({ countyField: false }),
      },
    });
    expect(entry.details.site_colors).toContainEqual({ colorName: 'accent', color: '#654321' });
    expect(Date.now() - new Date(entry.at).getTime()).toBeLessThan(60_000);
  });

  it("refuses a colour that is not a hex value, with the field's message", async () => {
    for (const color of ['#12', 'red', '#GGGGGG', '']) {
      const response = await t.call('POST', '/api/admin/settings', {
        token: adminToken,
        body: { site_colors: colorsWith({ primary: color }), site_installed_packages: [...PACKAGES], minor_settings: defaultMinor },
      });
      expect(response.status, color).toBe(400);
      expect(response.body.message).toBe('Colour must be a hex value such as #9F232D');
    }
  });

  it('refuses a bad colour sent as form data too', async () => {
    const response = await postMultipart(
      t,
      '/api/admin/settings',
      {
        site_colors: JSON.stringify(colorsWith({ primary: '#12' })),
        site_installed_packages: JSON.stringify([...PACKAGES]),
        minor_settings: JSON.stringify(defaultMinor),
      },
      adminToken,
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Colour must be a hex value such as #9F232D');
  });

  it('refuses an unknown colour name and an unknown feature link', async () => {
    const badName = await t.call('POST', '/api/admin/settings', {
      token: adminToken,
      body: {
        site_colors: [...defaultColors, { colorName: 'tertiary', color: '#123456' }],
        site_installed_packages: [...PACKAGES],
        minor_settings: defaultMinor,
      },
    });
    expect(badName.status).toBe(400);
    expect(badName.body.message).toBe('Unknown colour name');

    const badPackage = await t.call('POST', '/api/admin/settings', {
      token: adminToken,
      body: { site_colors: defaultColors, site_installed_packages: ['Dashboard', 'Casino'], minor_settings: defaultMinor },
    });
    expect(badPackage.status).toBe(400);
    expect(badPackage.body.message).toBe('Unknown feature link');
  });

  it('refuses a minor setting of the wrong type or a missing one', async () => {
    for (const minor of [
      { ...defaultMinor, inactivityLogout: 'yes' },
      { ...defaultMinor, registration: 1 },
      { ...defaultMinor, login_caption: 42 },
      { ...defaultMinor, showWorkPlace: undefined },
    ]) {
      const response = await t.call('POST', '/api/admin/settings', {
        token: adminToken,
        body: { site_colors: defaultColors, site_installed_packages: [...PACKAGES], minor_settings: minor },
      });
      expect(response.status, JSON.stringify(minor)).toBe(400);
      expect(Object.keys(response.body.errors ?? {}).some((k) => k.startsWith('minor_settings'))).toBe(true);
    }
  });

  it('refuses minor settings that are not JSON', async () => {
    const response = await postMultipart(
      t,
      '/api/admin/settings',
      { site_colors: JSON.stringify(defaultColors), site_installed_packages: JSON.stringify([...PACKAGES]), minor_settings: '{not json' },
      adminToken,
    );
    expect(response.status).toBe(400);
  });

  it('leaves the saved settings as they were after a refused save', async () => {
    const before = await t.call('GET', '/api/admin/settings', { token: adminToken });
    await t.call('POST', '/api/admin/settings', {
      token: adminToken,
      body: { site_colors: colorsWith({ primary: '#12' }), site_installed_packages: [...PACKAGES], minor_settings: defaultMinor },
    });
    const after = await t.call('GET', '/api/admin/settings', { token: adminToken });
    expect(after.body.data).toEqual(before.body.data);
  });

  it('creates the settings again when there are none', async () => {
    await t.db.delete(schema.settings);
    const empty = await t.call('GET', '/api/admin/settings', { token: adminToken });
    expect(empty.status).toBe(200);
    expect(empty.body.data.id).toBeNull();
    expect(empty.body.data.site_colors).toEqual(defaultColors);

    const response = await t.call('POST', '/api/admin/settings', {
      token: adminToken,
      body: {
        site_colors: colorsWith({ warning: '#FFFF00' }),
        site_installed_packages: ['Dashboard', 'Profile'],
        minor_settings: defaultMinor,
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.id).toEqual(expect.any(Number));
    expect(await t.db.select().from(schema.settings)).toHaveLength(1);
    const visitor = await t.call('GET', '/api/settings');
    expect(visitor.body.data.id).toBe(response.body.data.id);
    expect(visitor.body.data.site_colors).toContainEqual({ colorName: 'warning', color: '#FFFF00' });
    expect((await latestAudit('settings.saved')).details.created).toBe(true);
  });
});

describe('POST /api/admin/updateSettings', () => {
  it('updates the one settings row', async () => {
    const before = await t.call('GET', '/api/admin/settings', { token: adminToken });
    const response = await postMultipart(
      t,
      '/api/admin/updateSettings',
      {
        id: String(before.body.data.id),
        site_colors: JSON.stringify(colorsWith({ info: '#00AAFF' })),
        site_installed_packages: JSON.stringify(['Dashboard', 'License']),
        minor_settings: JSON.stringify({ ...defaultMinor, inactivityLogout: true }),
      },
      adminToken,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.id).toBe(before.body.data.id);
    expect(response.body.data.site_colors).toContainEqual({ colorName: 'info', color: '#00AAFF' });
    expect(response.body.data.site_installed_packages).toEqual(['Dashboard', 'License']);
    expect(JSON.parse(response.body.data.minor_settings).inactivityLogout).toBe(true);
    expect(await t.db.select().from(schema.settings)).toHaveLength(1);
    // Put the default back, so a 5-minute inactivity rule does not apply to the rest of this file.
    const reset = await t.call('POST', '/api/admin/updateSettings', {
      token: adminToken,
      body: { site_colors: defaultColors, site_installed_packages: [...PACKAGES], minor_settings: defaultMinor },
    });
    expect(reset.status).toBe(200);
  });
});

describe('POST /api/admin/company', () => {
  it('updates the display name and the logo from form data with a PNG file', async () => {
    const response = await postMultipart(
      t,
      '/api/admin/company',
      { displayName: 'Engineers Registration Board', logo: { filename: 'logo.png', contentType: 'image/png', content: TINY_PNG } },
      adminToken,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const expectedLogo = `data:image/png;base64,${TINY_PNG.toString('base64')}`;
    expect(response.body.data).toEqual({ displayName: 'Engineers Registration Board', logo: expectedLogo });
    const company = await t.call('GET', '/api/company');
    expect(company.body.data).toEqual({ displayName: 'Engineers Registration Board', logo: expectedLogo });
  });

  it('accepts a JPEG, judged by its bytes', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
    const response = await postMultipart(
      t,
      '/api/admin/company',
      { displayName: 'Board', logo: { filename: 'photo', contentType: 'application/octet-stream', content: jpeg } },
      adminToken,
    );
    expect(response.status).toBe(200);
    expect(response.body.data.logo).toMatch(/^data:image\/jpeg;base64,/);
  });

  it('keeps the logo when only the display name is sent', async () => {
    const before = await t.call('GET', '/api/company');
    const response = await postMultipart(t, '/api/admin/company', { displayName: '  Renamed Board  ' }, adminToken);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ displayName: 'Renamed Board', logo: before.body.data.logo });
  });

  it('refuses a file named logo.png that is really text', async () => {
    const before = await t.call('GET', '/api/company');
    const response = await postMultipart(
      t,
      '/api/admin/company',
      {
        displayName: 'Sneaky',
        logo: { filename: 'logo.png', contentType: 'image/png', content: Buffer.from('<svg onload="alert(1)"></svg>') },
      },
      adminToken,
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('The logo must be a PNG or JPEG image');
    expect(response.body.errors).toEqual({ logo: ['The logo must be a PNG or JPEG image'] });
    expect((await t.call('GET', '/api/company')).body.data).toEqual(before.body.data);
  });

  it('refuses a logo over 512KB', async () => {
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(512 * 1024)]);
    const response = await postMultipart(
      t,
      '/api/admin/company',
      { displayName: 'Big', logo: { filename: 'logo.png', contentType: 'image/png', content: big } },
      adminToken,
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('The logo should be less than 512KB');
  });

  it('requires a display name', async () => {
    for (const parts of [{}, { displayName: '' }, { displayName: '   ' }] as Record<string, string>[]) {
      const response = await postMultipart(
        t,
        '/api/admin/company',
        { ...parts, logo: { filename: 'logo.png', contentType: 'image/png', content: TINY_PNG } },
        adminToken,
      );
      expect(response.status, JSON.stringify(parts)).toBe(400);
      expect(response.body.message).toBe('Display name is required');
    }
    const json = await t.call('POST', '/api/admin/company', { token: adminToken, body: {} });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe('Display name is required');
  });

  it('records company.updated in the audit log', async () => {
    const response = await postMultipart(
      t,
      '/api/admin/company',
      { displayName: 'Audited Board', logo: { filename: 'logo.png', contentType: 'image/png', content: TINY_PNG } },
      adminToken,
    );
    expect(response.status).toBe(200);
    const entry = await latestAudit('company.updated');
    expect(entry).toMatchObject({
      actor_email: ADMIN_EMAIL,
      target: expect.stringMatching(/^company:\d+$/),
      details: { displayName: 'Audited Board', logoChanged: true },
    });
    expect(entry.details.previousDisplayName).toEqual(expect.any(String));
  });
});
