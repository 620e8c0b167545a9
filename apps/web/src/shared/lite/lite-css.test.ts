import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_COLORS, liteColourProperties } from '@portal/contract';
import { describe, expect, it } from 'vitest';

describe("lite.css's own colours (decision 043)", () => {
  it('are the default colours as the server would write them, for a page without the server (the Vite dev server)', () => {
    const css = readFileSync(path.resolve('apps/web/src/shared/lite/lite.css'), 'utf8');
    // The formatter writes hex colours in lower case.
    const root = css.slice(css.indexOf(':root {'), css.indexOf('}', css.indexOf(':root {'))).toLowerCase();
    for (const [name, value] of Object.entries(liteColourProperties(DEFAULT_COLORS))) {
      expect(root, name).toContain(`${name}: ${value};`.toLowerCase());
    }
  });
});
