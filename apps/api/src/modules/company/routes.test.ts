import { COLOR_NAMES, DEFAULT_COLORS, DEFAULT_MINOR_SETTINGS, PACKAGES, parseMinorSettings } from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';

const t = await createTestApp();

describe('GET /api/settings', () => {
  it('serves the default colours, packages and minor settings without sign-in', async () => {
    const response = await t.call('GET', '/api/settings');
    expect(response.status).toBe(200);
    const data = response.body.data;
    expect(data.id).toEqual(expect.any(Number));
    expect(data.site_colors).toHaveLength(9);
    expect(data.site_colors).toEqual(COLOR_NAMES.map((colorName) => ({ colorName, color: DEFAULT_COLORS[colorName] })));
    expect(data.site_colors).toContainEqual({ colorName: 'primary', color: '#9F232D' });
    expect(data.site_installed_packages).toHaveLength(11);
    expect(data.site_installed_packages).toEqual([...PACKAGES]);
    expect(data.bot_check).toBe(false);
    // minor_settings is JSON text, as the spec stores it
    expect(typeof data.minor_settings).toBe('string');
    expect(JSON.parse(data.minor_settings)).toMatchObject({
      registration: true,
      organisation_caption: 'ERB',
      login_caption: 'Member Portal',
    });
    expect(data.minor).toEqual(DEFAULT_MINOR_SETTINGS);
  });

  it('sends each bad stored minor setting as its default, keeping the good ones', async () => {
    const [row] = await t.db.select().from(schema.settings);
    await t.db
      .update(schema.settings)
      .set({ minorSettings: JSON.stringify({ login_caption: 'IEK Portal', referee_reminder_days: 'soon', registration: 'no' }) })
      .where(eq(schema.settings.id, row.id));
    try {
      const response = await t.call('GET', '/api/settings');
      expect(response.body.data.minor).toEqual({ ...DEFAULT_MINOR_SETTINGS, login_caption: 'IEK Portal' });
    } finally {
      await t.db.update(schema.settings).set({ minorSettings: row.minorSettings }).where(eq(schema.settings.id, row.id));
    }
  });

  it('reflects what the administrator saved', async () => {
    const [row] = await t.db.select().from(schema.settings);
    const minor = JSON.stringify({ ...parseMinorSettings(row.minorSettings), registration: false });
    await t.db
      .update(schema.settings)
      .set({ minorSettings: minor, siteInstalledPackages: ['Dashboard', 'Profile'] })
      .where(eq(schema.settings.id, row.id));
    try {
      const response = await t.call('GET', '/api/settings');
      expect(response.body.data.site_installed_packages).toEqual(['Dashboard', 'Profile']);
      expect(JSON.parse(response.body.data.minor_settings).registration).toBe(false);
      // The parsed copy the web app reads, every other field at its default.
      expect(response.body.data.minor).toEqual({ ...DEFAULT_MINOR_SETTINGS, registration: false });
    } finally {
      await t.db
        .update(schema.settings)
        .set({ minorSettings: row.minorSettings, siteInstalledPackages: row.siteInstalledPackages })
        .where(eq(schema.settings.id, row.id));
    }
  });
});

describe('GET /api/company', () => {
  it('serves the display name and the logo as a data URL', async () => {
    const response = await t.call('GET', '/api/company');
    expect(response.status).toBe(200);
    expect(response.body.data.displayName).toEqual(expect.any(String));
    expect(response.body.data.displayName.length).toBeGreaterThan(0);
    expect(response.body.data.logo).toMatch(/^data:image\//);
    expect(Object.keys(response.body.data).sort()).toEqual(['displayName', 'logo']);
  });
});

describe('GET /api/company/terms', () => {
  it('serves the terms and conditions as HTML, with the project URL', async () => {
    const response = await t.call('GET', '/api/company/terms');
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(1);
    const [terms] = response.body.data;
    expect(terms.termsAndConditions).toContain('<h3>Terms and conditions of membership</h3>');
    expect(terms).toHaveProperty('projectURL');
    expect(typeof terms.projectURL).toBe('string');
  });
});
