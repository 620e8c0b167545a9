import './shared/lite/lite.css';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, type NavigateFunction, useNavigate } from 'react-router';
import { Providers } from './app/providers';
import { RootLayout } from './app/root-layout';
import { preloadRoutes, routes } from './app/router';
import { onSessionEnded } from './shared/api/client';

let navigate: NavigateFunction | null = null;

/** Keeps the router's navigate for what happens outside a page (the end of a session). */
function NavigateHandle() {
  const go = useNavigate();
  useEffect(() => {
    navigate = go;
  }, [go]);
  return null;
}

// A 401 on a signed-in call ends the session: back to the login page.
onSessionEnded(() => {
  if (window.location.pathname !== '/') void navigate?.('/', { replace: true });
});

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
preloadRoutes(window.location);
// The first render in a transition: React renders it in slices that give the phone's main thread back between them,
// not in one long task while the page's code and data arrive (decision 054).
const app = createRoot(root);
startTransition(() => {
  app.render(
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <NavigateHandle />
          <RootLayout routes={routes} preload={preloadRoutes} />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
});
