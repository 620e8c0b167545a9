import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { s3Storage } from './s3-storage';

/**
 * Where uploaded bytes live (decisions §1: never in table rows). Keys are made by the API
 * (`<profile id>/<uuid>.<extension of the checked type>`), never taken from a request. Implementations: a local folder,
 * process memory, an S3 bucket (`s3-storage.ts`); `storage.test.ts` holds the contract every one of them passes.
 */
export interface FileStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removing a key that holds nothing is not an error. */
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9_-]*(\/[A-Za-z0-9][A-Za-z0-9_-]*)*(\.[a-z0-9]{1,8})?$/;

/** Whether a key has the shape the API makes: safe as a path and as an object name. */
export function isStorageKey(key: string): boolean {
  return SAFE_KEY.test(key);
}

export function checkKey(key: string) {
  if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
}

/** Files under a local folder; writes go to a temporary name first so a reader never sees half a file. */
export function directoryStorage(root: string): FileStorage {
  const where = (key: string) => {
    checkKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, bytes) {
      const target = where(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Unique per write: two puts of one key in the same millisecond must not share a temporary file.
      const temporary = `${target}.${process.pid}.${randomUUID()}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, target);
    },
    async get(key) {
      try {
        return await readFile(where(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(where(key), { force: true });
    },
  };
}

/** Files in process memory: for DATA_DIR=memory:// (tests, the browser flows), gone when the process ends. */
export function memoryStorage(): FileStorage {
  const items = new Map<string, Buffer>();
  return {
    async put(key, bytes) {
      checkKey(key);
      items.set(key, Buffer.from(bytes));
    },
    async get(key) {
      checkKey(key);
      const bytes = items.get(key);
      return bytes ? Buffer.from(bytes) : null;
    },
    async remove(key) {
      checkKey(key);
      items.delete(key);
    },
  };
}

/** The one place that picks the storage: S3 when STORAGE_URL is set, else the files folder (or memory). */
export function createStorage(config: Pick<Config, 'filesDir' | 's3'>): FileStorage {
  if (config.s3) return s3Storage(config.s3);
  return config.filesDir.startsWith('memory://') ? memoryStorage() : directoryStorage(config.filesDir);
}
