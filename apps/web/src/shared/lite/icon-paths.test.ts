import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ICON_PATHS } from './icon-paths';

/** The `d` of every path an icon of @mui/icons-material draws, in order. */
function packagePaths(name: string): string[] {
  const source = readFileSync(path.resolve('node_modules/@mui/icons-material/esm', `${name}.js`), 'utf8');
  expect(source.match(/_jsx\("(\w+)"/g)?.every((element) => element === '_jsx("path"')).toBe(true);
  return [...source.matchAll(/\bd: "([^"]+)"/g)].map((match) => match[1]);
}

describe('the icons drawn without MUI (decision 043)', () => {
  it.each(Object.keys(ICON_PATHS))('%s is the Material icon of that name', (name) => {
    expect(ICON_PATHS[name as keyof typeof ICON_PATHS]).toEqual(packagePaths(name));
  });
});
