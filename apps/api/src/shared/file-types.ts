import { PHOTO_MAX_PIXELS, PHOTO_MAX_SIDE } from '@portal/contract';
import { semaphore } from '@portal/db';
import sharp from 'sharp';
import { parsesInWorker } from './pdf-parse-workers';
import { decodedStreamBytes } from './pdf-streams';

/** File types by content only: never the file name or the declared type. */
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const startsWith = (bytes: Buffer, signature: number[]) => bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

/** The signature only: a first look, before `readablePdf` parses the file. */
export const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';

export function imageType(bytes: Buffer): 'image/png' | 'image/jpeg' | null {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  return null;
}

export const isPngOrJpeg = (bytes: Buffer) => imageType(bytes) !== null;

/** The extension of every type the portal stores: stored keys and served names end with it, whatever was uploaded. */
export const EXTENSIONS = { 'application/pdf': '.pdf', 'image/jpeg': '.jpg' } as const;
export type StoredType = keyof typeof EXTENSIONS;

// Parsing holds the whole file and its objects in memory: a few at a time (issue 11).
const pdfJobs = semaphore(2);

/** What a PDF may hold once its streams are decoded, and how long its check may take (issue 24). */
export const PDF_MAX_DECODED_BYTES = 50 * 1024 * 1024;
const PDF_CHECK_MS = 10_000;

export type PdfCheck = 'ok' | 'unreadable' | 'expands-too-much';

/**
 * Whether the file is a PDF that parses and whose streams stay within PDF_MAX_DECODED_BYTES once decoded (a few
 * kilobytes can inflate to gigabytes, paid for by whoever opens it). The file is read only here, two at a time,
 * so memory follows this semaphore and not the number of uploads (issue 24). A `%PDF-` signature alone lets an
 * HTML page through: pdf.js must find the cross-reference data (or rebuild it from real objects), the catalogue,
 * at least one page, and open the first, all within PDF_CHECK_MS.
 */
export async function checkPdf(read: () => Promise<Buffer>): Promise<PdfCheck> {
  return pdfJobs(async () => {
    const bytes = await read();
    if (!isPdf(bytes)) return 'unreadable';
    const deadline = Date.now() + PDF_CHECK_MS;
    const decoded = await decodedStreamBytes(bytes, PDF_MAX_DECODED_BYTES, deadline);
    if (decoded === 'too-slow') return 'unreadable';
    if (decoded > PDF_MAX_DECODED_BYTES) return 'expands-too-much';
    return (await parsesInWorker(bytes, deadline - Date.now())) ? 'ok' : 'unreadable';
  });
}

/** True when the bytes are a PDF that parses (and stays within the decoded limit). */
export const readablePdf = async (bytes: Buffer) => (await checkPdf(async () => bytes)) === 'ok';

// libvips: one thread per image and no cache of decoded operations, so memory follows `imageJobs` (issue 11).
sharp.concurrency(1);
sharp.cache(false);
const imageJobs = semaphore(2);

/** Runs sharp work (decoding, re-encoding) with at most two images in memory at once. */
export const withImageJob = <T>(task: () => Promise<T>) => imageJobs(task);

/**
 * What the image's header says, read without decoding it (a small PNG can claim billions of pixels): 'ok',
 * 'too-large' (a side above PHOTO_MAX_SIDE or more than PHOTO_MAX_PIXELS), or 'unreadable' (not a PNG or
 * JPEG header sharp can read).
 */
export async function checkImageHeader(bytes: Buffer): Promise<'ok' | 'too-large' | 'unreadable'> {
  if (!isPngOrJpeg(bytes)) return 'unreadable';
  try {
    const { width, height, format } = await sharp(bytes).metadata();
    if (!width || !height || (format !== 'png' && format !== 'jpeg')) return 'unreadable';
    return width > PHOTO_MAX_SIDE || height > PHOTO_MAX_SIDE || width * height > PHOTO_MAX_PIXELS ? 'too-large' : 'ok';
  } catch {
    return 'unreadable';
  }
}
