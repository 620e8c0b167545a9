import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startS3rver } from '../../test/s3rver';
import { type MigrationReport, migrateFiles, summarise } from './files-migration';
import { s3Storage } from './s3-storage';
import type { FileStorage } from './storage';

const s3 = await startS3rver({ prefix: 'migrated' });
const run = promisify(execFile);

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** A files folder as the directory storage leaves it, with a leftover temporary file and a stray dotfile. */
async function filesFolder(count: number) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'portal-migrate-'));
  dirs.push(root);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const key = `PR${String(i % 3).padStart(6, '0')}/${randomBytes(6).toString('hex')}${i % 2 ? '.pdf' : '.jpg'}`;
    files.set(key, i === 0 ? randomBytes(3 * 1024 * 1024) : i === 1 ? Buffer.alloc(0) : randomBytes(1000 + i * 37));
  }
  files.set('events/logo-7.png', randomBytes(5000));
  for (const [key, bytes] of files) {
    await mkdir(path.join(root, path.dirname(key)), { recursive: true });
    await writeFile(path.join(root, ...key.split('/')), bytes);
  }
  await writeFile(path.join(root, 'PR000000', 'half.pdf.4242.0f3c.tmp'), 'interrupted');
  await writeFile(path.join(root, '.DS_Store'), 'finder');
  return { root, files };
}

async function expectAllIn(storage: FileStorage, files: Map<string, Buffer>) {
  for (const [key, bytes] of files) expect((await storage.get(key))?.equals(bytes), key).toBe(true);
}

const putsSince = (mark: number) => s3.requests.slice(mark).filter((request) => request.method === 'PUT').length;

describe('migrateFiles to S3 (s3rver)', () => {
  it('copies every file, verified; a second run copies nothing; a corrupted or deleted object is copied again', async () => {
    const { root, files } = await filesFolder(11);
    const target = s3Storage(s3.settings);
    const lines: string[] = [];

    const first = await migrateFiles({ from: root, to: target, log: (line) => lines.push(line) });
    expect(first).toEqual<MigrationReport>({
      found: 12,
      copied: [...files.keys()].sort(),
      alreadyThere: 0,
      failed: [],
      ignored: ['.DS_Store', 'PR000000/half.pdf.4242.0f3c.tmp'],
    });
    await expectAllIn(target, files);
    expect(lines).toContain('12 files to check');
    expect(lines.filter((line) => /^\[\d+\/12\] copied /.test(line))).toHaveLength(12);
    expect(summarise(first).at(-1)).toBe('Every file is in the target storage and verified by SHA-256.');

    const mark = s3.requests.length;
    const second = await migrateFiles({ from: root, to: target });
    expect(second).toMatchObject({ found: 12, copied: [], alreadyThere: 12, failed: [] });
    expect(putsSince(mark)).toBe(0);
    expect(summarise(second)).toEqual([
      'Checked 12: copied 0, already there with the same checksum 12, failed 0; ignored 2 that are no storage key.',
      'Nothing to copy: every file is already in the target storage with the same checksum.',
    ]);

    // Behind the storage's back: one object's bytes changed on the server's disk (its ETag stays the old one),
    // another object deleted, a third overwritten through S3 with other bytes.
    const [corrupted, deleted, replaced] = [...files.keys()].filter((key) => files.get(key)?.length);
    const corruptedPath = path.join(s3.directory, 'portal-files', 'migrated', ...`${corrupted}._S3rver_object`.split('/'));
    const original = files.get(corrupted) as Buffer;
    await writeFile(corruptedPath, Buffer.concat([original.subarray(0, 10), Buffer.from([original[10] ^ 0xff]), original.subarray(11)]));
    await target.remove(deleted);
    await target.put(replaced, Buffer.from('not the original'));

    const third = await migrateFiles({ from: root, to: target });
    expect(third).toMatchObject({ copied: [corrupted, deleted, replaced].sort(), alreadyThere: 9, failed: [] });
    await expectAllIn(target, files);
  });

  it('reports a copy that reads back different, or cannot be written, as failed and keeps going', async () => {
    const { root, files } = await filesFolder(4);
    const real = s3Storage({ ...s3.settings, prefix: 'flaky' });
    const [garbled, refused] = [...files.keys()].filter((key) => files.get(key)?.length).sort();
    // A store that silently changes one object's bytes, and refuses another.
    const flaky: FileStorage = {
      get: async (key) => {
        const bytes = await real.get(key);
        return key === garbled && bytes ? Buffer.concat([bytes, Buffer.from('!')]) : bytes;
      },
      put: async (key, bytes) => {
        if (key === refused) throw new Error('SlowDown: please reduce your request rate');
        await real.put(key, bytes);
      },
      remove: real.remove,
    };
    const report = await migrateFiles({ from: root, to: flaky });
    expect(report.failed.map((f) => f.key).sort()).toEqual([garbled, refused].sort());
    expect(report.failed.find((f) => f.key === garbled)?.reason).toMatch(/^SHA-256 differs after copying/);
    expect(report.failed.find((f) => f.key === refused)?.reason).toBe('SlowDown: please reduce your request rate');
    expect(report.copied).toHaveLength(files.size - 2);
    expect(summarise(report)).toContain('Failed (run again to retry them):');
  });

  it('refuses a folder that does not exist', async () => {
    await expect(migrateFiles({ from: path.join(os.tmpdir(), 'no-such-portal-files'), to: s3Storage(s3.settings) })).rejects.toThrow(
      'No files folder at',
    );
  });
});

