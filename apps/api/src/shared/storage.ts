import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded bytes live (decisions §1: never in table rows). Keys are made by the API
 * (`<profile id>/<uuid>.<extension of the checked type>`), never taken from a request. An S3-compatible bucket would be one more implementation.
 */
export interface FileStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removing a key that holds nothing is not an error. */
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9_-]*(\/[A-Za-z0-9][A-Za-z0-9_-]*)*(\.[a-z0-9]{1,8})?$/;

function checkKey(key: string) {
  if (!SAFE_KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
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
      const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
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
      const bytes = items.get(key);
      return bytes ? Buffer.from(bytes) : null;
    },
    async remove(key) {
      items.delete(key);
    },
  };
}

export function createStorage(filesDir: string): FileStorage {
  return filesDir.startsWith('memory://') ? memoryStorage() : directoryStorage(filesDir);
}
