import { randomUUID } from 'node:crypto';
import {
  COMPLAINT_MAX_FILES,
  type ComplaintFile,
  type ComplaintFileParty,
  complaintMessages,
  PDF_MAX_BYTES,
  PHOTO_MAX_PIXELS,
  profileMessages,
} from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, asc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppContext } from '../../shared/context';
import { notFound, Problems } from '../../shared/errors';
import { checkImageHeader, EXTENSIONS, isPdf, isPngOrJpeg, withImageJob } from '../../shared/file-types';
import { servedFileName } from '../../shared/serve-file';
import type { Upload } from '../../shared/uploads';
import { type PreparedFile, preparePdf } from '../profile/files';

const { complaintFiles } = schema;

/** Evidence photos are kept readable (a crack in a beam must show), unlike profile photos: 2,400 px on the long side. */
const EVIDENCE_EDGE = 2400;

/**
 * Checks each file by its content: a PDF that parses (as every upload), or a PNG or JPEG re-encoded as JPEG without
 * its metadata (EXIF and GPS dropped: a complainant's phone location is not evidence). At most COMPLAINT_MAX_FILES.
 * Throws 400 with every file's problem at once.
 */
export async function prepareEvidence(uploads: Upload[], field: string): Promise<PreparedFile[]> {
  const problems = new Problems();
  if (uploads.length > COMPLAINT_MAX_FILES) problems.add(field, complaintMessages.tooManyFiles);
  problems.throwIfAny();
  const prepared: PreparedFile[] = [];
  for (const upload of uploads) {
    const file = isPdf(upload.head) ? await preparePdf({ ...upload, field }, problems) : await prepareImage({ ...upload, field }, problems);
    if (file) prepared.push(file);
  }
  problems.throwIfAny();
  return prepared;
}

async function prepareImage(upload: Upload, problems: Problems): Promise<PreparedFile | undefined> {
  if (upload.size > PDF_MAX_BYTES) {
    problems.add(upload.field, profileMessages.attachmentTooLarge);
    return undefined;
  }
  if (!isPngOrJpeg(upload.head)) {
    problems.add(upload.field, complaintMessages.evidenceType);
    return undefined;
  }
  const bytes = await withImageJob(async () => {
    const original = await upload.read();
    if ((await checkImageHeader(original)) !== 'ok') return null;
    try {
      return await sharp(original, { limitInputPixels: PHOTO_MAX_PIXELS })
        .rotate()
        .resize(EVIDENCE_EDGE, EVIDENCE_EDGE, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85 })
        .toBuffer();
    } catch {
      return null;
    }
  });
  if (!bytes) {
    problems.add(upload.field, complaintMessages.evidenceType);
    return undefined;
  }
  const base = upload.fileName.replace(/\.[^.]*$/, '').trim() || 'evidence';
  return { fileName: `${base.slice(0, 140)}.jpg`, contentType: 'image/jpeg', size: bytes.length, read: async () => bytes };
}

/**
 * Stores checked files for a case inside the caller's transaction. Bytes are written first; `written` collects
 * their keys so the caller can remove them if the transaction fails.
 */
export async function storeEvidence(
  ctx: AppContext,
  tx: Db,
  complaintId: number,
  party: ComplaintFileParty,
  files: PreparedFile[],
  written: string[],
): Promise<void> {
  for (const file of files) {
    const storageKey = `complaints/${complaintId}/${randomUUID()}${EXTENSIONS[file.contentType]}`;
    await ctx.storage.put(storageKey, await file.read());
    written.push(storageKey);
    await tx
      .insert(complaintFiles)
      .values({ complaintId, party, fileName: file.fileName, contentType: file.contentType, size: file.size, storageKey });
  }
}

/** Runs `work` in a transaction that may store files; if it fails, the bytes written are removed again. */
export async function withEvidence<T>(ctx: AppContext, work: (tx: Db, written: string[]) => Promise<T>): Promise<T> {
  const written: string[] = [];
  try {
    return await ctx.db.transaction(async (tx) => work(tx as Db, written));
  } catch (error) {
    await Promise.all(written.map((key) => ctx.storage.remove(key).catch(() => undefined)));
    throw error;
  }
}

export async function caseFiles(db: Db, complaintId: number, parties?: ComplaintFileParty[]): Promise<ComplaintFile[]> {
  const rows = await db
    .select()
    .from(complaintFiles)
    .where(
      parties
        ? and(eq(complaintFiles.complaintId, complaintId), inArray(complaintFiles.party, parties))
        : eq(complaintFiles.complaintId, complaintId),
    )
    .orderBy(asc(complaintFiles.createdAt));
  return rows.map((r) => ({
    id: r.id,
    party: r.party as ComplaintFileParty,
    fileName: r.fileName,
    contentType: r.contentType,
    size: r.size,
    createdAt: r.createdAt.toISOString(),
  }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One of a case's files, if it is among `parties`; 404 otherwise. */
export async function caseFile(ctx: AppContext, complaintId: number, fileId: string, parties?: ComplaintFileParty[]) {
  if (!UUID.test(fileId)) throw notFound(complaintMessages.notFound);
  const [row] = await ctx.db
    .select()
    .from(complaintFiles)
    .where(and(eq(complaintFiles.id, fileId), eq(complaintFiles.complaintId, complaintId)));
  if (!row || (parties && !parties.includes(row.party as ComplaintFileParty))) throw notFound(complaintMessages.notFound);
  const bytes = await ctx.storage.get(row.storageKey);
  if (!bytes) throw notFound(complaintMessages.notFound);
  return { bytes, contentType: row.contentType, fileName: servedFileName(row.id, row.contentType) };
}
