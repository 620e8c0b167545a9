import { randomUUID } from 'node:crypto';
import { type AdminEvent, EVENT_LOGO_MAX_BYTES, eventMessages, PHOTO_MAX_PIXELS, PHOTO_MAX_SIDE } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppContext } from '../../shared/context';
import { badRequest, conflict, notFound } from '../../shared/errors';
import { imageType, withImageJob } from '../../shared/file-types';
import type { Upload } from '../../shared/uploads';
import { adminEvent } from './admin';
import { eventOr404 } from './model';

const { events } = schema;

/** A banner is shown at most card-wide on a large screen: anything bigger is scaled down. */
const LOGO_EDGE = 1600;

type LogoType = 'image/png' | 'image/jpeg' | 'image/webp';
const EXTENSION: Record<LogoType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** PNG, JPEG or WebP by the bytes' signature (never the name or the declared type). */
export function logoType(bytes: Buffer): LogoType | null {
  const known = imageType(bytes);
  if (known) return known;
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

const invalid = () => badRequest(eventMessages.logoInvalid, { logo: [eventMessages.logoInvalid] });

/**
 * Checks the upload by content (size, signature, header read without decoding: sides and pixels within the photo
 * limits) and re-encodes it in its own format: upright by its EXIF orientation, fitted inside 1600×1600, every
 * metadata block dropped. A file that claims a type it is not, or does not decode, is refused.
 */
export async function prepareLogo(upload: Upload | undefined): Promise<{ type: LogoType; bytes: Buffer }> {
  if (!upload || upload.size === 0 || upload.size > EVENT_LOGO_MAX_BYTES) throw invalid();
  const type = logoType(upload.head);
  if (!type) throw invalid();
  const bytes = await withImageJob(async () => {
    try {
      const original = await upload.read();
      const { width, height, format } = await sharp(original).metadata();
      const expected = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' }[type];
      if (!width || !height || format !== expected) return null;
      if (width > PHOTO_MAX_SIDE || height > PHOTO_MAX_SIDE || width * height > PHOTO_MAX_PIXELS) return null;
      const image = sharp(original, { limitInputPixels: PHOTO_MAX_PIXELS })
        .rotate()
        .resize(LOGO_EDGE, LOGO_EDGE, { fit: 'inside', withoutEnlargement: true });
      if (type === 'image/png') return await image.png().toBuffer();
      if (type === 'image/webp') return await image.webp({ quality: 85 }).toBuffer();
      return await image.jpeg({ quality: 85 }).toBuffer();
    } catch {
      return null;
    }
  });
  if (!bytes) throw invalid();
  return { type, bytes };
}

/** `POST admin/events/{no}/logo`: stores the checked image and replaces the previous one (removed after commit). */
export async function saveLogo(ctx: AppContext, no: string, upload: Upload | undefined): Promise<AdminEvent> {
  const event = await eventOr404(ctx.db, no);
  if (event.status === 'closed' || event.status === 'cancelled') throw conflict(eventMessages.notEditable);
  const logo = await prepareLogo(upload);
  const key = `events/${event.no}-${randomUUID().replace(/-/g, '')}.${EXTENSION[logo.type]}`;
  await ctx.storage.put(key, logo.bytes);
  let previous: string | null = null;
  let row: typeof events.$inferSelect;
  try {
    row = await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [locked] = await tx.select().from(events).where(eq(events.no, event.no)).for('update');
      if (locked.status === 'closed' || locked.status === 'cancelled') throw conflict(eventMessages.notEditable);
      previous = locked.logoKey;
      const [updated] = await tx
        .update(events)
        .set({ logoKey: key, logoType: logo.type, updatedAt: new Date() })
        .where(eq(events.no, event.no))
        .returning();
      return updated;
    });
  } catch (error) {
    await ctx.storage.remove(key);
    throw error;
  }
  if (previous && previous !== key) await ctx.storage.remove(previous);
  return adminEvent(ctx, row);
}

/** The logo's bytes and type (`GET events/{no}/logo`, no sign-in: img tags send no token); 404 when none. */
export async function readLogo(ctx: AppContext, no: string): Promise<{ bytes: Buffer; type: string }> {
  const event = await eventOr404(ctx.db, no);
  const bytes = event.logoKey ? await ctx.storage.get(event.logoKey) : null;
  if (!bytes || !event.logoType) throw notFound(eventMessages.logoNotFound);
  return { bytes, type: event.logoType };
}
