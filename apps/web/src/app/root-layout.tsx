import { Component, type ReactNode, Suspense } from 'react';
import { useLocation, useRoutes } from 'react-router';
import { type PageRoute, usePageLoading } from '../shared/routing/lazy-page';
import { LoadingSpinner } from '../shared/ui/loading';
import { RouteError } from './route-error';

function PageFallback() {
  return <LoadingSpinner label="Loading page" />;
}

/** A page that failed to load or to draw shows RouteError until the visitor goes to another address. */
class RouteErrorBoundary extends Component<{ at: string; children: ReactNode }, { error: unknown; at: string }> {
  state = { error: null as unknown, at: this.props.at };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: { at: string }, state: { error: unknown; at: string }) {
    return props.at === state.at ? null : { error: null, at: props.at };
  }

  render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/**
 * Every page: a thin bar at the top while the next page's code is on its way; until the first page's code arrives,
 * the spinner; a page whose code cannot be fetched offers a reload.
 */
/** The thin bar at the top while a page's code is on its way (its own component: the routes are not matched again). */
function PageProgress() {
  const loading = usePageLoading();
  return loading ? <div className="lt-page-progress" role="progressbar" aria-label="Loading page" /> : null;
}

export function RootLayout({ routes, preload }: { routes: PageRoute[]; preload: (location: { pathname: string }) => void }) {
  const location = useLocation();
  // The layouts' and the page's code at once (each fetched once), not a layout's first and its page's after it drew.
  preload(location);
  const element = useRoutes(routes);
  return (
    <>
      <PageProgress />
      <RouteErrorBoundary at={location.pathname}>
        <Suspense fallback={<PageFallback />}>{element}</Suspense>
      </RouteErrorBoundary>
    </>
  );
}
