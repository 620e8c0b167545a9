import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startS3rver } from '../../test/s3rver';
import { loadConfig } from '../config';
import { describeS3, s3SettingsFromEnv, s3Storage } from './s3-storage';
import { createStorage, directoryStorage, type FileStorage, memoryStorage } from './storage';

const s3 = await startS3rver({ prefix: 'uploads' });

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});
async function tempDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-files-'));
  dirs.push(dir);
  return dir;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
let counter = 0;
/** A fresh key per test, so the adapters' tests never see each other's files. */
const freshKey = (extension = '.pdf') => `PR${String(++counter).padStart(6, '0')}/${randomBytes(8).toString('hex')}${extension}`;

/** The storage contract: every implementation of FileStorage passes the same tests. */
describe.each<[string, () => Promise<FileStorage>]>([
  ['memory', async () => memoryStorage()],
  ['directory', async () => directoryStorage(await tempDir())],
  ['s3 (s3rver)', async () => s3Storage(s3.settings)],
])('storage contract: %s', (_kind, make) => {
  const storage = make();

  it('gives back what was put, and null for a key that holds nothing', async () => {
    const store = await storage;
    const key = freshKey();
    expect(await store.get(key)).toBeNull();
    await store.put(key, Buffer.from('the bytes'));
    expect((await store.get(key))?.toString()).toBe('the bytes');
    expect(await store.get(freshKey())).toBeNull();
  });

  it('a second put under the same key replaces the bytes', async () => {
    const store = await storage;
    const key = freshKey();
    await store.put(key, Buffer.from('first, and longer than the second'));
    await store.put(key, Buffer.from('second'));
    expect((await store.get(key))?.toString()).toBe('second');
  });

  it('remove deletes; removing a key that holds nothing is not an error', async () => {
    const store = await storage;
    const key = freshKey();
    const other = freshKey();
    await store.put(key, Buffer.from('gone soon'));
    await store.put(other, Buffer.from('stays'));
    await store.remove(key);
    expect(await store.get(key)).toBeNull();
    await expect(store.remove(key)).resolves.toBeUndefined();
    await expect(store.remove(freshKey())).resolves.toBeUndefined();
    expect((await store.get(other))?.toString()).toBe('stays');
  });

  it('refuses keys the API would never make, on put, get and remove', async () => {
    const store = await storage;
    for (const key of ['../outside', '/etc/passwd', 'PR000001/../../x', 'PR000001//x', 'PR000001/x.PDF', 'PR000001/x y', '', 'a\\b']) {
      await expect(store.put(key, Buffer.from('x')), key).rejects.toThrow('Invalid storage key');
      await expect(store.get(key), key).rejects.toThrow('Invalid storage key');
      await expect(store.remove(key), key).rejects.toThrow('Invalid storage key');
    }
  });

  it('keeps binary bytes exactly: every byte value, and an empty file', async () => {
    const store = await storage;
    const everyByte = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const bytes = Buffer.concat([everyByte, randomBytes(4096), everyByte.reverse()]);
    const key = freshKey('.jpg');
    await store.put(key, bytes);
    const back = await store.get(key);
    expect(back?.length).toBe(bytes.length);
    expect(back?.equals(bytes)).toBe(true);

    const empty = freshKey('.png');
    await store.put(empty, Buffer.alloc(0));
    expect((await store.get(empty))?.length).toBe(0);
  });

  it('stores a 10 MB file whole', async () => {
    const store = await storage;
    const bytes = randomBytes(10 * 1024 * 1024);
    const key = freshKey();
    await store.put(key, bytes);
    const back = await store.get(key);
    expect(back?.length).toBe(bytes.length);
    expect(sha256(back as Buffer)).toBe(sha256(bytes));
  });

  it('concurrent puts: each key gets its own bytes, and racing puts on one key leave one whole value', async () => {
    const store = await storage;
    const items = Array.from({ length: 16 }, () => ({ key: freshKey(), bytes: randomBytes(20_000 + Math.floor(Math.random() * 20_000)) }));
    await Promise.all(items.map((item) => store.put(item.key, item.bytes)));
    const back = await Promise.all(items.map((item) => store.get(item.key)));
    back.forEach((bytes, i) => {
      expect(bytes?.equals(items[i].bytes), items[i].key).toBe(true);
    });

    const shared = freshKey();
    const versions = Array.from({ length: 8 }, () => randomBytes(50_000));
    await Promise.all(versions.map((bytes) => store.put(shared, bytes)));
    const winner = await store.get(shared);
    expect(versions.some((bytes) => winner?.equals(bytes))).toBe(true);
  });

  it('the caller changing a buffer afterwards changes nothing stored', async () => {
    const store = await storage;
    const key = freshKey();
    const bytes = Buffer.from('original');
    await store.put(key, bytes);
    bytes.write('changed!');
    const first = await store.get(key);
    expect(first?.toString()).toBe('original');
    first?.write('changed!');
    expect((await store.get(key))?.toString()).toBe('original');
  });
});

