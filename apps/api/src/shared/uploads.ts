import multipart, { type MultipartFile, type MultipartValue } from '@fastify/multipart';
import { messages, profileMessages } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/** A file that came with form data, with the name the browser gave it (kept only for display). */
export interface Upload {
  field: string;
  fileName: string;
  bytes: Buffer;
}

/**
 * What a route that takes form data accepts: at most `files` files of at most `fileSize` bytes each. Routes
 * without it refuse form data with 415 before reading the body (decision 030).
 */
export interface FormLimits {
  files: number;
  fileSize: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    uploads: Upload[] | null;
  }
  interface FastifyContextConfig {
    form?: FormLimits;
  }
}

/** Text fields of a form: how many, and how long each may be (a JSON list of settings fits with room to spare). */
const FIELDS = 100;
const FIELD_BYTES = 100_000;
/** Room in the body for the fields and the parts' own headers, beyond the files. */
const FORM_OVERHEAD_BYTES = FIELDS * 1000 + 64_000;

const isFormData = (request: FastifyRequest) => /^\s*multipart\/form-data/i.test(request.headers['content-type'] ?? '');

/** Refuses before the body is read, and closes the connection so the rest of the body is not waited for. */
function refuse(reply: FastifyReply, status: number, message: string, field = '_'): never {
  reply.header('connection', 'close');
  throw new HttpError(status, message, { [field]: [message] });
}

/**
 * Form data only where a route takes it (config.form), with that route's limits enforced while the body streams:
 * a request over them fails as soon as it crosses them, and never sits in memory whole. Elsewhere form data
 * is a 415, answered before its body is read. Fields arrive in the body as strings (a repeated field as a list);
 * files are kept aside in request.uploads with their names.
 */
export async function registerFormData(app: FastifyInstance) {
  // Limits are given per route (readForm); the plugin's own apply to nothing.
  await app.register(multipart);
  app.decorateRequest('uploads', null);

  app.addHook('onRequest', async (request, reply) => {
    if (!isFormData(request)) return;
    const form = request.routeOptions.config?.form;
    if (!form) refuse(reply, 415, messages.formDataNotAccepted);
    if (!/;\s*boundary=/i.test(request.headers['content-type'] ?? '')) refuse(reply, 400, messages.formDataUnreadable);
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > form.files * form.fileSize + FORM_OVERHEAD_BYTES) refuse(reply, 413, profileMessages.attachmentTooLarge, 'file');
  });

  app.addHook('preValidation', async (request) => {
    const form = request.routeOptions.config?.form;
    if (!form || !request.isMultipart()) return;
    request.body = await readForm(request, form);
  });
}

async function readForm(request: FastifyRequest, form: FormLimits): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = Object.create(null);
  const uploads: Upload[] = [];
  const limits = {
    files: form.files,
    fileSize: form.fileSize,
    fields: FIELDS,
    fieldSize: FIELD_BYTES,
    parts: form.files + FIELDS,
    headerPairs: 50,
  };
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') uploads.push(await fileOf(part));
      else addField(body, part);
    }
  } catch (error) {
    if (error instanceof HttpError || (error as { statusCode?: number }).statusCode === 413) throw error;
    // busboy's own complaints (a broken boundary, a body cut short, a bad header) are the sender's mistake.
    const status = (error as { statusCode?: number }).statusCode;
    throw new HttpError(status && status < 500 ? status : 400, messages.formDataUnreadable);
  }
  request.uploads = uploads;
  return { ...body };
}

async function fileOf(part: MultipartFile): Promise<Upload> {
  return { field: part.fieldname, fileName: part.filename, bytes: await part.toBuffer() };
}

function addField(body: Record<string, unknown>, part: MultipartValue) {
  const value = part as MultipartValue & { valueTruncated?: boolean; fieldnameTruncated?: boolean };
  if (value.valueTruncated || value.fieldnameTruncated)
    throw new HttpError(413, messages.valueTooLong, { [part.fieldname]: [messages.valueTooLong] });
  const existing = body[part.fieldname];
  if (existing === undefined) body[part.fieldname] = part.value;
  else body[part.fieldname] = Array.isArray(existing) ? [...existing, part.value] : [existing, part.value];
}

/** The non-empty files sent under `field`, in the order sent (a repeated field gives several). */
export function uploadsOf(request: FastifyRequest, field: string): Upload[] {
  return (request.uploads ?? []).filter((u) => u.field === field && u.bytes.length > 0);
}

/** The body's text values, JSON or form data alike; files are never in it (read them with uploadsOf). */
export function formFields(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  return { ...(body as Record<string, unknown>) };
}
