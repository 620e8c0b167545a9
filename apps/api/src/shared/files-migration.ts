import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { type FileStorage, isStorageKey } from './storage';

export interface MigrationReport {
  /** Storage keys found in the folder. */
  found: number;
  copied: string[];
  /** Already in the target with the same SHA-256: left as they were. */
  alreadyThere: number;
  /** Copied but read back different, or not copied at all; the reason for each. */
  failed: { key: string; reason: string }[];
  /** Files in the folder whose names are no storage key (a write interrupted half-way, files put there by hand). */
  ignored: string[];
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Copies every file under a local files folder to another storage under the same key (`npm run files:migrate`,
 * docs/storage.md). Resumable: a key the target already holds with the same SHA-256 is not copied again. Every copy is
 * read back and its SHA-256 compared with the local file's; one that differs is reported as failed.
 */
export async function migrateFiles(options: {
  from: string;
  to: FileStorage;
  /** Files in flight at once (each is read whole: uploads are at most 10 MB). */
  concurrency?: number;
  log?: (line: string) => void;
}): Promise<MigrationReport> {
  const log = options.log ?? (() => {});
  const info = await stat(options.from).catch(() => null);
  if (!info?.isDirectory()) throw new Error(`No files folder at ${options.from}`);

  const names = (await readdir(options.from, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(options.from, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
  const keys = names.filter(isStorageKey);
  const report: MigrationReport = {
    found: keys.length,
    copied: [],
    alreadyThere: 0,
    failed: [],
    ignored: names.filter((n) => !isStorageKey(n)),
  };
  for (const name of report.ignored) log(`ignored (not a storage key): ${name}`);
  log(`${keys.length} file${keys.length === 1 ? '' : 's'} to check`);

  let done = 0;
  const step = async (key: string) => {
    try {
      const bytes = await readFile(path.join(options.from, ...key.split('/')));
      const checksum = sha256(bytes);
      const present = await options.to.get(key);
      if (present && sha256(present) === checksum) {
        report.alreadyThere++;
        return;
      }
      await options.to.put(key, bytes);
      const back = await options.to.get(key);
      if (!back) throw new Error('not found after copying');
      if (sha256(back) !== checksum) throw new Error(`SHA-256 differs after copying (local ${checksum}, stored ${sha256(back)})`);
      report.copied.push(key);
      log(`[${done + 1}/${keys.length}] copied ${key} (${bytes.length} bytes, sha256 ${checksum.slice(0, 12)}…)`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      report.failed.push({ key, reason });
      log(`[${done + 1}/${keys.length}] FAILED ${key}: ${reason}`);
    } finally {
      done++;
      if (done % 100 === 0 && done < keys.length) log(`${done}/${keys.length} checked`);
    }
  };

  let next = 0;
  const worker = async () => {
    while (next < keys.length) await step(keys[next++]);
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  report.copied.sort();
  return report;
}

/** The closing lines of a run, for people. */
export function summarise(report: MigrationReport): string[] {
  const lines = [
    `Checked ${report.found}: copied ${report.copied.length}, already there with the same checksum ${report.alreadyThere}, failed ${report.failed.length}` +
      (report.ignored.length ? `; ignored ${report.ignored.length} that are no storage key` : '') +
      '.',
  ];
  if (report.failed.length) {
    lines.push('Failed (run again to retry them):');
    for (const failure of report.failed) lines.push(`  ${failure.key}: ${failure.reason}`);
  } else if (report.found === 0) {
    lines.push('The folder holds no files: nothing to copy.');
  } else if (report.copied.length === 0) {
    lines.push('Nothing to copy: every file is already in the target storage with the same checksum.');
  } else {
    lines.push('Every file is in the target storage and verified by SHA-256.');
  }
  return lines;
}
