import { profileMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn } from '../../../test/harness';
import { postMultipart } from '../../../test/multipart';
import {
  addEntry,
  bioFields,
  claimedPng,
  createIndividual,
  pdf,
  pdfBytes,
  photoBytes,
  polyglotPdfBytes,
  sectionSample,
} from '../../../test/profile';
import { Problems } from '../../shared/errors';
import { readablePdf, withImageJob } from '../../shared/file-types';
import { memoryStorage } from '../../shared/storage';
import { uploadFromBytes } from '../../shared/uploads';
import { isPdf, isPngOrJpeg, preparePdf, withFileChanges } from './files';

const t = await createTestApp();

describe('GET /api/files/:id', () => {
  async function ownerWithFile() {
    const owner = await createIndividual(t);
    const entry = await addEntry(t, owner.token, 'attachments', { ...sectionSample('attachments'), attachment: pdf('cr12.pdf') });
    return { ...owner, fileId: entry.body.data.attachment.id as string };
  }

  it("answers the owner's file with its bytes in base64", async () => {
    const { token, fileId } = await ownerWithFile();
    const response = await t.call('GET', `/api/files/${fileId}`, { token });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      id: fileId,
      fileName: 'cr12.pdf',
      contentType: 'application/pdf',
      size: pdfBytes().length,
      base64: pdfBytes().toString('base64'),
    });
  });

  it("answers 404 for another member's file, and for ids that name nothing", async () => {
    const { fileId } = await ownerWithFile();
    const other = await createIndividual(t);
    const response = await t.call('GET', `/api/files/${fileId}`, { token: other.token });
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('File not found');
    expect((await t.call('GET', '/api/files/00000000-0000-4000-8000-000000000000', { token: other.token })).status).toBe(404);
    expect((await t.call('GET', '/api/files/not-a-uuid', { token: other.token })).status).toBe(404);
    expect((await t.call('GET', `/api/files/${fileId}`)).status).toBe(401);
  });

  it("lets an administrator and an approver read a member's file", async () => {
    const { fileId } = await ownerWithFile();
    for (const role of [{ isAdmin: true }, { isApprover: true }]) {
      const staff = await createUser(t.db, role);
      const response = await t.call('GET', `/api/files/${fileId}`, { token: await signIn(t, staff.email) });
      expect(response.status).toBe(200);
      expect(response.body.data.fileName).toBe('cr12.pdf');
    }
  });
});

