import { type adminSettingsRequest, COLOR_NAMES, DEFAULT_COLORS, minorSettingsSchema, PACKAGES } from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { audit } from '../../shared/audit';
import type { AppContext } from '../../shared/context';
import { badRequest } from '../../shared/errors';
import { imageType } from '../../shared/file-types';
import { forgetCachedSettings, loadCompany, loadSettingsRow } from '../../shared/organisation';

const { settings, company } = schema;

export async function readAdminSettings(ctx: AppContext) {
  const row = await loadSettingsRow(ctx.db);
  return {
    id: row?.id ?? null,
    site_colors: row?.siteColors ?? COLOR_NAMES.map((colorName) => ({ colorName, color: DEFAULT_COLORS[colorName] })),
    site_installed_packages: row?.siteInstalledPackages ?? [...PACKAGES],
    minor_settings: row?.minorSettings ?? JSON.stringify(minorSettingsSchema.parse({})),
  };
}

/** Creates the settings row when none exists, otherwise updates it (part 2 §2.8). */
export async function saveSettings(ctx: AppContext, request: FastifyRequest, input: z.output<typeof adminSettingsRequest>) {
  const existing = await loadSettingsRow(ctx.db);
  // Colours not sent keep their current (or default) value, so a partial list never blanks the theme.
  const current = new Map((existing?.siteColors ?? []).map((c) => [c.colorName, c.color]));
  const colors = COLOR_NAMES.map((colorName) => ({
    colorName,
    color: input.site_colors.find((c) => c.colorName === colorName)?.color ?? current.get(colorName) ?? DEFAULT_COLORS[colorName],
  }));
  const values = {
    siteColors: colors,
    siteInstalledPackages: PACKAGES.filter((p) => input.site_installed_packages.includes(p)),
    minorSettings: JSON.stringify(input.minor_settings),
    updatedAt: new Date(),
  };
  const [saved] = existing
    ? await ctx.db.update(settings).set(values).where(eq(settings.id, existing.id)).returning()
    : await ctx.db.insert(settings).values(values).returning();
  forgetCachedSettings();
  await audit(ctx.db, request, {
    action: 'settings.saved',
    target: `settings:${saved.id}`,
    details: {
      created: !existing,
      site_colors: colors,
      site_installed_packages: values.siteInstalledPackages,
      minor_settings: input.minor_settings,
    },
  });
  return readAdminSettings(ctx);
}

export const LOGO_MAX_BYTES = 512 * 1024;

export async function updateCompany(ctx: AppContext, request: FastifyRequest, displayName: string, logo: Buffer | null) {
  const row = await loadCompany(ctx.db);
  if (!row) throw badRequest('Company information is missing');
  let logoUrl: string | undefined;
  if (logo) {
    if (logo.length > LOGO_MAX_BYTES)
      throw badRequest('The logo should be less than 512KB', { logo: ['The logo should be less than 512KB'] });
    const type = imageType(logo);
    if (!type) throw badRequest('The logo must be a PNG or JPEG image', { logo: ['The logo must be a PNG or JPEG image'] });
    logoUrl = `data:${type};base64,${logo.toString('base64')}`;
  }
  await ctx.db
    .update(company)
    .set({ displayName, ...(logoUrl ? { logo: logoUrl } : {}), updatedAt: new Date() })
    .where(eq(company.id, row.id));
  forgetCachedSettings();
  await audit(ctx.db, request, {
    action: 'company.updated',
    target: `company:${row.id}`,
    details: { displayName, previousDisplayName: row.displayName, logoChanged: Boolean(logoUrl) },
  });
  const updated = await loadCompany(ctx.db);
  return { displayName: updated?.displayName ?? displayName, logo: updated?.logo ?? '' };
}
