/// <reference types="node" />
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HASH_FILE, isBuildCurrent, sourceHash } from './build-if-changed';

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
});
