import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';

/**
 * A route whose page is fetched when first opened (React Router's `lazy`), so a visitor downloads only what the
 * page needs. `render` builds the element from the loaded module, which keeps props and guards (`<AdminGuard>`)
 * beside the route. Pages drawn with MUI get its theme, loaded with them (`MuiFrame`); a page drawn without MUI
 * (`{ lite: true }`: the dashboard) never loads it (decision 043).
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  render: (module: M) => ReactNode,
  options: { lite?: boolean } = {},
): Pick<RouteObject, 'lazy'> {
  if (options.lite) return { lazy: async () => ({ element: render(await load()) }) };
  return {
    lazy: async () => {
      const [module, { MuiFrame }] = await Promise.all([load(), import('../theme/mui-frame')]);
      return { element: <MuiFrame>{render(module)}</MuiFrame> };
    },
  };
}
