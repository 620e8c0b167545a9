import { randomUUID } from 'node:crypto';
import { PDF_MAX_BYTES, PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS, profileMessages } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppContext } from '../../shared/context';
import { notFound, type Problems } from '../../shared/errors';
import { servedFileName } from '../../shared/serve-file';
import type { UserRow } from '../../shared/session';
import type { Upload } from '../../shared/uploads';
import { profileNotices } from './notices';

const { files } = schema;

/** How an entry or a profile points at a stored file. */
export interface FileRef {
  id: string;
  fileName: string;
}

/** A checked file ready to store. */
export interface PreparedFile {
  /** For display only: the uploaded name without folders, ending with the checked type's extension. */
  fileName: string;
  /** What the content was checked to be; the stored key and every served name end with its extension. */
  contentType: StoredType;
  size: number;
  /** Its bytes, read only when they are stored (a PDF stays in its temporary file until then). */
  read(): Promise<Buffer>;
}

export { isPdf, isPngOrJpeg } from '../../shared/file-types';

import { checkImageHeader, checkPdf, EXTENSIONS, isPdf, isPngOrJpeg, type StoredType, withImageJob } from '../../shared/file-types';

/** Photo edge and quality after re-encoding (docs/decisions/015). */
export const PHOTO_EDGE = 600;
const PHOTO_QUALITY = 82;

/**
 * The name the browser gave, for display only: no folders, control characters or characters Windows refuses,
 * and the extension of the type the content was checked to be (a PDF named evil.html shows as evil.pdf).
 */
function displayName(name: string, fallback: string, extension: string) {
  // Upload names are cleaned where they arrive (shared/uploads.ts cleanFileName).
  const base = name.replace(/\.[^.]*$/, '').trim();
  return `${(base || fallback).slice(0, 150 - extension.length)}${extension}`;
}

/** A PDF under 10MB that parses and stays within 50MB once opened, or the message why not (recorded against `field`). */
export async function preparePdf(
  upload: Upload,
  problems: Problems,
  notPdfMessage: string = profileMessages.attachmentNotPdf,
): Promise<PreparedFile | undefined> {
  if (upload.size > PDF_MAX_BYTES) {
    problems.add(upload.field, profileMessages.attachmentTooLarge);
    return undefined;
  }
  if (!isPdf(upload.head)) {
    problems.add(upload.field, notPdfMessage);
    return undefined;
  }
  // The signature alone would let a PDF+HTML polyglot through.
  const check = await checkPdf(upload.read);
  if (check !== 'ok') {
    problems.add(
      upload.field,
      check === 'expands-too-much' ? profileMessages.attachmentExpandsTooMuch : profileMessages.attachmentUnreadablePdf,
    );
    return undefined;
  }
  return {
    fileName: displayName(upload.fileName, 'attachment', EXTENSIONS['application/pdf']),
    contentType: 'application/pdf',
    size: upload.size,
    read: upload.read,
  };
}

/**
 * A PNG or JPEG under 2MB and within the pixel limits (read from its header before decoding), re-encoded:
 * turned upright by its EXIF orientation, fitted inside 600×600, JPEG at quality 82, every metadata block
 * (EXIF, GPS, ICC, comments) dropped. At most two images are worked on at once.
 */
export async function preparePhoto(upload: Upload, problems: Problems): Promise<PreparedFile | undefined> {
  if (upload.size > PHOTO_MAX_BYTES) {
    problems.add(upload.field, profileMessages.photoTooLarge);
    return undefined;
  }
  if (!isPngOrJpeg(upload.head)) {
    problems.add(upload.field, profileMessages.photoNotImage);
    return undefined;
  }
  const bytes = await withImageJob(async () => {
    const original = await upload.read();
    const header = await checkImageHeader(original);
    if (header !== 'ok') return header;
    try {
      return await sharp(original, { limitInputPixels: PHOTO_MAX_PIXELS })
        .rotate()
        .resize(PHOTO_EDGE, PHOTO_EDGE, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: PHOTO_QUALITY })
        .toBuffer();
    } catch {
      // A PNG or JPEG header over bytes that do not decode.
      return 'unreadable' as const;
    }
  });
  if (bytes === 'too-large') problems.add(upload.field, profileMessages.photoTooManyPixels);
  else if (bytes === 'unreadable') problems.add(upload.field, profileMessages.photoNotImage);
  else {
    const fileName = displayName(upload.fileName, 'photo', EXTENSIONS['image/jpeg']);
    return { fileName, contentType: 'image/jpeg', size: bytes.length, read: async () => bytes };
  }
  return undefined;
}

