import type { FastifyReply } from 'fastify';
import { EXTENSIONS, type StoredType } from './file-types';

export interface ServedFile {
  bytes: Buffer;
  /** The type the content was checked to be when it was stored; never one derived from a file name. */
  contentType: string;
  /** A name the server made (id and the checked type's extension). */
  fileName: string;
}

/**
 * Sends file bytes with the headers every file answer carries: the checked type, `nosniff` so a browser never
 * second-guesses it, and a Content-Disposition with a safe name (attachment unless the caller shows it inline).
 */
export function sendFile(reply: FastifyReply, file: ServedFile, disposition: 'attachment' | 'inline' = 'attachment') {
  const safeName = file.fileName.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '') || 'file';
  return reply
    .type(file.contentType)
    .header('content-disposition', `${disposition}; filename="${safeName}"`)
    .header('x-content-type-options', 'nosniff')
    .send(file.bytes);
}

/** The served name of a stored file: its id (or owner's id) and the checked type's extension; never the uploaded name. */
export function servedFileName(id: string, contentType: string) {
  return `${id}${EXTENSIONS[contentType as StoredType] ?? '.bin'}`;
}
