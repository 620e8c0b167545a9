import './shared/lite/lite.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { router } from './app/router';
import { onSessionEnded } from './shared/api/client';

// A 401 on a signed-in call ends the session: back to the login page.
onSessionEnded(() => {
  if (window.location.pathname !== '/') void router.navigate('/', { replace: true });
});

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
