import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFile, type MultipartValue } from '@fastify/multipart';
import { messages, profileMessages } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors';
import { uploadBudget } from './upload-budget';

/**
 * A file that came with form data: streamed to a temporary file while the body arrived (never held whole in memory),
 * removed when the answer has gone. `fileName` is the browser's name cleaned to a base name, for display only.
 */
export interface Upload {
  field: string;
  fileName: string;
  size: number;
  /** The first bytes, enough to tell a type by its signature without reading the file. */
  head: Buffer;
  /** The whole file: read it inside a bounded check (shared/file-types.ts) or just before storing it. */
  read(): Promise<Buffer>;
}

const HEAD_BYTES = 16;

/** An upload whose bytes are already in memory (a file sent as base64 text in a JSON field). */
export function uploadFromBytes(field: string, fileName: string, bytes: Buffer): Upload {
  return { field, fileName: cleanFileName(fileName), size: bytes.length, head: bytes.subarray(0, HEAD_BYTES), read: async () => bytes };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this removes from file names
const UNSAFE_IN_NAMES = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069<>:"|?*]/gu;
const NAME_MAX = 150;

/**
 * The name a browser gave a file, made safe to show and to offer back as a download name: the base name only
 * (no folders, either slash), no control or direction-changing characters, nothing Windows refuses, not '.' or
 * '..', at most 150 characters with the extension kept. '' when nothing is left.
 */
export function cleanFileName(name: string): string {
  const base = path.posix.basename(name.replace(/\\/g, '/'));
  const plain = base.replace(UNSAFE_IN_NAMES, '').trim();
  if (/^\.*$/.test(plain)) return '';
  const characters = [...plain];
  if (characters.length <= NAME_MAX) return plain;
  const extension = [...path.extname(plain)].slice(0, 10).join('');
  return characters.slice(0, NAME_MAX - [...extension].length).join('') + extension;
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

/** Where the temporary files of requests go; each request has a folder of its own. */
const TEMP_ROOT = path.join(tmpdir(), 'portal-uploads');

/**
 * Form data only where a route takes it (config.form), with that route's limits enforced while the body streams:
 * a request over them fails as soon as it crosses them. Files stream to temporary files, and a request is let in
 * only while the process's upload budget and the member's two places allow (issue 24); elsewhere form data is a
 * 415, answered before its body is read. Fields arrive in the body as strings (a repeated field as a list); files
 * are kept aside in request.uploads.
 */
export async function registerFormData(app: FastifyInstance, options: { budgetBytes: number; perClient?: number }) {
  // Limits are given per route (readForm); the plugin's own apply to nothing.
  await app.register(multipart);
  app.decorateRequest('uploads', null);
  const budget = uploadBudget(options.budgetBytes, options.perClient ?? 2);

  // Both hooks run on every request: without a promise, so a request that is not form data pays almost nothing.
  app.addHook('onRequest', (request, reply, done) => {
    if (!isFormData(request)) return done();
    try {
      const form = request.routeOptions.config?.form;
      if (!form) refuse(reply, 415, messages.formDataNotAccepted);
      if (!/;\s*boundary=/i.test(request.headers['content-type'] ?? '')) refuse(reply, 400, messages.formDataUnreadable);
      const length = Number(request.headers['content-length'] ?? 0);
      if (length > maxBody(form)) refuse(reply, 413, profileMessages.attachmentTooLarge, 'file');
      done();
    } catch (error) {
      done(error as Error);
    }
  });

  app.addHook('preValidation', (request, reply, done) => {
    const form = request.routeOptions.config?.form;
    if (!form || !request.isMultipart()) return done();
    takeForm(request, reply, form).then(() => done(), done);
  });

  async function takeForm(request: FastifyRequest, reply: FastifyReply, form: FormLimits) {
    // Signed in by now (the session hook runs on request): a member's uploads share two places, whatever address.
    const client = request.auth ? `user:${request.auth.user.id}` : `ip:${request.ip}`;
    const bytes = Number(request.headers['content-length'] ?? 0) || maxBody(form);
    // These two keep the connection: the body is read and dropped as it comes (Node dumps an unread request), so
    // a browser that is still sending gets the answer with its message rather than a reset connection.
    const taken = budget.take(client, bytes);
    if (taken === 'client-busy') throw new HttpError(429, messages.uploadsInProgress, { _: [messages.uploadsInProgress] });
    if (taken === 'full') {
      reply.header('retry-after', '10');
      throw new HttpError(503, messages.uploadsBusy, { _: [messages.uploadsBusy] });
    }
    // 'close' comes once the answer has gone or the client went away: the place and the files are given back then.
    let folder: string | undefined;
    let given = false;
    const giveBack = () => {
      if (given) return;
      given = true;
      budget.give(client, bytes);
      if (folder) rm(folder, { recursive: true, force: true }).catch(() => undefined);
    };
    reply.raw.once('close', giveBack);
    // A client gone before the listener was set would never give its place back.
    if (request.raw.destroyed || reply.raw.destroyed) giveBack();
    await mkdir(TEMP_ROOT, { recursive: true, mode: 0o700 });
    folder = await mkdtemp(path.join(TEMP_ROOT, 'r-'));
    if (given) {
      await rm(folder, { recursive: true, force: true });
      throw new HttpError(400, messages.formDataUnreadable);
    }
    request.body = await readForm(request, form, folder);
  }
}

const maxBody = (form: FormLimits) => form.files * form.fileSize + FORM_OVERHEAD_BYTES;

async function readForm(request: FastifyRequest, form: FormLimits, folder: string): Promise<Record<string, unknown>> {
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
      if (part.type === 'file') uploads.push(await fileOf(part, path.join(folder, String(uploads.length))));
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

/** Streams a file part to `target`, keeping its first bytes and its size; over the route's size it is a 413 at once. */
async function fileOf(part: MultipartFile, target: string): Promise<Upload> {
  let size = 0;
  let head = Buffer.alloc(0);
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(part.file, measure, createWriteStream(target, { mode: 0o600 }));
  if (part.file.truncated)
    throw new HttpError(413, profileMessages.attachmentTooLarge, { [part.fieldname]: [profileMessages.attachmentTooLarge] });
  return { field: part.fieldname, fileName: cleanFileName(part.filename), size, head, read: () => readFile(target) };
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
  return (request.uploads ?? []).filter((u) => u.field === field && u.size > 0);
}

/** The body's text values, JSON or form data alike; files are never in it (read them with uploadsOf). */
export function formFields(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  return { ...(body as Record<string, unknown>) };
}
