import {
  adminMessages,
  adminRequirementSchema,
  adminSettingsRequest,
  adminSettingsSchema,
  adminUserSchema,
  adminUsersPage,
  adminUsersQuery,
  auditPage,
  auditQuery,
  companySchema,
  messageData,
  messages,
  requirementInput,
  requirementUpdate,
  sessionResponse,
  TEXT_LIMITS,
  updateUserRequest,
  userIdRequest,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { AppContext } from '../../shared/context';
import { badRequest } from '../../shared/errors';
import { requireAdmin, requireMainAdmin, requireRecentMfa, requireUser } from '../../shared/session';
import { uploadsOf } from '../../shared/uploads';
import { listAudit } from './audit-log';
import { endImpersonation, startImpersonation } from './impersonation';
import { addRequirement, listRequirementRows, removeRequirement, updateRequirement } from './requirements';
import { LOGO_MAX_BYTES, readAdminSettings, saveSettings, updateCompany } from './site-settings';
import { deleteUser, listUsers, sendUserResetLink, updateUser } from './users';

const tags = ['admin'];
const security = [{ bearer: [] }];
const message = { 200: z.object({ data: messageData }) };
const idParams = z.object({ id: z.coerce.number().int().positive() });

export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const mainAdmin = requireMainAdmin(ctx.config, adminMessages.mainAdminOnly);

  // Access is checked in onRequest, before the body is parsed and validated: a visitor gets 401 and a
  // non-admin 403 whatever they send, and their form data (files included) is never read.
  return async (app) => {
    app.get(
      '/admin/settings',
      {
        onRequest: mainAdmin,
        schema: {
          tags,
          security,
          summary: 'Site settings as the main administrator edits them: colours, installed packages, minor settings',
          response: { 200: z.object({ data: adminSettingsSchema }) },
        },
      },
      async () => ({ data: await readAdminSettings(ctx) }),
    );

    const saveSchema = {
      tags,
      security,
      summary: 'Form data: site_colors, site_installed_packages, minor_settings as JSON text, id; JSON bodies are accepted too',
      body: adminSettingsRequest,
      response: { 200: z.object({ data: adminSettingsSchema }) },
    };
    const settingsForm = { form: { files: 0, fileSize: 0 } };
    app.post('/admin/settings', { onRequest: [mainAdmin, requireRecentMfa], config: settingsForm, schema: saveSchema }, async (req) => ({
      data: await saveSettings(ctx, req, req.body),
    }));
    app.post(
      '/admin/updateSettings',
      { onRequest: [mainAdmin, requireRecentMfa], config: settingsForm, schema: saveSchema },
      async (req) => ({
        data: await saveSettings(ctx, req, req.body),
      }),
    );

    app.post(
      '/admin/company',
      {
        onRequest: [mainAdmin, requireRecentMfa],
        // The logo's own limit (512KB) is checked with its message; the form stops reading well past it.
        config: { form: { files: 1, fileSize: 4 * LOGO_MAX_BYTES } },
        schema: {
          tags,
          security,
          summary: 'Form data: displayName, and logo (PNG or JPEG file, at most 512KB) to replace the logo',
          response: { 200: z.object({ data: companySchema }) },
        },
      },
      async (req) => {
        const body = (req.body ?? {}) as { displayName?: unknown };
        const displayName = typeof body.displayName === 'string' ? body.displayName.trim() : '';
        if (!displayName) throw badRequest('Display name is required', { displayName: ['Display name is required'] });
        if (displayName.length > 120) throw badRequest('Display name is too long', { displayName: ['Display name is too long'] });
        const logo = (await uploadsOf(req, 'logo')[0]?.read()) ?? null;
        return { data: await updateCompany(ctx, req, displayName, logo) };
      },
    );

    app.get(
      '/admin/users',
      {
        onRequest: requireAdmin,
        schema: {
          tags,
          security,
          summary: 'A page of users, searched by name, e-mail, phone, ID number, profile or user id',
          querystring: adminUsersQuery,
          response: { 200: z.object({ data: adminUsersPage }) },
        },
      },
      async (req) => ({ data: await listUsers(ctx, req.query.search, req.query.page, req.query.pageSize) }),
    );

    app.post(
      '/admin/updateUser/:id',
      {
        onRequest: [requireAdmin, requireRecentMfa],
        schema: {
          tags,
          security,
          summary: "Changes a user's e-mail and phone number (the main administrator's e-mail stays)",
          params: idParams,
          body: updateUserRequest,
          response: { 200: z.object({ data: adminUserSchema }) },
        },
      },
      async (req) => ({ data: await updateUser(ctx, req, req.params.id, req.body.email, req.body.phone_no) }),
    );

    app.post(
      '/admin/deleteUser/:id',
      {
        onRequest: [requireAdmin, requireRecentMfa],
        schema: {
          tags,
          security,
          summary: 'Deletes a user (never the caller, never the main administrator)',
          params: idParams,
          response: message,
        },
      },
      async (req) => ({
        data: await deleteUser(ctx, req, req.params.id),
      }),
    );

    app.post(
      '/admin/sendActivationLink',
      {
        onRequest: [requireAdmin, requireRecentMfa],
        schema: { tags, security, summary: 'Sends the user a password reset link', body: userIdRequest, response: message },
      },
      async (req) => ({ data: await sendUserResetLink(ctx, req, req.body.id) }),
    );

    app.post(
      '/admin/loginas',
      {
        onRequest: [requireAdmin, requireRecentMfa],
        schema: {
          tags,
          security,
          summary: 'Starts a short "log in as" session for a member',
          body: userIdRequest,
          response: { 200: z.object({ data: sessionResponse }) },
        },
      },
      async (req) => ({ data: await startImpersonation(ctx, req, req.body.id) }),
    );

    app.post(
      '/admin/loginas/end',
      {
        onRequest: requireUser,
        schema: { tags, security, summary: 'Ends the "log in as" session the call is made with', response: message },
      },
      async (req) => ({ data: await endImpersonation(ctx, req) }),
    );

    app.get(
      '/admin/requirements',
      {
        onRequest: mainAdmin,
        schema: {
          tags,
          security,
          summary: 'Checklist requirement rows, by category and type',
          querystring: z.object({
            category: z.string().max(TEXT_LIMITS.code, messages.valueTooLong).optional(),
            type: z.string().max(TEXT_LIMITS.code, messages.valueTooLong).optional(),
          }),
          response: { 200: z.object({ data: z.array(adminRequirementSchema) }) },
        },
      },
      async (req) => ({ data: await listRequirementRows(ctx, req.query.category, req.query.type) }),
    );
    app.post(
      '/admin/requirements',
      {
        onRequest: mainAdmin,
        schema: {
          tags,
          security,
          summary: 'Adds a checklist requirement: an item for a category and checklist type',
          body: requirementInput,
          response: { 200: z.object({ data: adminRequirementSchema }) },
        },
      },
      async (req) => ({ data: await addRequirement(ctx, req, req.body) }),
    );
    app.post(
      '/admin/requirements/update',
      {
        onRequest: mainAdmin,
        schema: {
          tags,
          security,
          summary: "Changes a checklist requirement's description and order",
          body: requirementUpdate,
          response: { 200: z.object({ data: adminRequirementSchema }) },
        },
      },
      async (req) => ({ data: await updateRequirement(ctx, req, req.body) }),
    );
    app.post(
      '/admin/requirements/remove',
      {
        onRequest: mainAdmin,
        schema: { tags, security, summary: 'Removes a checklist requirement', body: userIdRequest, response: message },
      },
      async (req) => ({ data: await removeRequirement(ctx, req, req.body.id) }),
    );

    app.get(
      '/admin/audit',
      {
        onRequest: requireAdmin,
        schema: {
          tags,
          security,
          summary: 'A page of the audit log, newest first, by action, actor, subject and dates',
          querystring: auditQuery,
          response: { 200: z.object({ data: auditPage }) },
        },
      },
      async (req) => ({ data: await listAudit(ctx, req.query) }),
    );
  };
}
