import { type DefaultOptions, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { type Location, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ToastProvider } from '../shared/ui/toast';
import { settle } from './settle';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface RenderOptions {
  /** Where a MemoryRouter starts; without it the page is rendered with no router. */
  url?: string;
  /** The route the page stands at, for its params: by default the path of `url`. */
  path?: string;
  /** Other routes the page may go to, by path. */
  routes?: Record<string, ReactNode>;
  /** The query client's query defaults: no retries unless told otherwise. */
  queries?: DefaultOptions['queries'];
}

const mounted: { root: Root; container: HTMLDivElement }[] = [];
let location: Location | null = null;

/** Notes where the router is, rendering nothing. */
function LocationProbe() {
  location = useLocation();
  return null;
}

/** Where the router of the page rendered with `url` is now: its pathname, search and state. */
export function currentLocation(): Location {
  if (!location) throw new Error('no page rendered with a router');
  return location;
}

function routed(ui: ReactNode, { url, path = url?.split('?')[0], routes = {} }: RenderOptions): ReactNode {
  if (url === undefined) return ui;
  return (
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        {[[path, ui] as const, ...Object.entries(routes)].map(([at, element]) => (
          <Route key={at} path={at} element={element} />
        ))}
      </Routes>
      <LocationProbe />
    </MemoryRouter>
  );
}

/**
 * Renders `ui` into a fresh container in the document, inside a query client (a new one each time), the toasts and,
 * with `url`, a MemoryRouter; then lets its queries settle. Returns the container; `unmountPages` removes it.
 */
export async function renderPage(ui: ReactNode, options: RenderOptions = {}): Promise<HTMLDivElement> {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  mounted.push({ root, container });
  const client = new QueryClient({ defaultOptions: { queries: options.queries ?? { retry: false } } });
  await act(async () => {
    root.render(
      <QueryClientProvider client={client}>
        <ToastProvider>{routed(ui, options)}</ToastProvider>
      </QueryClientProvider>,
    );
  });
  await settle();
  return container;
}

/** Unmounts and removes every container `renderPage` made (for afterEach). */
export function unmountPages(): void {
  for (const { root, container } of mounted.splice(0)) {
    act(() => root.unmount());
    container.remove();
  }
  location = null;
}

/** Clicks an element (nothing when it is missing) and lets the page settle. */
export async function click(element: HTMLElement | null | undefined): Promise<void> {
  await act(async () => element?.click());
  await settle();
}
