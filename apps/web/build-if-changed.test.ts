/// <reference types="node" />
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSummary, HASH_FILE, isBuildCurrent, lastLines, sourceHash } from './build-if-changed';

function tree() {
  const base = mkdtempSync(path.join(tmpdir(), 'web-src-'));
  mkdirSync(path.join(base, 'src', 'pages'), { recursive: true });
  writeFileSync(path.join(base, 'src', 'main.tsx'), 'render()');
  writeFileSync(path.join(base, 'src', 'pages', 'login.tsx'), 'export const Login = 1;');
  writeFileSync(path.join(base, 'index.html'), '<div id="root"></div>');
  return base;
}

describe('build-if-changed', () => {
  it('gives the same hash for the same sources, and a new one when a file changes, appears or is renamed', () => {
    const base = tree();
    const inputs = ['src', 'index.html', 'missing.json'];
    const first = sourceHash(base, inputs);
    expect(sourceHash(base, inputs)).toBe(first);

    writeFileSync(path.join(base, 'src', 'pages', 'login.tsx'), 'export const Login = 2;');
    const edited = sourceHash(base, inputs);
    expect(edited).not.toBe(first);

    writeFileSync(path.join(base, 'src', 'pages', 'new.tsx'), '');
    const added = sourceHash(base, inputs);
    expect(added).not.toBe(edited);

    const other = tree();
    writeFileSync(path.join(other, 'src', 'pages', 'login.tsx'), 'export const Login = 2;');
    writeFileSync(path.join(other, 'src', 'pages', 'renamed.tsx'), '');
    expect(sourceHash(other, inputs)).not.toBe(added);
  });

  it('counts a build as current only with index.html and the same hash beside it', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    expect(isBuildCurrent(dist, 'abc')).toBe(false);
    writeFileSync(path.join(dist, 'index.html'), '');
    expect(isBuildCurrent(dist, 'abc')).toBe(false);
    writeFileSync(path.join(dist, HASH_FILE), 'abc\n');
    expect(isBuildCurrent(dist, 'abc')).toBe(true);
    expect(isBuildCurrent(dist, 'abd')).toBe(false);
  });

  it("sums Vite's listing into one line, and keeps the end of a failed build's log", () => {
    const output = [
      'vite v7.1.0 building for production...',
      '✓ 1234 modules transformed.',
      'dist/index.html                     1.20 kB │ gzip:   0.60 kB',
      'dist/assets/main-DkhagxR1.js      408.79 kB │ gzip: 130.69 kB',
      'dist/assets/pdf-C4heYEAT.js       1,411.01 kB │ gzip: 122.64 kB',
      '✓ built in 29.28s',
    ].join('\n');
    expect(buildSummary(output)).toBe('built: 3 files, 1.8 MB (254 kB gzipped)');
    expect(buildSummary('nothing listed')).toBe('built');
    expect(lastLines('a\nb\nc\n', 2)).toBe('b\nc');
  });
});
