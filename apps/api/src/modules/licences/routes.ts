import {
  adminLicensePageSchema,
  adminLicenseQuery,
  adminLicenseSchema,
  checklistItemSchema,
  licenseApplicationSchema,
  licenseDetailsSchema,
  licenseMessages,
  licenseProfileSchema,
  licenseSaveRequest,
  licenseStatusRequest,
  messages,
  PDF_MAX_BYTES,
  pdfResponseSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { AppContext } from '../../shared/context';
import { currentUser, requireAdmin, requireUser } from '../../shared/session';
import { uploadsOf } from '../../shared/uploads';
import { serviceDocument } from '../documents';
import { checklistFor } from '../profile/checklist';
import { invoicePdf } from '../statements/billing-documents';
import { changeLicenceStatus, listLicences } from './admin';
import { listLicenceApplications, ownLicenceApplication, ownLicenceApplicationRow } from './list';
import { licenceProfile } from './profile';
import { saveLicenceApplication } from './save';
import { signedUpload, uploadSignedApplication } from './upload';

const tags = ['licences'];
const security = [{ bearer: [] }];
const data = <T extends z.ZodType>(schema: T) => ({ 200: z.object({ data: schema }) });
const codeParams = z.object({ code: z.string().trim().min(1).max(400, messages.valueTooLong) });

/** Practising licences (part 2 §2.4, §7 license/…; decision 032), and the administrators' licence register. */
export function licenceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const signedIn = { onRequest: requireUser };
  // The signed scan: one PDF; the 3,145,728-byte limit is checked by the service with the spec's message.
  const uploadForm = { ...signedIn, config: { form: { files: 1, fileSize: PDF_MAX_BYTES } } };

  return async (app) => {
    app.get(
      '/license',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: "The caller's licence applications, newest first",
          response: data(z.array(licenseApplicationSchema)),
        },
      },
      async (req) => ({ data: await listLicenceApplications(ctx.db, currentUser(req)) }),
    );

    app.get(
      '/license/profile',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'What the wizard prefills, the fee, the year applied for and whether the caller may apply',
          response: data(licenseProfileSchema),
        },
      },
      async (req) => ({ data: await licenceProfile(ctx.db, currentUser(req)) }),
    );

    app.post(
      '/license',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Saves the licence application (a draft until the signed copy is uploaded); answers its number',
          body: licenseSaveRequest,
          response: { 200: z.object({ data: z.object({ licenseApplicationNo: z.string() }), message: z.string() }) },
        },
      },
      async (req) => {
        // The spec's client posts the whole application object; only the details tab is stored (the schema drops the rest).
        const details = licenseDetailsSchema.parse(req.body);
        const code = await saveLicenceApplication(ctx, currentUser(req), details, req.body.licenseApplicationNo);
        return { data: { licenseApplicationNo: code }, message: licenseMessages.saved };
      },
    );

    app.get(
      '/license/checklist/:category',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: "The License checklist of the caller's category: profile items, good standing, licensable category, last year's CPD",
          params: z.object({ category: z.string().trim().min(1).max(50, messages.valueTooLong) }),
          response: data(z.array(checklistItemSchema)),
        },
      },
      async (req) => ({ data: await checklistFor(ctx, currentUser(req), req.params.category, 'License') }),
    );

    app.post(
      '/license/update',
      {
        ...uploadForm,
        schema: {
          tags,
          security,
          summary: 'Uploads the signed application (PDF, at most 3,145,728 bytes) and submits it; raises the licence fee invoice',
          consumes: ['multipart/form-data'],
          body: z.object({
            licenseApplicationNo: z
              .string({ error: messages.fieldRequired })
              .trim()
              .min(1, messages.fieldRequired)
              .max(50, messages.valueTooLong),
            licenseBase64: z.string().max(100_000, messages.valueTooLong).optional(),
          }),
          response: { 200: z.object({ data: licenseApplicationSchema, message: z.string() }) },
        },
      },
      async (req) => {
        const upload = signedUpload(uploadsOf(req, 'licenseBase64'), req.body.licenseBase64);
        const application = await uploadSignedApplication(ctx, currentUser(req), req.body.licenseApplicationNo, upload);
        return { data: application, message: licenseMessages.uploaded };
      },
    );

    for (const [path, kind, summary] of [
      ['/license/application/:code', 'license_application', 'The licence application form to sign or stamp (PDF, base64)'],
      ['/license/certificate/:code', 'license', 'The practising licence certificate (PDF, base64, QR verified), once approved'],
    ] as const) {
      app.get(
        path,
        { ...signedIn, schema: { tags, security, summary, params: codeParams, response: { 200: pdfResponseSchema } } },
        async (req) => ({ data: await serviceDocument(ctx, currentUser(req), kind, req.params.code) }),
      );
    }

    app.get(
      '/license/proforma/:code',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: "The licence fee's invoice (PDF, base64)",
          params: codeParams,
          response: { 200: pdfResponseSchema },
        },
      },
      async (req) => {
        const user = currentUser(req);
        const row = await ownLicenceApplicationRow(ctx.db, user, req.params.code);
        return { data: await invoicePdf(ctx, user, row.invoiceNo ?? row.code) };
      },
    );

    app.get(
      '/license/:code',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'One of the caller’s licence applications',
          params: codeParams,
          response: data(licenseApplicationSchema),
        },
      },
      async (req) => ({ data: await ownLicenceApplication(ctx.db, currentUser(req), req.params.code) }),
    );

    app.get(
      '/admin/licenses',
      {
        onRequest: requireAdmin,
        schema: {
          tags,
          security,
          summary: 'The licence register with filters',
          querystring: adminLicenseQuery,
          response: data(adminLicensePageSchema),
        },
      },
      async (req) => ({ data: await listLicences(ctx, req.query) }),
    );

    app.post(
      '/admin/licenses/:licenseNo/status',
      {
        onRequest: requireAdmin,
        schema: {
          tags,
          security,
          summary: 'Suspends, revokes or reinstates a licence, with a reason (audited)',
          params: z.object({ licenseNo: z.string().trim().min(1).max(50, messages.valueTooLong) }),
          body: licenseStatusRequest,
          response: { 200: z.object({ data: adminLicenseSchema, message: z.string() }) },
        },
      },
      async (req) => ({
        data: await changeLicenceStatus(ctx, req, req.params.licenseNo, req.body),
        message: licenseMessages.statusChanged(req.body.status),
      }),
    );
  };
}