describe('directory storage', () => {
  it('keeps files under their key and leaves no temporary files, even when puts race on one key', async () => {
    const dir = await tempDir();
    const storage = directoryStorage(dir);
    await storage.put('PR000009/one', Buffer.from('1'));
    await Promise.all(Array.from({ length: 10 }, (_, i) => storage.put('PR000009/two', Buffer.from(String(i)))));
    expect((await readdir(path.join(dir, 'PR000009'))).sort()).toEqual(['one', 'two']);
  });
});

describe('s3 storage', () => {
  it('keeps objects under the prefix in the bucket', async () => {
    const key = freshKey();
    await s3Storage(s3.settings).put(key, Buffer.from('under the prefix'));
    const bucketRoot = s3Storage({ ...s3.settings, prefix: '' });
    expect((await bucketRoot.get(`uploads/${key}`))?.toString()).toBe('under the prefix');
    expect(await bucketRoot.get(key)).toBeNull();
    // s3rver keeps the object as a file named after the full key.
    const onDisk = await readFile(path.join(s3.directory, 'portal-files', 'uploads', ...`${key}._S3rver_object`.split('/')));
    expect(onDisk.toString()).toBe('under the prefix');
  });

  it('every put carries a Content-MD5 of its bytes, and none of the SDK optional checksums (decision 037)', async () => {
    const key = freshKey();
    const bytes = randomBytes(1000);
    await s3Storage(s3.settings).put(key, bytes);
    const put = s3.requests.find((request) => request.method === 'PUT' && request.url.split('?')[0] === `/portal-files/uploads/${key}`);
    expect(put?.headers['content-md5']).toBe(createHash('md5').update(bytes).digest('base64'));
    expect(put?.headers['content-length']).toBe(String(bytes.length));
    // The signed payload hash: S3 refuses a body that does not match it.
    expect(put?.headers['x-amz-content-sha256']).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(
      Object.keys(put?.headers ?? {}).filter((name) => name.startsWith('x-amz-checksum') || name === 'x-amz-sdk-checksum-algorithm'),
    ).toEqual([]);
    expect(put?.headers['content-encoding']).toBeUndefined();
  });

  it('a missing bucket or wrong keys are errors, never an absent file', async () => {
    const noBucket = s3Storage({ ...s3.settings, bucket: 'no-such-bucket' });
    await expect(noBucket.get(freshKey())).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(noBucket.put(freshKey(), Buffer.from('x'))).rejects.toMatchObject({ name: 'NoSuchBucket' });
    // s3rver knows its own access key only (it does not recompute V4 signatures): an unknown key is refused.
    const wrongKey = s3Storage({ ...s3.settings, accessKeyId: 'NOT-A-KEY' });
    await expect(wrongKey.put(freshKey(), Buffer.from('x'))).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    await expect(wrongKey.get(freshKey())).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
  });

  it('a store that does not answer fails the call', async () => {
    // Nothing listens on port 9 of this machine: the connection is refused.
    const nowhere = s3Storage({ ...s3.settings, endpoint: 'http://127.0.0.1:9' });
    await expect(nowhere.get(freshKey())).rejects.toThrow();
  });
});

