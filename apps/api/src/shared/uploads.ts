import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';

/** A file that came with form data, with the name the browser gave it (kept only for display). */
export interface Upload {
  field: string;
  fileName: string;
  bytes: Buffer;
}

declare module 'fastify' {
  interface FastifyRequest {
    uploads: Upload[] | null;
  }
}

/** multipart's onFile: reads the part (its size limit applies) and remembers its name beside the body's Buffer. */
export async function collectUpload(this: FastifyRequest, part: MultipartFile) {
  const bytes = await part.toBuffer();
  this.uploads ??= [];
  this.uploads.push({ field: part.fieldname, fileName: part.filename, bytes });
}

/** The non-empty files sent under `field`, in the order sent (a repeated field gives several). */
export function uploadsOf(request: FastifyRequest, field: string): Upload[] {
  return (request.uploads ?? []).filter((u) => u.field === field && u.bytes.length > 0);
}

/** The body's text values, JSON or form data alike; files are left out (read them with uploadsOf). */
export function formFields(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (Buffer.isBuffer(value) || (Array.isArray(value) && value.some((v) => Buffer.isBuffer(v)))) continue;
    out[key] = value;
  }
  return out;
}
