import { type ReactNode, use, useSyncExternalStore } from 'react';
import type { RouteObject } from 'react-router';

/** A route of the web app: React Router's route object, with `preload` fetching its page's code ahead of its render. */
export type PageRoute = RouteObject & { preload?: () => Promise<unknown> };

// Pages whose code is on its way: the thin bar at the top of the page shows while there is one (root-layout.tsx).
let loading = 0;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** Whether a page's code is being fetched (for the progress bar). */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loading > 0,
  );
}

function track(promise: Promise<unknown>) {
  // Counted after the render that started the fetch (a render must not update another component).
  queueMicrotask(() => {
    loading += 1;
    notify();
  });
  const done = () =>
    queueMicrotask(() => {
      loading -= 1;
      notify();
    });
  promise.then(done, done);
}

/**
 * A route whose page is fetched when first opened, so a visitor downloads only what the page needs (decision 033);
 * `render` builds the element from the loaded module, which keeps props and guards (`<AdminGuard>`) beside the
 * route. Until the code has arrived the element suspends: the first page shows the spinner of the root's Suspense,
 * and a later navigation keeps the page it leaves (React Router moves in a transition) under the progress bar.
 * `preload` starts the fetch before the render (the routes a link from an e-mail opens, all at once). Pages drawn
 * with MUI get its theme, loaded with them (`MuiFrame`); a page drawn without MUI (`{ lite: true }`: the shell and
 * the dashboard) never loads it (decision 043).
 *
 * Issue 27: the routes were React Router's data router (`createBrowserRouter` with `lazy`); this declarative form
 * (`useRoutes`) does the same with 17 kB less of React Router in every page's first load (decision 054).
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  render: (module: M) => ReactNode,
  options: { lite?: boolean } = {},
): Pick<PageRoute, 'element' | 'preload'> {
  let draw: (() => ReactNode) | null = null;
  let promise: Promise<unknown> | null = null;
  const preload = () => {
    if (!promise) {
      promise = Promise.all([load(), options.lite ? null : import('../theme/mui-frame')]).then(([module, frame]) => {
        draw = frame ? () => <frame.MuiFrame>{render(module)}</frame.MuiFrame> : () => render(module);
      });
      track(promise);
    }
    return promise;
  };
  return { element: <LazyPage page={{ preload, draw: () => draw?.() }} />, preload };
}

/** A route's page: drawn once its code has arrived, suspended until then. */
function LazyPage({ page }: { page: { preload: () => Promise<unknown>; draw: () => ReactNode | undefined } }) {
  const drawn = page.draw();
  if (drawn !== undefined) return drawn;
  use(page.preload());
  return page.draw() ?? null;
}
