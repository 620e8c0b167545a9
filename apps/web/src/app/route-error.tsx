import { LiteButton } from '../shared/lite/button';

/** A page's code could not be fetched: most often the portal was updated while this tab was open. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(error.message)
  );
}

/** The root error boundary's page: a failed page load offers a reload instead of a blank page. */
export function RouteError({ error }: { error: unknown }) {
  const stale = isChunkLoadError(error);
  return (
    <div role="alert" className="lt-route-error">
      <h1 className="lt-route-error-title">{stale ? 'The portal has been updated' : 'Something went wrong'}</h1>
      <p className="lt-muted">
        {stale
          ? 'This page could not be loaded, usually because a newer version is available or the connection dropped. Reload to continue.'
          : 'This page could not be shown. Reload, or go back and try again.'}
      </p>
      <LiteButton variant="contained" onClick={() => window.location.reload()}>
        Reload
      </LiteButton>
    </div>
  );
}