describe('npm run files:migrate', () => {
  const script = path.resolve(import.meta.dirname, '../files-migrate.ts');
  const tsx = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/tsx');

  /** The script as an operator runs it, in an empty folder (no .env), with the given environment. */
  async function migrate(env: Record<string, string>) {
    const cwd = await mkdtemp(path.join(os.tmpdir(), 'portal-migrate-cwd-'));
    dirs.push(cwd);
    const base = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test' };
    try {
      const { stdout, stderr } = await run(tsx, [script], { cwd, env: { ...base, ...env }, timeout: 60_000 });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  it('copies FILES_DIR to STORAGE_URL, says so, and a second run copies nothing', async () => {
    const { root, files } = await filesFolder(3);
    const env = { ...s3.env, STORAGE_URL: 's3://portal-files/cli', FILES_DIR: root };
    const first = await migrate(env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`Copying ${root} to s3://portal-files/cli at ${s3.settings.endpoint}`);
    expect(first.stdout).toContain(
      'Checked 4: copied 4, already there with the same checksum 0, failed 0; ignored 2 that are no storage key.',
    );
    expect(first.stdout).not.toContain('S3RVER');
    await expectAllIn(s3Storage({ ...s3.settings, prefix: 'cli' }), files);

    const second = await migrate(env);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('Nothing to copy: every file is already in the target storage with the same checksum.');
  });

  it('exits non-zero when files fail, and explains a missing or bad setting', async () => {
    const { root } = await filesFolder(2);
    const noBucket = await migrate({ ...s3.env, STORAGE_URL: 's3://no-such-bucket/x', FILES_DIR: root });
    expect(noBucket.code).toBe(1);
    expect(noBucket.stdout).toContain('failed 3');
    expect(noBucket.stdout).toMatch(/FAILED PR\d{6}\/\w+\.(pdf|jpg): The specified bucket does not exist/);

    const unset = await migrate({ FILES_DIR: root });
    expect(unset.code).toBe(2);
    expect(unset.stderr).toContain('set STORAGE_URL=s3://bucket/prefix');

    const bad = await migrate({ ...s3.env, S3_SECRET_ACCESS_KEY: '', FILES_DIR: root });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Invalid file storage settings: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must both be set');
  });
});