describe('choosing the storage (config)', () => {
  const minio = {
    STORAGE_URL: 's3://portal-files/prod/uploads/',
    S3_ENDPOINT: 'http://minio:9000/',
    S3_ACCESS_KEY_ID: 'portal',
    S3_SECRET_ACCESS_KEY: 'very-secret-value',
  };

  it('files under DATA_DIR/files by default, in memory with an in-memory DATA_DIR, FILES_DIR wins; no S3', () => {
    expect(loadConfig({ DATA_DIR: '/srv/portal' })).toMatchObject({ filesDir: '/srv/portal/files', s3: undefined });
    expect(loadConfig({ DATA_DIR: 'memory://' }).filesDir).toBe('memory://');
    expect(loadConfig({ DATA_DIR: 'memory://', FILES_DIR: '/mnt/files' }).filesDir).toBe('/mnt/files');
    expect(loadConfig({ STORAGE_URL: '  ' }).s3).toBeUndefined();
  });

  it('an S3-compatible store: path-style by default, region us-east-1, prefix without slashes', () => {
    expect(loadConfig({ DATA_DIR: '/srv/portal', ...minio }).s3).toEqual({
      bucket: 'portal-files',
      prefix: 'prod/uploads',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      accessKeyId: 'portal',
      secretAccessKey: 'very-secret-value',
      forcePathStyle: true,
    });
    expect(s3SettingsFromEnv({ ...minio, S3_FORCE_PATH_STYLE: 'false', S3_REGION: 'eu-west-1' })).toMatchObject({
      forcePathStyle: false,
      region: 'eu-west-1',
    });
    expect(s3SettingsFromEnv({ ...minio, STORAGE_URL: 's3://portal-files' })?.prefix).toBe('');
  });

  it('AWS itself: no endpoint, virtual-hosted addressing, the region is required', () => {
    const aws = { STORAGE_URL: 's3://erb-portal-files/uploads', S3_ACCESS_KEY_ID: 'AKIA', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(s3SettingsFromEnv({ ...aws, S3_REGION: 'af-south-1' })).toMatchObject({
      endpoint: undefined,
      region: 'af-south-1',
      forcePathStyle: false,
    });
    expect(() => s3SettingsFromEnv(aws)).toThrow('S3_REGION must be set');
    expect(describeS3(s3SettingsFromEnv({ ...aws, S3_REGION: 'af-south-1' }) as never)).toBe(
      's3://erb-portal-files/uploads (AWS af-south-1)',
    );
    expect(describeS3(s3SettingsFromEnv(minio) as never)).toBe('s3://portal-files/prod/uploads at http://minio:9000');
  });

  it.each([
    [{ STORAGE_URL: 'https://portal-files/x' }, 'STORAGE_URL must be s3://bucket or s3://bucket/prefix'],
    [{ STORAGE_URL: 's3://Portal_Files' }, 'STORAGE_URL must be s3://bucket or s3://bucket/prefix'],
    [{ STORAGE_URL: 's3://ab' }, 'STORAGE_URL must be s3://bucket or s3://bucket/prefix'],
    [{ STORAGE_URL: 's3://portal-files/a/../b' }, 'the prefix in STORAGE_URL may hold only'],
    [{ STORAGE_URL: 's3://portal-files/a b' }, 'the prefix in STORAGE_URL may hold only'],
    [{ STORAGE_URL: 's3://portal:very-secret-value@portal-files' }, 'STORAGE_URL must not hold credentials'],
    [{ S3_SECRET_ACCESS_KEY: '' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must both be set'],
    [{ S3_ACCESS_KEY_ID: undefined }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must both be set'],
    [{ S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT must be an http:// or https:// address'],
    [{ S3_ENDPOINT: 'ftp://minio' }, 'S3_ENDPOINT must be an http:// or https:// address'],
    [{ S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE must be true or false'],
  ])('refuses to start with %o', (change, message) => {
    let error: Error | undefined;
    try {
      loadConfig({ ...minio, ...change });
    } catch (caught) {
      error = caught as Error;
    }
    expect(error?.message).toContain(message);
    expect(error?.message).toContain('Invalid file storage settings');
    expect(error?.message).not.toContain('very-secret-value');
  });

  it('createStorage picks S3 when STORAGE_URL is set, else the folder or memory', async () => {
    const key = freshKey();
    await createStorage(loadConfig({ DATA_DIR: 'memory://', ...s3.env, STORAGE_URL: 's3://portal-files/picked' })).put(
      key,
      Buffer.from('s3'),
    );
    expect((await s3Storage({ ...s3.settings, prefix: 'picked' }).get(key))?.toString()).toBe('s3');

    const dir = await tempDir();
    await createStorage(loadConfig({ FILES_DIR: dir })).put(key, Buffer.from('folder'));
    expect((await readFile(path.join(dir, ...key.split('/')))).toString()).toBe('folder');

    const memory = createStorage(loadConfig({ DATA_DIR: 'memory://' }));
    await memory.put(key, Buffer.from('memory'));
    expect((await memory.get(key))?.toString()).toBe('memory');
    expect(await createStorage(loadConfig({ DATA_DIR: 'memory://' })).get(key)).toBeNull();
  });
});