describe('PDF uploads', () => {
  it('refuses a PDF+HTML polyglot (a real %PDF- header, then HTML), in a section and as the bio ID, and stores nothing', async () => {
    const { token, profileId } = await createIndividual(t);
    const before = await t.db.select().from(schema.files).where(eq(schema.files.profileId, profileId));
    const section = await addEntry(t, token, 'attachments', {
      ...sectionSample('attachments'),
      attachment: { filename: 'evil.html', contentType: 'text/html', content: polyglotPdfBytes() },
    });
    expect(section.status).toBe(400);
    expect(section.body.message).toBe(profileMessages.attachmentUnreadablePdf);
    expect(section.body.errors).toEqual({ attachment: [profileMessages.attachmentUnreadablePdf] });
    const bio = await postMultipart(t, '/api/profile/update', { ...bioFields(), ID: pdf('id.pdf', polyglotPdfBytes()) }, token);
    expect(bio.status).toBe(400);
    expect(bio.body.errors).toEqual({ ID: [profileMessages.attachmentUnreadablePdf] });
    expect(await t.db.select().from(schema.files).where(eq(schema.files.profileId, profileId))).toEqual(before);
  });

  it('stores a valid PDF named evil.html under a generated .pdf key and serves it as application/pdf with a .pdf name', async () => {
    const { token, profileId } = await createIndividual(t);
    const upload = { filename: 'evil.html', contentType: 'text/html', content: pdfBytes() };
    const entry = await addEntry(t, token, 'attachments', { ...sectionSample('attachments'), attachment: upload });
    expect(entry.status).toBe(200);
    const fileId = entry.body.data.attachment.id as string;
    expect(entry.body.data.attachment.fileName).toBe('evil.pdf');

    const [row] = await t.db.select().from(schema.files).where(eq(schema.files.id, fileId));
    expect(row).toMatchObject({ fileName: 'evil.pdf', contentType: 'application/pdf' });
    expect(row.storageKey).toMatch(new RegExp(`^${profileId}/[0-9a-f-]{36}\\.pdf$`));

    const json = await t.call('GET', `/api/files/${fileId}`, { token });
    expect(json.body.data).toMatchObject({ fileName: 'evil.pdf', contentType: 'application/pdf' });

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}/download`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${fileId}.pdf"`);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.rawPayload).toEqual(pdfBytes());
  });

  it('serves a download to the same people as the file: owner, admin, approver; 404 for others, 401 signed out', async () => {
    const owner = await createIndividual(t);
    const entry = await addEntry(t, owner.token, 'attachments', { ...sectionSample('attachments'), attachment: pdf('cr12.pdf') });
    const url = `/api/files/${entry.body.data.attachment.id}/download`;
    const get = (token?: string) => t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect((await get(owner.token)).statusCode).toBe(200);
    const admin = await createUser(t.db, { isAdmin: true });
    expect((await get(await signIn(t, admin.email))).statusCode).toBe(200);
    const other = await createIndividual(t);
    const refused = await get(other.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['content-disposition']).toBeUndefined();
    expect((await get()).statusCode).toBe(401);
  });

  it('serves a stored photo as image/jpeg with a .jpg name, whatever the upload was called', async () => {
    const { token } = await createIndividual(t);
    const response = await postMultipart(
      t,
      '/api/profile/update',
      { ...bioFields(), Image: { filename: 'me.html', contentType: 'text/html', content: await photoBytes(300, 200, { format: 'png' }) } },
      token,
    );
    expect(response.status).toBe(200);
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.profileId, response.body.data.ProfileID));
    const [profile] = await t.db
      .select()
      .from(schema.profiles)
      .where(eq(schema.profiles.profileId, user.profileId as string));
    const fileId = profile.pictureFileId as string;
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}/download`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${fileId}.jpg"`);
    const [row] = await t.db.select().from(schema.files).where(eq(schema.files.id, fileId));
    expect(row.fileName).toBe('me.jpg');
    expect(row.storageKey).toMatch(/\.jpg$/);
  });
});

