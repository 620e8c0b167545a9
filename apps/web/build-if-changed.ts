/// <reference types="node" />
/**
 * `npm start` builds the web app only when its sources changed since the last build: the build takes most of
 * start-up, and an unchanged tree needs none. The hash of every input (the app's sources and config, the
 * contract it imports, the lockfile) is written beside the build as dist/.source-hash.
 */
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(import.meta.dirname, 'dist');
export const HASH_FILE = '.source-hash';

/** The build's inputs, relative to the repository root. */
export const BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contract/src',
  'package-lock.json',
];

function filesUnder(absolute: string): string[] {
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [absolute];
  return readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules')
    .flatMap((entry) => filesUnder(path.join(absolute, entry.name)));
}

/** One hash of the inputs' paths and contents, in a stable order. */
export function sourceHash(base: string, inputs: string[] = BUILD_INPUTS): string {
  const hash = createHash('sha256');
  const files = inputs.flatMap((input) => filesUnder(path.join(base, input))).sort();
  for (const file of files) {
    hash.update(path.relative(base, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Whether `distDir` holds a build of exactly these sources. */
export function isBuildCurrent(distDir: string, hash: string): boolean {
  const marker = path.join(distDir, HASH_FILE);
  return existsSync(path.join(distDir, 'index.html')) && existsSync(marker) && readFileSync(marker, 'utf8').trim() === hash;
}

/** Builds the web app unless dist already holds a build of exactly the current sources. */
export function buildWebIfChanged() {
  const hash = sourceHash(root);
  if (isBuildCurrent(dist, hash)) {
    console.log('web app: sources unchanged since the last build, not rebuilding');
    return;
  }
  console.log('web app: building…');
  execSync('npm run build --workspace @portal/web', { cwd: root, stdio: 'inherit' });
  writeFileSync(path.join(dist, HASH_FILE), `${hash}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) buildWebIfChanged();
