import {
  COLOR_NAMES,
  companySchema,
  DEFAULT_COLORS,
  minorSettingsSchema,
  PACKAGES,
  parseMinorSettings,
  publicSettingsSchema,
  termsSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { AppContext } from '../../shared/context';
import { loadCompany, loadSettingsRow } from '../../shared/organisation';

const tags = ['organisation'];

export function companyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/settings',
      {
        schema: {
          tags,
          summary: 'Public site settings: colours, installed links, minor settings',
          response: { 200: z.object({ data: publicSettingsSchema }) },
        },
      },
      async () => {
        const row = await loadSettingsRow(ctx.db);
        return {
          data: {
            id: row?.id ?? null,
            site_colors: row?.siteColors ?? COLOR_NAMES.map((colorName) => ({ colorName, color: DEFAULT_COLORS[colorName] })),
            site_installed_packages: row?.siteInstalledPackages ?? [...PACKAGES],
            minor_settings: row?.minorSettings ?? JSON.stringify(minorSettingsSchema.parse({})),
            minor: parseMinorSettings(row?.minorSettings),
            bot_check: ctx.config.botCheck,
            inactivity_timeout_ms: ctx.config.inactivityTimeoutMs,
          },
        };
      },
    );
    app.get(
      '/company',
      { schema: { tags, summary: "The organisation's display name and logo", response: { 200: z.object({ data: companySchema }) } } },
      async () => {
        const company = await loadCompany(ctx.db);
        return { data: { displayName: company?.displayName ?? 'Member Portal', logo: company?.logo ?? '' } };
      },
    );
    app.get(
      '/company/terms',
      {
        schema: {
          tags,
          summary: 'The terms and conditions applicants accept, and the projects system address (projectURL)',
          response: { 200: z.object({ data: z.array(termsSchema) }) },
        },
      },
      async () => {
        const company = await loadCompany(ctx.db);
        return { data: company ? [{ termsAndConditions: company.termsAndConditions, projectURL: company.projectUrl }] : [] };
      },
    );
  };
}
