import {
  CHECKLIST_TYPES,
  checklistItemSchema,
  messageData,
  messages,
  PDF_MAX_BYTES,
  SECTION_NAMES,
  SECTIONS,
  type SectionName,
  TEXT_LIMITS,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { AppContext } from '../../shared/context';
import { sendFile } from '../../shared/serve-file';
import { currentUser, requireUser } from '../../shared/session';
import { formFields } from '../../shared/uploads';
import { confirmProfile, createBio, isConfirmation, updateBio } from './bio';
import { checklistFor } from './checklist';
import { entrySchema, firmSchema, profileSchema, refereeSearchSchema } from './dto';
import { downloadStoredFile, readStoredFile } from './files';
import { loadFirm, saveFirm } from './firm';
import { employeeTypes, refereeSearchRequest, searchReferee } from './referees';
import { listEntries, removeEntry, saveEntry } from './sections';
import { loadProfile } from './summary';

const tags = ['profile'];
const security = [{ bearer: [] }];
const formNote = 'JSON, or form data (lists as JSON text) when files travel';
/** A stored file's id (a UUID). */
const fileIdParams = z.object({ id: z.string().max(TEXT_LIMITS.code, messages.valueTooLong) });
const code = () => z.string().max(TEXT_LIMITS.code, messages.valueTooLong);

export function profileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // Sign-in is checked in onRequest, before form data (files included) is read.
  const signedIn = { onRequest: requireUser };
  // Form data: each file at most the largest any field takes (each field's own limit is checked after).
  const bioForm = { ...signedIn, config: { form: { files: 2, fileSize: PDF_MAX_BYTES } } };
  const firmForm = { ...signedIn, config: { form: { files: 1, fileSize: PDF_MAX_BYTES } } };
  const sectionForm = { ...signedIn, config: { form: { files: 10, fileSize: PDF_MAX_BYTES } } };
  const profileResponse = { 200: z.object({ data: profileSchema.nullable() }) };

  return async (app) => {
    app.get(
      '/profile',
      {
        ...signedIn,
        schema: { tags, security, summary: "The caller's own profile (null when none has been created yet)", response: profileResponse },
      },
      async (req) => {
        const user = currentUser(req);
        return { data: user.profileId ? await loadProfile(ctx, user.profileId) : null };
      },
    );

    app.post(
      '/profile',
      {
        ...bioForm,
        schema: {
          tags,
          security,
          summary: `Create the caller's bio (individuals). ${formNote}: the contract's bio fields, Image (photo), ID (PDF)`,
          response: profileResponse,
        },
      },
      async (req) => ({ data: await loadProfile(ctx, await createBio(ctx, req, currentUser(req))) }),
    );

    app.post(
      '/profile/update',
      {
        ...bioForm,
        schema: {
          tags,
          security,
          summary: 'Update the bio (files optional once stored); {confirmed: true} alone confirms the name',
          response: { 200: z.object({ data: z.union([profileSchema, messageData]).nullable() }) },
        },
      },
      async (req) => {
        const user = currentUser(req);
        const fields = formFields(req.body);
        if (isConfirmation(fields)) return { data: await confirmProfile(ctx, user, fields) };
        return { data: await loadProfile(ctx, await updateBio(ctx, req, user)) };
      },
    );

    const firmResponse = { 200: z.object({ data: firmSchema.nullable() }) };
    app.get(
      '/profile/firmBio',
      { ...signedIn, schema: { tags, security, summary: "The firm's details", response: firmResponse } },
      async (req) => ({
        data: await loadFirm(ctx, currentUser(req)),
      }),
    );
    for (const [url, mode] of [
      ['/profile/firmBio', 'create'],
      ['/profile/firmBio/update', 'update'],
    ] as const) {
      app.post(
        url,
        {
          ...firmForm,
          schema: {
            tags,
            security,
            summary: `${mode === 'create' ? 'Create' : 'Update'} the firm's details. ${formNote}; Image (photo)`,
            response: firmResponse,
          },
        },
        async (req) => {
          const user = currentUser(req);
          return { data: await loadFirm(ctx, user, await saveFirm(ctx, req, user, mode)) };
        },
      );
    }

    app.post(
      '/profile/referee/search',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'A registered member to name as a referee, by member number',
          body: refereeSearchRequest,
          response: { 200: z.object({ data: refereeSearchSchema }) },
        },
      },
      async (req) => ({ data: await searchReferee(ctx, currentUser(req), req.body.search) }),
    );

    app.get(
      '/profile/employees/employeeSetup',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Employee types (code and description) for the employees section',
          response: { 200: z.object({ data: z.array(z.object({ code: z.string(), description: z.string() })) }) },
        },
      },
      async () => ({ data: await employeeTypes(ctx) }),
    );

    for (const section of SECTION_NAMES) sectionRoutes(section);

    function sectionRoutes(section: SectionName) {
      const base = `/profile/${section}`;
      const one = { 200: z.object({ data: entrySchema }) };
      app.get(
        base,
        {
          ...signedIn,
          schema: {
            tags,
            security,
            summary: `The caller's ${SECTIONS[section].title} entries, with their files`,
            response: { 200: z.object({ data: z.array(entrySchema) }) },
          },
        },
        async (req) => ({
          data: await listEntries(ctx, currentUser(req), section),
        }),
      );
      const creates = section === 'referee' ? [base, `${base}/add`] : [base];
      for (const url of creates) {
        app.post(
          url,
          { ...sectionForm, schema: { tags, security, summary: `Add an entry (with EntryNo: update it). ${formNote}`, response: one } },
          async (req) => ({
            data: await saveEntry(ctx, req, currentUser(req), section, 'create'),
          }),
        );
      }
      app.post(
        `${base}/update`,
        { ...sectionForm, schema: { tags, security, summary: `Update entry EntryNo. ${formNote}`, response: one } },
        async (req) => ({
          data: await saveEntry(ctx, req, currentUser(req), section, 'update'),
        }),
      );
      app.post(
        `${base}/remove`,
        {
          ...signedIn,
          schema: {
            tags,
            security,
            summary: 'Remove entry {EntryNo} and its files',
            response: { 200: z.object({ data: messageData.extend({ EntryNo: z.number() }) }) },
          },
        },
        async (req) => ({ data: await removeEntry(ctx, req, currentUser(req), section) }),
      );
    }

    app.get(
      '/files/:id',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: "A stored file, base64: its owner's, or any for an admin or approver",
          params: fileIdParams,
          response: {
            200: z.object({
              data: z.object({ id: z.string(), fileName: z.string(), contentType: z.string(), size: z.number(), base64: z.string() }),
            }),
          },
        },
      },
      async (req) => ({ data: await readStoredFile(ctx, currentUser(req), req.params.id) }),
    );

    app.get(
      '/files/:id/download',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary:
            'A stored file as a download: the type checked at upload, a generated file name (id and extension), nosniff; same access as /files/:id',
          params: fileIdParams,
        },
      },
      async (req, reply) => {
        const file = await downloadStoredFile(ctx, currentUser(req), req.params.id);
        return sendFile(reply.header('cache-control', 'private, no-store'), file);
      },
    );

    const checklistResponse = { 200: z.object({ data: z.array(checklistItemSchema) }) };
    app.get(
      '/checklist',
      {
        ...signedIn,
        schema: {
          tags: ['checklist'],
          security,
          summary: "The caller's checklist, computed from their profile; category defaults to the caller's",
          querystring: z.object({ category: code().optional(), type: z.enum(CHECKLIST_TYPES).optional().default('Application') }),
          response: checklistResponse,
        },
      },
      async (req) => ({ data: await checklistFor(ctx, currentUser(req), req.query.category, req.query.type) }),
    );
    app.get(
      '/application/checklist/:membershipType',
      {
        ...signedIn,
        schema: {
          tags: ['checklist'],
          security,
          summary: "The caller's Application checklist for a membership category, computed from their profile",
          params: z.object({ membershipType: code() }),
          response: checklistResponse,
        },
      },
      async (req) => ({ data: await checklistFor(ctx, currentUser(req), req.params.membershipType, 'Application') }),
    );
  };
}
