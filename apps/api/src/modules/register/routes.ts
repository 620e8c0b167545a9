import {
  adminMembersExportQuery,
  adminMembersPage,
  adminMembersQuery,
  decodeBase64,
  IMPORT_MAX_BYTES,
  importReportSchema,
  messages,
  publicProfileCardSchema,
  registerMessages,
  SEARCH_PAGE_SIZE,
  searchPageSchema,
  searchQuery,
  searchStatsSchema,
  TEXT_LIMITS,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { AppContext } from '../../shared/context';
import { badRequest, notFound } from '../../shared/errors';
import { sendFile, servedFileName } from '../../shared/serve-file';
import { requireReviewer } from '../../shared/session';
import { uploadsOf } from '../../shared/uploads';
import { exportMembers } from './export';
import { importMembers } from './import';
import { listMembers } from './members';
import { limitPublic, publicPhoto, searchRegister, showPublicProfile } from './search';
import { registerStats } from './stats';

const tags = ['register'];
const security = [{ bearer: [] }];
const profileIdParams = z.object({ profileId: z.string().trim().min(1).max(40, messages.valueTooLong) });

export function registerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The public register: no sign-in, public fields only, rate limited per address.
    app.get(
      '/profile/search',
      {
        schema: {
          tags,
          summary: 'Public search by name or member number: term is base64 of the text; 20 a page with the total',
          querystring: searchQuery,
          response: { 200: z.object({ data: searchPageSchema }) },
        },
      },
      async (req) => {
        const raw = req.query.term ?? '';
        const term = raw ? decodeBase64(raw) : '';
        if (term === null) throw badRequest(messages.fieldRequired, { term: [messages.fieldRequired] });
        const licensedOnly = req.query.licensed === 'true';
        // A blank term does nothing (part 1 §5): no query, no count against the limit. The licensed filter alone
        // lists every member holding a current licence.
        if (!term.trim() && !licensedOnly) {
          return { data: { profiles: [], total: 0, capped: false, page: req.query.page, pageSize: SEARCH_PAGE_SIZE } };
        }
        limitPublic(ctx, req.ip);
        return { data: await searchRegister(ctx, term, req.query.page, licensedOnly) };
      },
    );

    app.get(
      '/profile/search/show/:profileId',
      {
        schema: {
          tags,
          summary: "A listed member's public card, with the photo as a data: URL",
          params: profileIdParams,
          response: { 200: z.object({ data: publicProfileCardSchema }) },
        },
      },
      async (req) => {
        limitPublic(ctx, req.ip);
        return { data: await showPublicProfile(ctx, req.params.profileId) };
      },
    );

    app.get(
      '/profile/search/stats',
      {
        schema: {
          tags,
          summary: 'Summary groups of counts (category, discipline, status, year of registration); at most a minute old',
          response: { 200: z.object({ data: searchStatsSchema }) },
        },
      },
      async (req) => {
        limitPublic(ctx, req.ip);
        return { data: await registerStats(ctx.db) };
      },
    );

    app.get(
      '/profile/search/photo/:profileId',
      {
        schema: {
          tags,
          summary: "A listed member's photo (JPEG), as the search results link it",
          params: profileIdParams,
          querystring: z.object({ v: z.string().max(TEXT_LIMITS.code, messages.valueTooLong).optional() }),
        },
      },
      async (req, reply) => {
        limitPublic(ctx, req.ip, 'photo');
        const photo = await publicPhoto(ctx, req.params.profileId);
        if (!photo) throw notFound(registerMessages.memberNotFound);
        return sendFile(
          reply.header('cache-control', 'public, max-age=300'),
          { ...photo, fileName: servedFileName(req.params.profileId, photo.contentType) },
          'inline',
        );
      },
    );

    // The members register for administrators and approvers. Access is checked in onRequest, before the body.
    app.get(
      '/admin/members',
      {
        onRequest: requireReviewer,
        schema: {
          tags,
          security,
          summary: 'Members (every status) with search (names, member number, e-mail or ID number), category and status filters',
          querystring: adminMembersQuery,
          response: { 200: z.object({ data: adminMembersPage }) },
        },
      },
      async (req) => ({ data: await listMembers(ctx, req.query) }),
    );

    app.get(
      '/admin/members/export',
      {
        onRequest: requireReviewer,
        schema: {
          tags,
          security,
          summary: 'The members list (same filters, every row) as CSV or Excel with the import’s columns, streamed as an attachment',
          querystring: adminMembersExportQuery,
        },
      },
      (req, reply) => exportMembers(ctx, req, reply, req.query),
    );

    app.post(
      '/admin/members/import',
      {
        onRequest: requireReviewer,
        config: { form: { files: 1, fileSize: IMPORT_MAX_BYTES } },
        schema: {
          tags,
          security,
          summary:
            'Form data: file, a CSV of the register (MemberNo, FirstName, SecondName, LastName, IdentificationDocumentNo, Email, PhoneNo, Category, Discipline, RegistrationDate, Status, Type); reports every row',
          response: { 200: z.object({ data: importReportSchema }) },
        },
      },
      async (req) => ({ data: await importMembers(ctx, req, uploadsOf(req, 'file')[0]) }),
    );
  };
}
