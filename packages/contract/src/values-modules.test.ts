import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The *-values.ts modules hold the contract's plain values (constants, messages, small pure functions) so the web
 * app's pages can import them without zod: Rollup keeps a whole module, and zod with it, once any of its values is
 * used. A values module may therefore import neither zod nor, transitively, any contract module that does. Type-only
 * imports (`import type …`) are erased and do not count.
 */
const here = dirname(fileURLToPath(import.meta.url));

/** The specifiers a module loads at run time: import and re-export statements, minus `import type` / `export type`. */
function runtimeImports(source: string): string[] {
  const specifiers: string[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm;
  for (const match of source.matchAll(statement)) {
    if (match[5]) specifiers.push(match[5]);
    else if (!match[2]) specifiers.push(match[4]);
  }
  for (const match of source.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)) specifiers.push(match[1]);
  return specifiers;
}

function resolveRelative(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  return base.endsWith('.ts') ? base : `${base}.ts`;
}

/** The packages a file loads, following its relative imports: for each, the first chain of imports that reaches it. */
function packagesReached(file: string): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const seen = new Set<string>();
  const walk = (path: string, trail: string[]) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const specifier of runtimeImports(readFileSync(path, 'utf8'))) {
      if (specifier.startsWith('.')) walk(resolveRelative(path, specifier), [...trail, specifier]);
      else if (!reached.has(specifier)) reached.set(specifier, [...trail, specifier]);
    }
  };
  walk(file, [file.slice(here.length + 1)]);
  return reached;
}

const valuesModules = readdirSync(here)
  .filter((name) => name.endsWith('-values.ts'))
  .sort();

describe('the contract’s *-values.ts modules stay free of zod', () => {
  it('finds the values modules', () => {
    expect(valuesModules).toEqual(
      expect.arrayContaining([
        'auth-values.ts',
        'billing-values.ts',
        'members-values.ts',
        'payments-values.ts',
        'projects-values.ts',
        'register-values.ts',
        'settings-values.ts',
        'sign-in-values.ts',
      ]),
    );
  });

  it.each(valuesModules)('%s imports no zod, directly or through the modules it imports', (name) => {
    const zod = [...packagesReached(join(here, name))].filter(([pkg]) => pkg === 'zod' || pkg.startsWith('zod/'));
    expect(zod.map(([, trail]) => trail.join(' -> '))).toEqual([]);
  });

  it('sees through the kinds of import a module may use', () => {
    const source = [
      "import * as z from 'zod';",
      "import type { A } from './a';",
      "import { type B, c } from './b';",
      "export * from './d';",
      "export type { E } from './e';",
      "export { f } from './f';",
      "import './g';",
      "const h = () => import('./h');",
      'import {\n  i,\n  j,\n} from "./i";',
    ].join('\n');
    expect(runtimeImports(source)).toEqual(['zod', './b', './d', './f', './g', './i', './h']);
  });

  it('catches zod reached through a schema module', () => {
    const reached = packagesReached(join(here, 'members.ts'));
    expect(reached.get('zod')).toEqual(['members.ts', 'zod']);
    expect(packagesReached(join(here, 'review.ts')).has('zod')).toBe(true);
  });
});
