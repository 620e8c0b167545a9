/// <reference types="node" />
/**
 * `npm start` builds the web app only when its sources changed since the last build: the build takes most of
 * start-up, and an unchanged tree needs none. The hash of every input (the app's sources and config, the
 * contract it imports, the lockfile) is written beside the build as dist/.source-hash.
 */
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(import.meta.dirname, 'dist');
export const HASH_FILE = '.source-hash';
/** Where the build's own output goes (hundreds of lines): the console gets one line before and one after. */
const BUILD_LOG = path.join(import.meta.dirname, 'build.log');

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
  console.log(`web app: building (a minute or so; the build's output goes to ${path.relative(process.cwd(), BUILD_LOG)})…`);
  const started = Date.now();
  const log = openSync(BUILD_LOG, 'w');
  try {
    execSync('npm run build --workspace @portal/web', { cwd: root, stdio: ['ignore', log, log] });
  } catch (error) {
    console.error(`web app: the build failed; the end of ${BUILD_LOG}:\n${lastLines(readFileSync(BUILD_LOG, 'utf8'), 40)}`);
    throw error;
  } finally {
    closeSync(log);
  }
  writeFileSync(path.join(dist, HASH_FILE), `${hash}\n`);
  console.log(`web app: ${buildSummary(readFileSync(BUILD_LOG, 'utf8'))} in ${Math.round((Date.now() - started) / 1000)} s`);
}

export const lastLines = (text: string, count: number) => text.trimEnd().split('\n').slice(-count).join('\n');

/** 'built: 61 files, 1.9 MB (612 kB gzipped)' from Vite's listing of what it wrote. */
export function buildSummary(output: string): string {
  let files = 0;
  let kB = 0;
  let gzipKB = 0;
  for (const line of output.split('\n')) {
    const match = /^dist\/\S+\s+([\d.,]+) kB(?:\s+│\s+gzip:\s+([\d.,]+) kB)?/.exec(line.trim());
    if (!match) continue;
    files++;
    kB += Number(match[1].replace(/,/g, ''));
    gzipKB += Number((match[2] ?? '0').replace(/,/g, ''));
  }
  if (!files) return 'built';
  const size = kB >= 1000 ? `${(kB / 1000).toFixed(1)} MB` : `${Math.round(kB)} kB`;
  return `built: ${files} files, ${size} (${Math.round(gzipKB)} kB gzipped)`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) buildWebIfChanged();
