import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';

/**
 * A route whose page is fetched when first opened (React Router's `lazy`), so a visitor to the
 * public register or the login page downloads only what those pages need. `render` builds the
 * element from the loaded module, which keeps props and guards (`<AdminGuard>`) beside the route.
 */
export function lazyPage<M>(load: () => Promise<M>, render: (module: M) => ReactNode): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ element: render(await load()) }) };
}
