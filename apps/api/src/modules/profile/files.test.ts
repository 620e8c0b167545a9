import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn } from '../../../test/harness';
import { postMultipart } from '../../../test/multipart';
import { addEntry, bioFields, createIndividual, pdf, pdfBytes, sectionSample } from '../../../test/profile';
import { loadConfig } from '../../config';
import { Problems } from '../../shared/errors';
import { createStorage, directoryStorage, memoryStorage } from '../../shared/storage';
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

describe('content checks', () => {
  it('knows a PDF and an image by their first bytes only', async () => {
    expect(isPdf(pdfBytes())).toBe(true);
    expect(isPdf(Buffer.from('%PDF'))).toBe(false);
    expect(isPdf(Buffer.from('hello.pdf'))).toBe(false);
    expect(isPngOrJpeg(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(true);
    expect(isPngOrJpeg(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(isPngOrJpeg(Buffer.from('GIF89a'))).toBe(false);
    const problems = new Problems();
    expect(preparePdf({ field: 'File', fileName: '../../etc/passwd.pdf', bytes: pdfBytes() }, problems)?.fileName).toBe('passwd.pdf');
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

describe('withFileChanges', () => {
  it('removes the bytes it wrote when the transaction fails, and keeps them when it commits', async () => {
    const storage = memoryStorage();
    const ctx = { db: t.db, config: t.config, storage };
    const { profileId } = await createIndividual(t);
    let key = '';
    await expect(
      withFileChanges(ctx, async (tx, changes) => {
        const ref = await changes.save(profileId, 'test', { fileName: 'a.pdf', contentType: 'application/pdf', bytes: pdfBytes() });
        const [row] = await tx.select().from(schema.files).where(eq(schema.files.id, ref.id));
        key = row.storageKey;
        expect(await storage.get(key)).not.toBeNull();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await storage.get(key)).toBeNull();
    expect(await t.db.select().from(schema.files).where(eq(schema.files.storageKey, key))).toEqual([]);

    const kept = await withFileChanges(ctx, (_tx, changes) =>
      changes.save(profileId, 'test', { fileName: 'b.pdf', contentType: 'application/pdf', bytes: pdfBytes() }),
    );
    const [row] = await t.db.select().from(schema.files).where(eq(schema.files.id, kept.id));
    expect(await storage.get(row.storageKey)).toEqual(pdfBytes());
    await withFileChanges(ctx, (_tx, changes) => changes.drop(profileId, [kept.id]));
    expect(await storage.get(row.storageKey)).toBeNull();
  });
});

describe('storage', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it.each([
    ['memory', async () => memoryStorage()],
    [
      'directory',
      async () => {
        const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-files-'));
        dirs.push(dir);
        return directoryStorage(dir);
      },
    ],
  ])('%s: put, get, remove; keys are checked', async (_kind, make) => {
    const storage = await make();
    expect(await storage.get('PR000001/missing')).toBeNull();
    await storage.put('PR000001/abc-123', Buffer.from('bytes'));
    expect((await storage.get('PR000001/abc-123'))?.toString()).toBe('bytes');
    await storage.put('PR000001/abc-123', Buffer.from('new'));
    expect((await storage.get('PR000001/abc-123'))?.toString()).toBe('new');
    await storage.remove('PR000001/abc-123');
    expect(await storage.get('PR000001/abc-123')).toBeNull();
    await storage.remove('PR000001/abc-123');
    await expect(storage.put('../outside', Buffer.from('x'))).rejects.toThrow('Invalid storage key');
    await expect(storage.put('/etc/passwd', Buffer.from('x'))).rejects.toThrow('Invalid storage key');
  });

  it('the directory keeps files under their key and leaves no temporary files', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-files-'));
    dirs.push(dir);
    const storage = createStorage(dir);
    await storage.put('PR000009/one', Buffer.from('1'));
    expect(await readdir(path.join(dir, 'PR000009'))).toEqual(['one']);
  });

  it('config: files under DATA_DIR/files, in memory with an in-memory DATA_DIR, FILES_DIR wins', () => {
    expect(loadConfig({ DATA_DIR: '/srv/portal' }).filesDir).toBe('/srv/portal/files');
    expect(loadConfig({ DATA_DIR: 'memory://' }).filesDir).toBe('memory://');
    expect(loadConfig({ DATA_DIR: 'memory://', FILES_DIR: '/mnt/files' }).filesDir).toBe('/mnt/files');
  });
});