/** Stores and forgets files inside one database transaction; bytes follow the transaction's outcome. */
export interface FileChanges {
  save(profileId: string, purpose: string, file: PreparedFile): Promise<FileRef>;
  /** Deletes the rows now and the bytes once the transaction has committed. */
  drop(profileId: string, ids: (string | null | undefined)[]): Promise<void>;
}

/**
 * Runs `work` in a transaction with a FileChanges bound to it. Bytes are written before the rows that name
 * them; if the transaction fails they are removed again, and bytes of dropped files go only after commit.
 */
export async function withFileChanges<T>(ctx: AppContext, work: (tx: Db, changes: FileChanges) => Promise<T>): Promise<T> {
  const written: string[] = [];
  const dropped: string[] = [];
  let result: T;
  try {
    result = await ctx.db.transaction(async (tx) => {
      const changes: FileChanges = {
        async save(profileId, purpose, file) {
          // A generated name with the checked type's extension: nothing of the uploaded name reaches storage.
          const storageKey = `${profileId}/${randomUUID()}${EXTENSIONS[file.contentType]}`;
          await ctx.storage.put(storageKey, await file.read());
          written.push(storageKey);
          const [row] = await tx
            .insert(files)
            .values({ profileId, purpose, fileName: file.fileName, contentType: file.contentType, size: file.size, storageKey })
            .returning({ id: files.id, fileName: files.fileName });
          return row;
        },
        async drop(profileId, ids) {
          const wanted = ids.filter((id): id is string => Boolean(id));
          if (!wanted.length) return;
          const rows = await tx
            .delete(files)
            .where(and(eq(files.profileId, profileId), inArray(files.id, wanted)))
            .returning({ storageKey: files.storageKey });
          dropped.push(...rows.map((r) => r.storageKey));
        },
      };
      return work(tx as Db, changes);
    });
  } catch (error) {
    await Promise.all(written.map((key) => ctx.storage.remove(key).catch(() => undefined)));
    throw error;
  }
  await Promise.all(dropped.map((key) => ctx.storage.remove(key).catch(() => undefined)));
  return result;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A stored file's row and bytes, for its owner (the caller's profile) or an admin or approver; 404 for anyone else. */
async function loadStoredFile(ctx: AppContext, user: UserRow, id: string) {
  if (!UUID.test(id)) throw notFound(profileNotices.fileNotFound);
  const [row] = await ctx.db.select().from(files).where(eq(files.id, id));
  const allowed = row && (row.profileId === user.profileId || user.isAdmin || user.isApprover);
  if (!allowed) throw notFound(profileNotices.fileNotFound);
  const bytes = await ctx.storage.get(row.storageKey);
  if (!bytes) throw notFound(profileNotices.fileNotFound);
  return { row, bytes };
}

/** `GET /api/files/:id`: the file in base64 with its display name and checked type. */
export async function readStoredFile(ctx: AppContext, user: UserRow, id: string) {
  const { row, bytes } = await loadStoredFile(ctx, user, id);
  return { id: row.id, fileName: row.fileName, contentType: row.contentType, size: row.size, base64: bytes.toString('base64') };
}

/**
 * `GET /api/files/:id/download`: the bytes as a download. Served with the type checked at upload (a file of
 * another type, from before these checks, goes out as application/octet-stream) and a generated name.
 */
export async function downloadStoredFile(ctx: AppContext, user: UserRow, id: string) {
  const { row, bytes } = await loadStoredFile(ctx, user, id);
  const contentType = row.contentType in EXTENSIONS ? row.contentType : 'application/octet-stream';
  return { bytes, contentType, fileName: servedFileName(row.id, contentType) };
}

/** The photo as the browser shows it. */
export async function pictureDataUrl(ctx: AppContext, fileId: string | null): Promise<string | null> {
  if (!fileId) return null;
  const [row] = await ctx.db
    .select({ storageKey: files.storageKey, contentType: files.contentType })
    .from(files)
    .where(eq(files.id, fileId));
  const bytes = row ? await ctx.storage.get(row.storageKey) : null;
  return bytes ? `data:${row.contentType};base64,${bytes.toString('base64')}` : null;
}
