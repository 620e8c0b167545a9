import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { LiteAlert } from '../lite/surfaces';
import { LoadingSpinner } from '../ui/loading';

// Where this document was loaded: if the server sent the web app for a page it should render itself (a dev
// server, a proxy sending everything to index.html), loading it again would only loop.
const documentPath = window.location.pathname;

/**
 * A page the server renders (the sign-in page, decision 042), reached by a link or a redirect inside the web
 * app: loaded whole from the server.
 */
export function ServerPage() {
  const { pathname, search } = useLocation();
  const servedHere = pathname === documentPath;
  useEffect(() => {
    if (!servedHere) window.location.replace(`${pathname}${search}`);
  }, [servedHere, pathname, search]);
  if (servedHere) {
    return (
      <LiteAlert severity="warning">
        This page is served by the portal's server. <a href={`${pathname}${search}`}>Open it</a> from the portal's own address.
      </LiteAlert>
    );
  }
  return <LoadingSpinner label="Loading page" />;
}
