import {
  CHECKLIST_TYPES,
  disclaimerSchema,
  membershipCategorySchema,
  messages,
  requirementSchema,
  SETUP_LISTS,
  TEXT_LIMITS,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { AppContext } from '../../shared/context';
import { listCategories, listDisclaimers, listRequirements } from './categories';
import { listLookup } from './lookups';

const tags = ['setup'];

export function setupRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/setup/membership-categories',
      {
        schema: {
          tags,
          summary: 'Membership categories in order, with whether one may apply and each charge (amount including VAT)',
          response: { 200: z.object({ data: z.array(membershipCategorySchema) }) },
        },
      },
      async () => ({ data: await listCategories(ctx.db) }),
    );
    app.get(
      '/setup/disclaimers',
      {
        schema: {
          tags,
          summary: 'The disclaimers shown at activation and at application',
          response: { 200: z.object({ data: z.array(disclaimerSchema) }) },
        },
      },
      async () => ({
        data: await listDisclaimers(ctx.db),
      }),
    );
    app.get(
      '/application/requirements',
      {
        schema: {
          tags,
          summary: 'Requirement rows per category and checklist type',
          querystring: z.object({
            category: z.string().max(TEXT_LIMITS.code, messages.valueTooLong).optional(),
            type: z.enum(CHECKLIST_TYPES).optional(),
          }),
          response: { 200: z.object({ data: z.array(requirementSchema) }) },
        },
      },
      async (req) => ({ data: await listRequirements(ctx.db, req.query.category, req.query.type) }),
    );
    app.get(
      '/setup/:name',
      {
        schema: {
          tags,
          summary: `Setup lookups: ${SETUP_LISTS.join(', ')}. cities and counties take ?parent= (county or country code).`,
          params: z.object({ name: z.enum(SETUP_LISTS, { error: 'Unknown setup list' }) }),
          querystring: z.object({ parent: z.string().max(TEXT_LIMITS.code, messages.valueTooLong).optional() }),
          response: { 200: z.object({ data: z.array(z.record(z.string(), z.unknown())) }) },
        },
      },
      async (req) => ({ data: await listLookup(ctx.db, req.params.name, req.query.parent) }),
    );
  };
}
