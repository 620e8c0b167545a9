import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { addEntry, createIndividual, pdf, pdfBytes, sectionSample } from '../../../test/profile';
import { startS3rver } from '../../../test/s3rver';
import { s3Storage } from '../../shared/s3-storage';

// The whole app with its files in an S3 bucket (s3rver), as STORAGE_URL=s3://portal-files/portal would make it.
const s3 = await startS3rver({ prefix: 'portal' });
const t = await createTestApp({ s3: s3.settings });
const bucket = s3Storage(s3.settings);

describe('uploads with S3 storage', () => {
  it('an uploaded profile file is written to the bucket, downloaded with the same bytes, and deleted with its entry', async () => {
    const owner = await createIndividual(t);
    // Distinct bytes for this test: a valid PDF padded to 300 kB.
    const bytes = pdfBytes(300_000);
    const entry = await addEntry(t, owner.token, 'attachments', { ...sectionSample('attachments'), attachment: pdf('cr12.pdf', bytes) });
    expect(entry.status, JSON.stringify(entry.body)).toBe(200);
    const fileId = entry.body.data.attachment.id as string;

    const [row] = await t.db.select().from(schema.files).where(eq(schema.files.id, fileId));
    expect(row.storageKey).toMatch(new RegExp(`^${owner.profileId}/[0-9a-f-]{36}\\.pdf$`));
    // The bytes went over the S3 protocol into the bucket under the prefix, not into process memory.
    const put = s3.requests.find(
      (request) => request.method === 'PUT' && request.url.split('?')[0] === `/portal-files/portal/${row.storageKey}`,
    );
    expect(put).toBeDefined();
    expect((await bucket.get(row.storageKey))?.equals(bytes)).toBe(true);
    const onDisk = await readFile(path.join(s3.directory, 'portal-files', 'portal', ...`${row.storageKey}._S3rver_object`.split('/')));
    expect(onDisk.equals(bytes)).toBe(true);

    const download = await t.call('GET', `/api/files/${fileId}`, { token: owner.token });
    expect(download.status).toBe(200);
    expect(download.body.data).toMatchObject({ id: fileId, fileName: 'cr12.pdf', contentType: 'application/pdf', size: bytes.length });
    expect(Buffer.from(download.body.data.base64, 'base64').equals(bytes)).toBe(true);
    const raw = await t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}/download`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toBe('application/pdf');
    expect(raw.rawPayload.equals(bytes)).toBe(true);
    const gets = s3.requests.filter(
      (request) => request.method === 'GET' && request.url.split('?')[0] === `/portal-files/portal/${row.storageKey}`,
    );
    expect(gets.length).toBeGreaterThanOrEqual(2);

    const removed = await t.call('POST', '/api/profile/attachments/remove', { token: owner.token, body: { EntryNo: 1 } });
    expect(removed.status).toBe(200);
    expect(await bucket.get(row.storageKey)).toBeNull();
    expect((await t.call('GET', `/api/files/${fileId}`, { token: owner.token })).status).toBe(404);
  });

  it("the bio's photo and ID go to the bucket too; an object missing from the bucket answers 404, not 500", async () => {
    const owner = await createIndividual(t);
    const [profile] = await t.db.select().from(schema.profiles).where(eq(schema.profiles.profileId, owner.profileId));
    const [id] = await t.db
      .select()
      .from(schema.files)
      .where(eq(schema.files.id, profile.idFileId as string));
    expect((await bucket.get(id.storageKey))?.subarray(0, 5).toString()).toBe('%PDF-');

    await bucket.remove(id.storageKey);
    const answer = await t.call('GET', `/api/files/${id.id}`, { token: owner.token });
    expect(answer.status).toBe(404);
  });
});