describe('photo pixel limits', () => {
  const upload = async (token: string, content: Buffer) =>
    postMultipart(t, '/api/profile/update', { ...bioFields(), Image: { filename: 'big.png', contentType: 'image/png', content } }, token);

  it('refuses an image above 10000 pixels on a side or 25 megapixels, read from its header, with a 400', async () => {
    const { token } = await createIndividual(t);
    // A tall thin image: cheap to make, a side over the limit.
    const tall = await sharp({ create: { width: 1, height: 10_001, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    // 36 megapixels in under half a megabyte (the case that was accepted).
    const wide = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#c83c28' } })
      .png()
      .toBuffer();
    // 81 megapixels claimed by a header over no pixel data: refused without decoding.
    for (const content of [tall, wide, claimedPng(9000, 9000), claimedPng(100_000, 1)]) {
      const response = await upload(token, content);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(profileMessages.photoTooManyPixels);
      expect(response.body.errors).toEqual({ Image: [profileMessages.photoTooManyPixels] });
    }
    expect(profileMessages.photoTooManyPixels).toBe('Profile Picture should be at most 10000 pixels on a side and 25 megapixels');
  });

  it('accepts an image just inside the limits', async () => {
    const { token } = await createIndividual(t);
    const thin = await sharp({ create: { width: 2, height: 10_000, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    expect((await upload(token, thin)).status).toBe(200);
  });

  it('works on at most two images at once', async () => {
    let active = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 6 }, () =>
        withImageJob(async () => {
          active++;
          peak = Math.max(peak, active);
          await new Promise((resolve) => setTimeout(resolve, 5));
          active--;
        }),
      ),
    );
    expect(peak).toBe(2);
  });
});

describe('content checks', () => {
  it('knows a PDF and an image by their first bytes only', async () => {
    expect(isPdf(pdfBytes())).toBe(true);
    expect(isPdf(Buffer.from('%PDF'))).toBe(false);
    expect(isPdf(Buffer.from('hello.pdf'))).toBe(false);
    expect(isPngOrJpeg(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(true);
    expect(isPngOrJpeg(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(isPngOrJpeg(Buffer.from('GIF89a'))).toBe(false);
    const problems = new Problems();
    const prepared = await preparePdf(uploadFromBytes('File', '../../etc/passwd.pdf', pdfBytes()), problems);
    expect(prepared?.fileName).toBe('passwd.pdf');
    expect(problems.errors).toEqual({});
  });

  it('parses a PDF: a signature over HTML, a truncated file or a PDF without pages is not readable', async () => {
    expect(await readablePdf(pdfBytes())).toBe(true);
    // Trailing bytes after the end of a real PDF do not stop it being read.
    expect(await readablePdf(pdfBytes(200_000))).toBe(true);
    expect(await readablePdf(polyglotPdfBytes())).toBe(false);
    expect(await readablePdf(pdfBytes().subarray(0, 40))).toBe(false);
    expect(await readablePdf(Buffer.from('%PDF-1.4\n%%EOF\n'))).toBe(false);
    const noPages =
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
    expect(await readablePdf(Buffer.from(noPages))).toBe(false);
    expect(await readablePdf(Buffer.from('<html>%PDF-1.4</html>'))).toBe(false);
  });

  it("gives the display name the checked type's extension, whatever the upload was called", async () => {
    const problems = new Problems();
    const named = async (fileName: string) => (await preparePdf(uploadFromBytes('File', fileName, pdfBytes()), problems))?.fileName;
    expect(await named('evil.html')).toBe('evil.pdf');
    expect(await named('C:\\Users\\me\\scan.final.HTM')).toBe('scan.final.pdf');
    expect(await named('<script>.svg')).toBe('script.pdf');
    expect(await named('.html')).toBe('attachment.pdf');
    expect(await named('notes')).toBe('notes.pdf');
  });

  it('a photo with an image signature that does not decode is not an image', async () => {
    const { token } = await createIndividual(t);
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('garbage')]);
    const response = await postMultipart(
      t,
      '/api/profile/update',
      { ...bioFields(), Image: { filename: 'x.jpg', contentType: 'image/jpeg', content: broken } },
      token,
    );
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ Image: ['Attachment must be an image'] });
  });
});

const preparedPdf = (fileName: string) =>
  ({ fileName, contentType: 'application/pdf', size: pdfBytes().length, read: async () => pdfBytes() }) as const;

describe('withFileChanges', () => {
  it('removes the bytes it wrote when the transaction fails, and keeps them when it commits', async () => {
    const storage = memoryStorage();
    const ctx = { db: t.db, config: t.config, storage };
    const { profileId } = await createIndividual(t);
    let key = '';
    await expect(
      withFileChanges(ctx, async (tx, changes) => {
        const ref = await changes.save(profileId, 'test', preparedPdf('a.pdf'));
        const [row] = await tx.select().from(schema.files).where(eq(schema.files.id, ref.id));
        key = row.storageKey;
        expect(await storage.get(key)).not.toBeNull();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await storage.get(key)).toBeNull();
    expect(await t.db.select().from(schema.files).where(eq(schema.files.storageKey, key))).toEqual([]);

    const kept = await withFileChanges(ctx, (_tx, changes) => changes.save(profileId, 'test', preparedPdf('b.pdf')));
    const [row] = await t.db.select().from(schema.files).where(eq(schema.files.id, kept.id));
    expect(await storage.get(row.storageKey)).toEqual(pdfBytes());
    await withFileChanges(ctx, (_tx, changes) => changes.drop(profileId, [kept.id]));
    expect(await storage.get(row.storageKey)).toBeNull();
  });
});
